import { z } from 'zod';
import { api } from '@/lib/api';

/** A role as GET /api/roles lists it (administration.md 3). */
export interface RoleRow {
  readonly id: number;
  readonly title: string;
  readonly role_order: number;
  readonly role_is_hotline: boolean;
  readonly access_level: number;
  readonly rightsObject: Readonly<Record<string, number>>;
}

const roleRows = z.array(
  z.object({
    id: z.number(),
    title: z.string(),
    role_order: z.number(),
    role_is_hotline: z.boolean(),
    access_level: z.number(),
    rightsObject: z.record(z.number()),
  }),
);

/** What one save sends: the whole role, only its access level, or only its rights (administration.md 7). */
export type RolePatch = Partial<Omit<RoleRow, 'id'>>;

/**
 * The calls of the roles grid. The server answers `{ message }` ('Сохранено', 'Удалено'), shown
 * in green by the base query; a refusal (a level above one's own, a role still held) in red.
 */
export const rolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/roles -> { roles } (only roles not above the caller's access level). */
    roles: build.query<RoleRow[], void>({
      query: () => '/roles',
      transformResponse: (raw: { roles?: unknown }) => roleRows.parse(raw.roles ?? []),
      providesTags: ['Roles'],
    }),
    /** POST /api/roles or PUT /api/roles/{id} with { role } -> { message, id }. */
    saveRole: build.mutation<{ readonly id: number }, { readonly id: number | null; readonly role: RolePatch }>({
      query: ({ id, role }) => ({ url: id === null ? '/roles' : `/roles/${id}`, method: id === null ? 'POST' : 'PUT', body: { role } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Roles']),
      // A grid cell shows its new value at once; a refusal puts the old one back.
      onQueryStarted: async ({ id, role }, { dispatch, queryFulfilled }) => {
        if (id === null) return;
        const patch = dispatch(
          rolesApi.util.updateQueryData('roles', undefined, (roles) => {
            const i = roles.findIndex((r) => r.id === id);
            if (i >= 0) roles[i] = { ...roles[i]!, ...role };
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /** DELETE /api/roles/{id} -> { message }. */
    deleteRole: build.mutation<unknown, number>({
      query: (id) => ({ url: `/roles/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Roles']),
    }),
  }),
});

export const { useRolesQuery, useSaveRoleMutation, useDeleteRoleMutation } = rolesApi;
