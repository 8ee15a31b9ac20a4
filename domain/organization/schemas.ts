import { z } from 'zod';
import { flag, optionalId, optionalText, requiredId, requiredText } from '../catalog/schemas';
import { ID_LIST_MAX, id, primitiveMessages } from '../shared/primitives';

export const unitSchema = z.object({
  id: optionalId,
  name: requiredText('Укажите наименование здания', 499, 'Не более 500 символов'),
  fullname: optionalText(999, 'Не более 1000 символов'),
  address: optionalText(999, 'Не более 1000 символов'),
  vncode: optionalText(99, 'Не более 100 символов'),
});
export type UnitInput = z.output<typeof unitSchema>;

export const organizationSchema = z
  .object({
    region_id: requiredId('Укажите регион'),
    name: requiredText('Укажите наименование', 499, 'Не более 500 символов'),
    fullname: optionalText(999, 'Не более 1000 символов'),
    vncode: requiredText('Укажите VNCODE', 99, 'Не более 100 символов'),
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

export const unitsSchema = z
  .array(unitSchema, { invalid_type_error: 'Нужно ввести хотя бы одно здание' })
  .min(1, 'Нужно ввести хотя бы одно здание')
  .max(ID_LIST_MAX, primitiveMessages.idListTooLong);

/** POST /api/update_unit_attr/{unitId}: the organisation a building moves to. */
export const unitMoveSchema = z.object({ organization_id: id({ message: 'Укажите организацию' }) });
