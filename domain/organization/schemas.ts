import { z } from 'zod';
import { flag, optionalId, optionalText } from '../catalog/schemas';

export const unitSchema = z.object({
  id: z.coerce.number().int().positive().nullish().transform((v) => v ?? null),
  name: z.string({ required_error: 'Укажите наименование здания' }).trim().min(1, 'Укажите наименование здания').max(499, 'Не более 500 символов'),
  fullname: optionalText(999, 'Не более 1000 символов'),
  address: optionalText(999, 'Не более 1000 символов'),
  vncode: optionalText(99, 'Не более 100 символов'),
});
export type UnitInput = z.output<typeof unitSchema>;

export const organizationSchema = z
  .object({
    region_id: z.coerce.number({ invalid_type_error: 'Укажите регион', required_error: 'Укажите регион' }).int().positive('Укажите регион'),
    name: z.string({ required_error: 'Укажите наименование' }).trim().min(1, 'Укажите наименование').max(499, 'Не более 500 символов'),
    fullname: optionalText(999, 'Не более 1000 символов'),
    vncode: z.string({ required_error: 'Укажите VNCODE' }).trim().min(1, 'Укажите VNCODE').max(99, 'Не более 100 символов'),
    address: optionalText(999, 'Не более 1000 символов'),
    mail_address: optionalText(999, 'Не более 1000 символов'),
    phone: optionalText(99, 'Не более 100 символов'),
    is_host: flag,
    host_id: optionalId,
    kind_id: optionalId,
    assignment: optionalText(1999, 'Не более 2000 символов'),
    hot_line_email: optionalText(199, 'Не более 200 символов'),
    hot_line_password: optionalText(199, 'Не более 200 символов'),
  })
  // Ticking is-host clears the host (administration.md 4).
  .transform((o) => (o.is_host ? { ...o, host_id: null } : o))
  .superRefine((o, ctx) => {
    if (!o.is_host && !o.host_id) ctx.addIssue({ code: 'custom', path: ['host_id'], message: 'Выберите балансодержателя' });
  });
export type OrganizationInput = z.output<typeof organizationSchema>;

export const unitsSchema = z.array(unitSchema).min(1, 'Нужно ввести хотя бы одно здание');
