import { describe, expect, it } from 'vitest';
import { courtReports } from '../../../../domain/report/registry';
import { reportParametersSchema, resolveParameters, defaultPeriod } from '../../../../domain/report/court/parameters';
import { enclosure2Rank, failureCategoryOf, organisationKindLetter, repairDays, hardwareReportKinds } from '../../../../domain/report/court/constants';

const today = () => '2026-06-15';
const choice = { region: 'choice', balanceHolder: true, dates: true, supplyKind: false } as const;
const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('report parameters (equipment.md 5)', () => {
  const schema = reportParametersSchema(choice, today);
  it('needs a region and a balance holder unless all regions', () => {
    expect(issues(schema.safeParse({ date_beg: '2026-01-01', date_end: '2026-12-31' }))).toEqual({ region_id: 'Нужно выбрать', balance_holder_id: 'Нужно выбрать организацию' });
    expect(schema.safeParse({ all_regions: true, date_beg: '2026-01-01', date_end: '2026-12-31' }).success).toBe(true);
  });
  it('refuses a start in the future, an end before the start and a broken date', () => {
    const p = { all_regions: true };
    expect(issues(schema.safeParse({ ...p, date_beg: '2026-06-16', date_end: '2026-12-31' }))).toEqual({ date_beg: 'Дата начала не может быть в будущем' });
    expect(issues(schema.safeParse({ ...p, date_beg: '2026-03-01', date_end: '2026-02-01' }))).toEqual({ date_end: 'Дата окончания раньше даты начала' });
    expect(issues(schema.safeParse({ ...p, date_beg: '2026-02-30', date_end: '2026-12-31' }))).toEqual({ date_beg: 'Неверная дата' });
  });
  it('a region-only report has no all-regions option; enclosure 3 needs its supply kind', () => {
    const regionOnly = reportParametersSchema({ region: 'required', balanceHolder: false, dates: false, supplyKind: false }, today);
    expect(issues(regionOnly.safeParse({ all_regions: true }))).toEqual({ all_regions: 'Нужно выбрать', region_id: 'Нужно выбрать' });
    const e3 = courtReports.find((r) => r.id === 'enclosure-3')!;
    expect(issues(e3.parameters.safeParse({ all_regions: true, date_beg: '2020-01-01', date_end: '2020-12-31' }))).toEqual({ supply_kind: 'Нужно выбрать вид поставки' });
  });
  it('all regions drops the region and the balance holder; the default period is the whole current year', () => {
    const p = schema.parse({ all_regions: true, region_id: 5, balance_holder_id: 7, date_beg: '2026-01-01', date_end: '2026-12-31' });
    expect(resolveParameters(choice, p)).toMatchObject({ regionId: null, balanceHolderId: null });
    expect(defaultPeriod(new Date(2026, 4, 3))).toEqual({ date_beg: '2026-01-01', date_end: '2026-12-31' });
  });
  it('the write-off file name names the period', () => {
    const e1 = courtReports.find((r) => r.id === 'enclosure-1')!;
    const p = e1.parameters.parse({ all_regions: true, date_beg: '2020-01-01', date_end: '2020-12-31' });
    expect(e1.fileName(p, 'xlsx').display).toBe('Приложение №1. Списания за период с 01.01.2020 по 31.12.2020.xlsx');
  });
});

describe('report constants (equipment.md 9)', () => {
  it('organisation kind letter codes', () => {
    expect([6, 13, 3, 7, 15, 4, 10, 12, 14, 11, 99, null].map(organisationKindLetter)).toEqual(['В', 'О', 'У', 'У', 'У', 'КСОЮ', 'АСОЮ', 'КВС', 'АВС', 'АС', '__', '__']);
  });
  it('UD first, GV last in enclosure 2', () => {
    expect(['77GV0001', '77RS0001', '77UD0001'].sort((a, b) => enclosure2Rank(a) - enclosure2Rank(b))).toEqual(['77UD0001', '77RS0001', '77GV0001']);
  });
  it('repair days are at least 1', () => {
    expect(repairDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(repairDays('2026-03-01', '2026-03-11')).toBe(10);
  });
  it('failure categories by kind names; hardware kinds 7, 2, 18, 4, 6, 46', () => {
    expect(failureCategoryOf('Системный блок')).toBe('Системный блок');
    expect(failureCategoryOf('Многофункциональное устройство')).toBe('Принтер, МФУ, копир, сканер');
    expect(failureCategoryOf('Источник бесперебойного питания')).toBe('ИБП');
    expect(failureCategoryOf('Проектор')).toBe('Прочее');
    expect(hardwareReportKinds.map((k) => k.id)).toEqual([7, 2, 18, 4, 6, 46]);
  });
});
