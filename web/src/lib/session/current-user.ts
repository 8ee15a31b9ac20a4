import { z } from 'zod';
import type { RightsObject } from '@domain/rights';

export const unitSchema = z.object({
  id: z.number(),
  organization_id: z.number(),
  region_id: z.number(),
  name: z.string(),
  fullname: z.string().nullable(),
  address: z.string().nullable(),
  vncode: z.string().nullable(),
});

/**
 * The current user's data as POST /api/auth/signin and GET /api/auth/me return it (the token
 * travels separately). Checked at the edge so a wrong answer fails loudly, not deep in a screen.
 */
export const currentUserSchema = z.object({
  id: z.number().int().positive(),
  surname: z.string().nullable(),
  name: z.string(),
  patronymic: z.string().nullable(),
  fio: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable().optional(),
  region_id: z.number().nullable(),
  organization_id: z.number().nullable(),
  post_id: z.number().nullable(),
  role_id: z.number().nullable(),
  users_roles: z.array(z.number()),
  hotline_worker: z.boolean().optional(),
  accessLevel: z.number(),
  rightsObject: z.record(z.number()).transform((r): RightsObject => r),
  units: z.array(unitSchema),
  /** The user's own organisation (and its host's), named: the header needs no list of them all. */
  organizations: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
});

export type CurrentUser = z.output<typeof currentUserSchema>;
export type CurrentUserUnit = z.output<typeof unitSchema>;

/** Sign-in answers the user data plus the access token. */
export const signedInUserSchema = currentUserSchema.extend({ accessToken: z.string().min(1) });
