import { z } from 'zod';
import { organizationSchema, unitsSchema } from '@domain/organization/schemas';
import type { OrganizationRow } from '../api/organizations-api';

/** The dialog's schema: the server's own organisation and buildings schemas (administration.md 5). */
export const organizationFormSchema = organizationSchema.and(z.object({ units: unitsSchema }));

export interface UnitFormValues {
  id: number | null;
  name: string;
  fullname: string | null;
  address: string | null;
  vncode: string | null;
}

export interface OrganizationFormValues {
  region_id: number | null;
  name: string;
  fullname: string | null;
  vncode: string | null;
  address: string | null;
  mail_address: string | null;
  phone: string | null;
  is_host: boolean;
  host_id: number | null;
  kind_id: number | null;
  assignment: string | null;
  hot_line_email: string | null;
  hot_line_password: string | null;
  units: UnitFormValues[];
}

export const emptyUnit = (): UnitFormValues => ({ id: null, name: '', fullname: null, address: null, vncode: null });

export const formValuesOf = (org: OrganizationRow | null, defaults: { readonly isHost: boolean }): OrganizationFormValues =>
  org
    ? {
        region_id: org.region_id,
        name: org.name,
        fullname: org.fullname,
        vncode: org.vncode,
        address: org.address,
        mail_address: org.mail_address,
        phone: org.phone,
        is_host: org.is_host,
        host_id: org.host_id,
        kind_id: org.kind_id,
        assignment: org.assignment,
        hot_line_email: org.hot_line_email,
        hot_line_password: org.hot_line_password,
        units: org.units.map((u) => ({ id: u.id, name: u.name, fullname: u.fullname, address: u.address, vncode: u.vncode })),
      }
    : {
        region_id: null,
        name: '',
        fullname: null,
        vncode: null,
        address: null,
        mail_address: null,
        phone: null,
        is_host: defaults.isHost,
        host_id: null,
        kind_id: null,
        assignment: null,
        hot_line_email: null,
        hot_line_password: null,
        units: [emptyUnit()],
      };

/** Fields of the Реквизиты tab: a server error at one of them opens that tab. */
export const requisiteFields = [
  'region_id',
  'name',
  'fullname',
  'vncode',
  'address',
  'mail_address',
  'phone',
  'is_host',
  'host_id',
  'kind_id',
  'assignment',
  'hot_line_email',
  'hot_line_password',
] as const;

/** The delete question of administration.md 2.8. */
export const deleteOrganizationQuestion = (name: string) => `Удалить организацию «${name}»?`;
