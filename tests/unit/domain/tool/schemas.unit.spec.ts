import { describe, expect, it } from 'vitest';
import { addMonths, toolMovingSchema, toolPlaceSchema, toolSchema, toolSoftwareChoiceSchema, toolsSetSchema } from '../../../../domain/tool/schemas';
import { fieldErrorsOf, ruErrorMap } from '../../../../domain/shared/validation';
import { toolFieldTitles } from '../../../../domain/tool/fields';
import type { ZodTypeAny } from 'zod';

const today = '2026-03-10';
const errorsOf = (schema: ZodTypeAny, input: unknown) => {
  const r = schema.safeParse(input, { errorMap: ruErrorMap });
  return r.success ? {} : fieldErrorsOf(r.error);
};
const card = (over: Record<string, unknown> = {}) => ({
  unit_id: 1, tool_kind_id: 4, manufacturer_id: 3, model: 'P3010DW', serial_number: 'SN1', inventar_number: 'ИН-1', owner_type_id: 2,
  work_in_dt: '2024-01-31', state: 1, ...over,
});

describe('card schema (equipment.md 4, 5)', () => {
  it('warranty end = commissioning date + months, clamped to the month end', () => {
    expect(toolSchema(today).parse(card({ work_in_dt: '2023-11-30', guaranty_months: 3 })).guaranty_dt).toBe('2024-02-29');
    expect(toolSchema(today).parse(card({ guaranty_months: 84 })).guaranty_dt).toBe('2031-01-31');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(errorsOf(toolSchema(today), card({ guaranty_months: 5 }))).toEqual({ guaranty_months: 'Неверный срок гарантии' });
    expect(errorsOf(toolSchema(today), card({ guaranty_months: 12, work_in_dt: null, state: 5 }))).toEqual({ work_in_dt: 'Введите дату' });
  });

  it('without months the warranty end is kept as given', () => {
    expect(toolSchema(today).parse(card({ guaranty_dt: '2027-05-01' })).guaranty_dt).toBe('2027-05-01');
  });

  it('lists: locations and movements with their messages; duplicate characteristics refused', () => {
    expect(errorsOf(toolPlaceSchema, { date_time: '2026-01-01', unit_id: null, room: '' })).toEqual({ unit_id: 'Выберите объект', room: 'Укажите помещение' });
    expect(errorsOf(toolMovingSchema, { date_time: null, event_id: 1 })).toEqual({ date_time: 'Введите дату' });
    expect(errorsOf(toolSchema(today), card({ traits: [{ tool_trait_id: 1, trait_value_id: 2 }, { tool_trait_id: 1, trait_value_id: 3 }] }))).toEqual({ traits: 'Неверная характеристика' });
  });

  it('software chooser: the type first', () => {
    expect(errorsOf(toolSoftwareChoiceSchema, { type: null, program_id: 5 })).toEqual({ type: 'Укажите тип программного обеспечения' });
  });

  it('set: accounting name 6..1000', () => {
    const set = { unit_id: 1, inventar_number: 'К-1', type_id: 2, owner_type_id: 2, buh_name: 'АРМ12', work_in_dt: null };
    expect(errorsOf(toolsSetSchema(today), set)).toEqual({ buh_name: 'Наименование, от 5-ти до 1000 символов' });
    expect(errorsOf(toolsSetSchema(today), { ...set, buh_name: 'АРМ123' })).toEqual({});
  });

  it('every card field has a Russian title for the history tab', () => {
    for (const title of Object.values(toolFieldTitles)) expect(title).toMatch(/^[А-ЯЁ]/);
  });
});
