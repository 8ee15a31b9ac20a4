import { z } from 'zod';
import { flag, idList, isoDate, optionalId, optionalText, requiredId } from '../catalog/schemas';
import { enumOf, MONEY_MAX, orNull, string } from '../shared/primitives';
import { OwnerType, ToolState } from './states';
import type { ToolFields, ToolsSetFields } from './events';

const toolStates: readonly number[] = Object.values(ToolState);
const ownerTypes: readonly number[] = Object.values(OwnerType);

const noOuterSpaces = (v: string) => v === v.trim();

/** Warranty periods the card offers (equipment.md 4, 9). */
export const GUARANTY_MONTHS = [3, 6, 12, 24, 36, 48, 84] as const;
export type GuarantyMonths = (typeof GUARANTY_MONTHS)[number];

/** The messages of equipment.md 5 (card and set) and the ones the card adds. */
export const toolMessages = {
  kind: 'Укажите вид оборудования',
  manufacturer: 'Укажите производителя оборудования',
  model: 'Укажите наименование оборудования',
  serial: 'Укажите серийный номер',
  format: 'Неверный формат',
  inventar: 'Укажите инвентарный номер',
  unit: 'Выберите объект',
  state: 'Укажите состояние оборудования',
  newState: 'Новое оборудование может быть только в состоянии «Ожидает ввода в эксплуатацию», «В работе» или «Неисправно»',
  cost: 'Число, два знака после запятой',
  buhName: 'Не более 1000 символов',
  softwareType: 'Укажите тип программного обеспечения',
  workInRequired: 'Введите дату',
  notFuture: 'Укажите дату не позднее сегодняшней',
  guarantyMonths: 'Неверный срок гарантии',
  room: 'Укажите помещение',
  event: 'Укажите событие',
  date: 'Введите дату',
  trait: 'Неверная характеристика',
  setUnit: 'Выберите объект',
  setInventar: 'Нужно ввести',
  setType: 'Нужно выбрать',
  setOwner: 'Нужно выбрать',
  setBuhName: 'Наименование, от 5-ти до 1000 символов',
  setEmpty: 'Комплект должен содержать учетные единицы',
  stale: 'Запись была изменена другим пользователем. Обновите данные.',
  notFound: 'Оборудование не найдено',
  setNotFound: 'Комплект не найден',
  noWrite: 'Недостаточно прав для изменения оборудования',
  noPlaceEdit: 'Недостаточно прав для изменения размещения оборудования',
  softwareNotUpdatable: 'Для этого вида оборудования программное обеспечение не указывается',
  placesMissing: 'Нет данных «tool_places» в запросе',
} as const;

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

/** A required day 'YYYY-MM-DD'. */
const requiredDay = (message: string) => isoDate(message).refine((v): v is string => v !== null, message);

export const toolTraitSchema = z.object({ tool_trait_id: requiredId(toolMessages.trait), trait_value_id: requiredId(toolMessages.trait) });

export const toolPlaceSchema = z.object({
  date_time: requiredDay(toolMessages.date),
  unit_id: requiredId(toolMessages.unit),
  room: string(toolMessages.room).trim().min(1, toolMessages.room).max(99, 'Не более 100 символов'),
  man_post: optionalText(255, 'Не более 255 символов'),
  man_fio: optionalText(255, 'Не более 255 символов'),
});

export const toolMovingSchema = z.object({
  date_time: requiredDay(toolMessages.date),
  event_id: requiredId(toolMessages.event),
  comment: optionalText(1000, 'Не более 1000 символов'),
});

/** PUT /api/tool_attr by a holder of the place right alone: the locations, which must be sent. */
export const toolPlacesOnlySchema = z.object({
  tool_places: z.array(toolPlaceSchema, { required_error: toolMessages.placesMissing, invalid_type_error: toolMessages.placesMissing }).max(1000),
});

/** The software chooser of the card (equipment.md 5): a program type must be chosen first. */
export const toolSoftwareChoiceSchema = z.object({
  type: enumOf([1, 2], toolMessages.softwareType, { coerce: true }),
  program_id: requiredId('Выберите программу'),
});

/** Adds months to a day, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export const addMonths = (day: string, months: number): string => {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, last))}`;
};

/** The card's fields as a save carries them (everything but the files, which come as uploads). */
export type ToolCardFields = Omit<ToolFields, 'files'>;

/**
 * The equipment card (equipment.md 5), one schema for the server and the web card. `today` keeps the
 * commissioning date out of the future. `guaranty_months`, when given, sets the warranty end to the
 * commissioning date plus the months (equipment.md 4).
 */
