import { z } from 'zod';
import { formatDate, parseRuDate } from '@domain/shared/dates';
import { toolsSetSchema } from '@domain/tool/schemas';
import type { ToolCard, ToolCardInputJson, ToolsSetView } from '../api/types';
import { isoOf } from './form-values';

/** The set's own fields as its dialog edits them (the date as typed DD.MM.YYYY). */
export interface SetFormValues {
  unit_id: number | null;
  inventar_number: string | null;
  type_id: number | null;
  owner_type_id: number | null;
  buh_name: string | null;
  work_in_dt: string | null;
}

export const newSetValues = (unitId: number | null): SetFormValues => ({
  unit_id: unitId,
  inventar_number: null,
  type_id: null,
  owner_type_id: null,
  buh_name: null,
  work_in_dt: null,
});

export const setValuesOf = (view: ToolsSetView): SetFormValues => ({
  unit_id: view.toolsSet.unit_id,
  inventar_number: view.toolsSet.inventar_number,
  type_id: view.toolsSet.type_id,
  owner_type_id: view.toolsSet.owner_type_id,
  buh_name: view.toolsSet.buh_name,
  work_in_dt: view.toolsSet.work_in_dt ? formatDate(view.toolsSet.work_in_dt) : null,
});

export const setInputOf = (values: SetFormValues) => ({
  unit_id: values.unit_id,
  inventar_number: values.inventar_number ?? '',
  type_id: values.type_id,
  owner_type_id: values.owner_type_id,
  buh_name: values.buh_name ?? '',
  work_in_dt: isoOf(values.work_in_dt),
});

/** The set's rules: the typed date must be a date, then the shared toolsSetSchema (equipment.md 5). */
export const setFormSchema = (today: string) =>
  z.custom<SetFormValues>().superRefine((values, ctx) => {
    const text = values.work_in_dt;
    const badDate = text !== null && text.trim() !== '' && parseRuDate(text) === null;
    if (badDate) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['work_in_dt'], message: 'Неверная дата' });
    const parsed = toolsSetSchema(today).safeParse(setInputOf(values));
    if (!parsed.success)
      for (const i of parsed.error.issues) if (!(badDate && i.path[0] === 'work_in_dt')) ctx.addIssue({ code: z.ZodIssueCode.custom, path: i.path, message: i.message });
  });

/** A tool of a loaded set as the set's save carries it. */
export const memberOf = (tool: ToolCard): ToolCardInputJson => ({
  id: tool.id,
  revision: tool.revision,
  unit_id: tool.unit_id,
  tools_set_id: tool.tools_set_id,
  tool_kind_id: tool.tool_kind_id,
  manufacturer_id: tool.manufacturer_id,
  model_id: tool.model_id,
  model: tool.model,
  serial_number: tool.serial_number,
  inventar_number: tool.inventar_number,
  owner_type_id: tool.owner_type_id,
  cost_remain: tool.cost_remain,
  exchange_stock: tool.exchange_stock,
  work_in_dt: tool.work_in_dt,
  guaranty_dt: tool.guaranty_dt,
  work_out_dt: tool.work_out_dt,
  state: tool.state,
  buh_name: tool.buh_name,
  description: tool.description,
  tool_softwares: tool.tool_softwares ?? [],
  traits: tool.traits ?? [],
  tool_places: (tool.tool_places ?? []).map(({ date_time, unit_id, room, man_post, man_fio }) => ({ date_time, unit_id, room, man_post, man_fio })),
  tool_movings: (tool.tool_movings ?? []).map(({ date_time, event_id, comment }) => ({ date_time, event_id, comment })),
});
