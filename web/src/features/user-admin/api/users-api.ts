import { z } from 'zod';
import { api } from '@/lib/api';

/** An account as GET /api/users answers it (administration.md 3); login only with the users-list right. */
const userSchema = z
  .object({
    id: z.number(),
    surname: z.string().nullable(),
    name: z.string(),
    patronymic: z.string().nullable(),
    fio: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    organization_id: z.number().nullable(),
    region_id: z.number().nullable(),
    post_id: z.number().nullable(),
    post_description: z.string().nullable(),
    due_order: z.string().nullable(),
    login: z.string().optional(),
    is_inactive: z.boolean(),
    last_visit_d: z.string().nullable(),
    users_roles: z.array(z.number()),
    units: z.array(z.number()),
    users_programs: z.array(z.number()),
    hotline_worker: z.boolean(),
    accessLevel: z.coerce.number(),
    /** The account's roles by title, also those above the viewer's level. */
    held_roles: z.array(z.object({ id: z.number(), title: z.string() })),
    /** The server's verdict (domain/user/account-rules.ts `accountActions`): the dialog saves, the row deletes. */
    editable: z.boolean(),
    deletable: z.boolean(),
  })
  .passthrough();

export type AdminUser = z.output<typeof userSchema>;

const pageSchema = z.object({ users: z.array(userSchema), pagesCount: z.number(), itemsCount: z.number() });
export type UsersPage = z.output<typeof pageSchema>;

const roleSchema = z.object({
  id: z.number(),
  title: z.string(),
  role_order: z.number(),
  role_is_hotline: z.boolean(),
  access_level: z.number(),
  rightsObject: z.record(z.number()),
});
export type AssignableRole = z.output<typeof roleSchema>;

/** The list filter as GET /api/users/{filter json} reads it (api/routes/user.ts). */
export interface UsersFilter {
  readonly hotline_worker: boolean;
  readonly pageNumber: number;
  readonly text?: string;
  readonly region_id?: number | null;
  readonly organization_id?: number | null;
  readonly role_id?: number | null;
  readonly phone?: string;
  readonly email?: string;
  readonly programs?: readonly number[];
}

/** What POST /api/users and PUT /api/users/{id} take: { user, userUnits }. */
export interface UserSave {
  readonly id: number | null;
  readonly user: Record<string, unknown>;
}

/**
 * Employees and hot line executors (administration.md 7): the page of 20, one account, the roles
 * the caller may assign, save and delete. The server's `{ message }` ('Пользователь создан',
 * 'Пользователь сохранен', 'Пользователь удален') is the green notice.
 */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    usersPage: build.query<UsersPage, UsersFilter>({
      query: (filter) => `/users/${encodeURIComponent(JSON.stringify(filter))}`,
      transformResponse: (raw: unknown) => pageSchema.parse(raw),
      providesTags: ['Users'],
    }),
    adminUser: build.query<AdminUser, number>({
      query: (id) => `/users/${id}`,
      transformResponse: (raw: unknown) => z.object({ user: userSchema }).parse(raw).user,
      providesTags: ['Users'],
    }),
    /** GET /api/user_role: roles not above the caller's own access level. */
    assignableRoles: build.query<AssignableRole[], void>({
      query: () => '/user_role',
      transformResponse: (raw: unknown) => z.object({ user_role: z.array(roleSchema) }).parse(raw).user_role,
      providesTags: ['Users'],
    }),
    saveUser: build.mutation<{ readonly id: number }, UserSave>({
      query: ({ id, user }) => ({
        url: id === null ? '/users' : `/users/${id}`,
        method: id === null ? 'POST' : 'PUT',
        body: { user, userUnits: user.units ?? [] },
      }),
      // A 400 is shown by the dialog at its fields (or in red when no field shown takes it).
      extraOptions: { quiet: [400] },
      invalidatesTags: (_r, error) => (error ? [] : ['Users']),
    }),
    deleteUser: build.mutation<unknown, number>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Users']),
    }),
  }),
});

export const { useUsersPageQuery, useAdminUserQuery, useAssignableRolesQuery, useSaveUserMutation, useDeleteUserMutation } = usersApi;