export const toolSchema = perDay((today: string) =>
  z
    .object({
      unit_id: requiredId(toolMessages.unit),
      tools_set_id: optionalId,
      tool_kind_id: requiredId(toolMessages.kind),
      manufacturer_id: requiredId(toolMessages.manufacturer),
      model_id: optionalId,
      model: string(toolMessages.model).min(1, toolMessages.model).max(499, 'Не более 500 символов'),
      serial_number: string(toolMessages.serial).min(1, toolMessages.serial).max(255, 'Не более 255 символов').refine(noOuterSpaces, toolMessages.format),
      inventar_number: string().max(255, 'Не более 255 символов').refine(noOuterSpaces, toolMessages.format).nullish().transform((v) => v || null),
      owner_type_id: orNull(enumOf(ownerTypes, 'Нужно выбрать', { coerce: true }), 'Нужно выбрать'),
      cost_remain: z
        .union([z.number(), z.string()])
        .nullish()
        .transform((v) => (v === '' || v == null ? null : String(v)))
        .refine((v) => v === null || /^\d+([.,]\d{1,2})?$/.test(v), toolMessages.cost)
        .transform((v) => (v === null ? null : Number(v.replace(',', '.'))))
        // numeric(14,2) of the read model holds at most 999 999 999 999.99.
        .refine((v) => v === null || v <= MONEY_MAX, 'Слишком большая сумма'),
      exchange_stock: flag,
      work_in_dt: isoDate(),
      guaranty_dt: isoDate(),
      work_out_dt: isoDate(),
      guaranty_months: orNull(enumOf(GUARANTY_MONTHS, toolMessages.guarantyMonths, { coerce: true }), toolMessages.guarantyMonths),
      state: enumOf(toolStates, toolMessages.state, { coerce: true }).transform((v) => v as ToolState),
      buh_name: optionalText(1000, toolMessages.buhName),
      description: optionalText(1000, 'Не более 1000 символов'),
      tool_softwares: idList,
      traits: z.array(toolTraitSchema).max(500).default([]),
      tool_places: z.array(toolPlaceSchema).max(1000).default([]),
      tool_movings: z.array(toolMovingSchema).max(1000).default([]),
    })
    .superRefine((t, ctx) => {
      const waiting = t.state === ToolState.WAITING;
      if (!waiting && !t.inventar_number) ctx.addIssue({ code: 'custom', path: ['inventar_number'], message: toolMessages.inventar });
      if (!waiting && !t.work_in_dt) ctx.addIssue({ code: 'custom', path: ['work_in_dt'], message: toolMessages.workInRequired });
      if (t.work_in_dt && t.work_in_dt > today) ctx.addIssue({ code: 'custom', path: ['work_in_dt'], message: toolMessages.notFuture });
      if (t.guaranty_months != null && !t.work_in_dt) ctx.addIssue({ code: 'custom', path: ['work_in_dt'], message: toolMessages.workInRequired });
      const traitIds = t.traits.map((x) => x.tool_trait_id);
      if (new Set(traitIds).size !== traitIds.length) ctx.addIssue({ code: 'custom', path: ['traits'], message: toolMessages.trait });
    })
    .transform(({ guaranty_months, ...t }): ToolCardFields => ({
      ...t,
      guaranty_dt: guaranty_months != null && t.work_in_dt ? addMonths(t.work_in_dt, guaranty_months) : t.guaranty_dt,
      tool_softwares: [...new Set(t.tool_softwares)],
    })),
);

/** The card as the form edits it (what the web binds its fields to). */
export type ToolCardInput = z.input<ReturnType<typeof toolSchema>>;
/** @deprecated the card's output; kept for existing callers. */
export type ToolInput = ToolCardFields;

export const toolsSetSchema = perDay((today: string) =>
  z
    .object({
      unit_id: requiredId(toolMessages.setUnit),
      inventar_number: string(toolMessages.setInventar).trim().min(1, toolMessages.setInventar).max(255, 'Не более 255 символов'),
      type_id: requiredId(toolMessages.setType),
      owner_type_id: enumOf(ownerTypes, toolMessages.setOwner, { coerce: true }),
      buh_name: string(toolMessages.setBuhName).min(6, toolMessages.setBuhName).max(1000, toolMessages.setBuhName),
      work_in_dt: isoDate().refine((v) => !v || v <= today, toolMessages.notFuture),
    })
    .transform((s): ToolsSetFields => s),
);
export type { ToolsSetInput } from './events';
