import { z } from 'zod';
import { flag, idList, isoDate, optionalId, optionalText, requiredId } from '../catalog/schemas';
import { enumOf, MONEY_MAX, orNull, string } from '../shared/primitives';
import { OwnerType, ToolState } from './states';

const toolStates: readonly number[] = Object.values(ToolState);
const ownerTypes: readonly number[] = Object.values(OwnerType);

const noOuterSpaces = (v: string) => v === v.trim();

/**
 * A schema that depends on today's date, built once per day: building zod schemas costs far more
 * than parsing with them (an import or a generator registers tools by the hundred thousand).
 */
const perDay = <T>(build: (today: string) => T): ((today: string) => T) => {
  let day: string | null = null;
  let built: T;
  return (today) => {
    if (today !== day) {
      built = build(today);
      day = today;
    }
    return built;
  };
};

/** Equipment card (equipment.md 5). `today` keeps the commissioning date out of the future. */
export const toolSchema = perDay((today: string) =>
  z
    .object({
      unit_id: requiredId('Выберите объект'),
      tools_set_id: optionalId,
      tool_kind_id: requiredId('Укажите вид оборудования'),
      manufacturer_id: requiredId('Укажите производителя оборудования'),
      model_id: optionalId,
      model: string('Укажите наименование оборудования').min(1, 'Укажите наименование оборудования').max(499, 'Не более 500 символов'),
      serial_number: string('Укажите серийный номер')
        .min(1, 'Укажите серийный номер')
        .refine(noOuterSpaces, 'Неверный формат'),
      inventar_number: string().refine(noOuterSpaces, 'Неверный формат').nullish().transform((v) => v || null),
      owner_type_id: orNull(enumOf(ownerTypes, 'Нужно выбрать', { coerce: true }), 'Нужно выбрать'),
      cost_remain: z
        .union([z.number(), z.string()])
        .nullish()
        .transform((v) => (v === '' || v == null ? null : String(v)))
        .refine((v) => v === null || /^\d+([.,]\d{1,2})?$/.test(v), 'Число, два знака после запятой')
        .transform((v) => (v === null ? null : Number(v.replace(',', '.'))))
        // numeric(14,2) of the read model holds at most 999 999 999 999.99.
        .refine((v) => v === null || v <= MONEY_MAX, 'Слишком большая сумма'),
      exchange_stock: flag,
      work_in_dt: isoDate(),
      guaranty_dt: isoDate(),
      work_out_dt: isoDate(),
      state: enumOf(toolStates, 'Укажите состояние оборудования', { coerce: true }),
      buh_name: optionalText(1000, 'Не более 1000 символов'),
      description: optionalText(1000, 'Не более 1000 символов'),
      tool_softwares: idList,
    })
    .superRefine((t, ctx) => {
      const waiting = t.state === ToolState.WAITING;
      if (!waiting && !t.inventar_number) ctx.addIssue({ code: 'custom', path: ['inventar_number'], message: 'Укажите инвентарный номер' });
      if (!waiting && !t.work_in_dt) ctx.addIssue({ code: 'custom', path: ['work_in_dt'], message: 'Введите дату' });
      if (t.work_in_dt && t.work_in_dt > today)
        ctx.addIssue({ code: 'custom', path: ['work_in_dt'], message: 'Укажите дату не позднее сегодняшней' });
    }),
);

export type ToolInput = z.output<ReturnType<typeof toolSchema>>;

export const toolsSetSchema = perDay((today: string) =>
  z.object({
    unit_id: requiredId('Выберите объект'),
    inventar_number: string('Нужно ввести').trim().min(1, 'Нужно ввести'),
    type_id: requiredId('Нужно выбрать'),
    owner_type_id: enumOf(ownerTypes, 'Нужно выбрать', { coerce: true }),
    buh_name: string('Наименование, от 5-ти до 1000 символов').min(6, 'Наименование, от 5-ти до 1000 символов').max(1000, 'Наименование, от 5-ти до 1000 символов'),
    work_in_dt: isoDate().refine((v) => !v || v <= today, 'Укажите дату не позднее сегодняшней'),
  }),
);
export type ToolsSetInput = z.output<ReturnType<typeof toolsSetSchema>>;
