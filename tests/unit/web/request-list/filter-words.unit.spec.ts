import { describe, expect, it } from 'vitest';
import { requestFilterWords } from '../../../../domain/request/describe-filter';
import { PerformerKind, RequestKind } from '../../../../domain/request/enums';
import { describeFilter } from '../../../../web/src/features/request-list/model/describe-filter';
import { defaultFilter } from '../../../../web/src/features/request-list/model/filter';

const titles = {
  region: (id: number) => (id === 77 ? 'г. Москва' : ''),
  unit: (id: number) => `Здание ${id}`,
  engineer: (id: number) => (id === 3 ? 'Петров Иван Сергеевич' : ''),
  hotlineEngineer: () => '',
  program: (id: number) => (id === 9 ? 'ПС ГАС «Правосудие»' : ''),
  toolKind: () => 'Принтер',
};

describe('the request filter in words: the chips and the export say the same', () => {
  it('given a filter as the dialog holds it, the chips carry the domain words in order, each with its clearing', () => {
    const filter = {
      ...defaultFilter('requests'),
      date_beg: '2026-01-01',
      date_end: '2026-06-30',
      region_id: 77,
      units_ids: [5, 6],
      engineer_id: 3,
      request_kinds_ids: [RequestKind.REPAIR_HARD],
      search: '  принтер замятие ',
      unsigned_docs: true,
      repairTool: { ...defaultFilter('requests').repairTool, exchange_stock: false, serial_number: 'SN1' },
      specialSoftware: { program_id: 9, result: null },
    };
    const chips = describeFilter(filter, 'requests', titles);
    expect(chips.map((c) => c.label)).toEqual([
      'Зарегистрированы: 01.01.2026 – 30.06.2026',
      'Регион: г. Москва',
      'Объекты: Здание 5 и ещё 1',
      'Инженер: Петров Иван Сергеевич',
      'Тип: Ремонт оборудования',
      'Поиск: принтер замятие',
      'Неподписанные документы',
      'Оборудование: не подменный фонд',
      'Оборудование: серийный № SN1',
      'Специальное ПО: ПС ГАС «Правосудие»',
    ]);
    const preset = defaultFilter('requests');
    expect(chips.map((c) => c.clear)).toEqual([
      { part: 'main', patch: { date_beg: preset.date_beg, date_end: preset.date_end } },
      { part: 'main', patch: { region_id: null } },
      { part: 'main', patch: { units_ids: [] } },
      { part: 'main', patch: { engineer_id: null } },
      { part: 'main', patch: { request_kinds_ids: [] } },
      { part: 'main', patch: { search: '' } },
      { part: 'main', patch: { unsigned_docs: false } },
      { part: 'tool', patch: { exchange_stock: null } },
      { part: 'tool', patch: { serial_number: '' } },
      { part: 'software', key: 'specialSoftware', patch: { program_id: null } },
    ]);

    // The same filter as the server parsed it (nulls for the empty fields): the same words.
    const parsed = {
      date_beg: '2026-01-01', date_end: '2026-06-30', region_id: 77, units_ids: [5, 6], engineer_id: 3, request_kinds_ids: [RequestKind.REPAIR_HARD],
      search: 'принтер замятие', unsigned_docs: true, request_performer_kind: null, number: null, hotlinegas_number: null, repair: null,
      repairTool: { tool_kind_id: null, exchange_stock: false, serial_number: 'SN1', inventar_number: null, owner_type_id: null },
      specialSoftware: { program_id: 9, result: null }, commonSoftware: null,
    };
    expect(requestFilterWords(parsed, titles).map((w) => w.label)).toEqual(chips.map((c) => c.label));
  });

  it('the head-performer list: its own performer goes without saying on the chips, an export names it; "все" when cleared', () => {
    const hot = defaultFilter('hotLine');
    expect(describeFilter(hot, 'hotLine', titles).map((c) => c.key)).toEqual(['period']);
    expect(describeFilter({ ...hot, request_performer_kind: null }, 'hotLine', titles).map((c) => [c.label, c.clear])).toEqual([
      [expect.stringMatching(/^Зарегистрированы: /), null],
      ['Исполнитель: все', { part: 'main', patch: { request_performer_kind: PerformerKind.SENIOR } }],
    ]);
    expect(requestFilterWords({ date_beg: '2026-01-01', date_end: '2026-12-31', request_performer_kind: 'SENIOR' }, titles).map((w) => w.label)).toEqual([
      'Зарегистрированы: 01.01.2026 – 31.12.2026',
      'Исполнитель: ГЛ (головной исполнитель)',
    ]);
  });
});
