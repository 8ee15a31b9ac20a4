import { z } from 'zod';
import { actKindValues, type ActKind } from '../request/enums';

/** The body of POST /api/request_act: what the act dialogs submit. */
const signerId = z.coerce.number().int().positive().max(2_147_483_647).nullish();
export const generateActSchema = z.object({
  requestId: z.coerce.number({ invalid_type_error: 'Заявка не найдена' }).int().positive().max(2_147_483_647),
  actKind: z.enum(actKindValues, { errorMap: () => ({ message: 'Неизвестный вид акта' }) }),
  actDate: z
    .string({ required_error: 'Введите дату' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Введите дату в формате DD.MM.YYYY')
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Неверная дата'),
  actText: z.string().max(4000, 'Текст акта не более 4000 символов').nullish(),
  signersCount: z.coerce.number().pipe(z.union([z.literal(2), z.literal(3)], { errorMap: () => ({ message: 'Укажите количество подписантов' }) })),
  signType: z.enum(['paper', 'electron'], { errorMap: () => ({ message: 'Укажите способ подписания' }) }).default('electron'),
  signers: z.object({ iac: signerId, unit: signerId, final: signerId }).default({}),
});
export type GenerateActInput = z.infer<typeof generateActSchema>;

export const GENERATED_MESSAGE = 'Акт сформирован. Помещен в раздел Документы';
export const actDateMessages = {
  beforeRequest: (date: string) => `Дата должна быть больше или равна ${date}`,
} as const;

export type { ActKind };
