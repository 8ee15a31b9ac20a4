import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { docxWidths, isLandscape, printOptions, widthsFromContent } from '../../../api/export/print-setup';
import { toolFilterWords, toolListHeadline } from '../../../domain/tool/describe-filter';
import { listExportHeadline } from '../../../domain/shared/filter-fields';

describe('print setup of the xlsx reports and list exports', () => {
  it('widths come from the header words and the values; landscape only when wider than a portrait page', () => {
    const widths = widthsFromContent(['№', 'Выполненные работы', 'Дата регистрации'], [[1, 'Замена ролика', '08.07.2019']]);
    expect(widths[1]).toBeGreaterThanOrEqual('Выполненные'.length + 2);
    expect(widths[2]).toBeGreaterThanOrEqual('08.07.2019'.length + 2);
    expect(isLandscape(widths)).toBe(false);
    expect(isLandscape(Array(12).fill(14))).toBe(true);
    const options = printOptions(widths, { first: 5, last: 5 }, { title: 'Отчет & журнал', period: 'за 2026', region: 'Регион: г. Москва' });
    expect(options.pageSetup).toMatchObject({ fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '5:5', orientation: 'portrait' });
    expect(options.headerFooter?.oddHeader).toContain('Отчет && журнал');
    expect(options.views).toEqual([{ state: 'frozen', ySplit: 5, xSplit: 0 }]);
  });

  it('docx widths add up to the table width and never cut a date (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 40 }), { minLength: 2, maxLength: 12 }),
        fc.array(fc.string({ maxLength: 120 }), { maxLength: 12 }),
        fc.integer({ min: 5000, max: 16000 }),
        (titles, sample, width) => {
          const rows = [titles.map((_, i) => (i === 0 ? '08.07.2019' : sample[i] ?? ''))];
          const widths = docxWidths(titles, rows, width);
          expect(widths.reduce((a, b) => a + b, 0)).toBe(width);
          expect(widths.every((w) => w > 0)).toBe(true);
        },
      ),
    );
    // With room, the date column holds a whole date.
    const widths = docxWidths(['№', 'Дата', 'Примечание'], [['1', '08.07.2019', 'длинный текст примечания '.repeat(5)]], 14400);
    expect(widths[1]).toBeGreaterThanOrEqual(10 * 115 + 230);
  });

  it('the equipment export names the filter in the chips\' words and the count', () => {
    const titles = { region: () => 'г. Москва', unit: (id: number) => `Здание ${id}`, setName: () => '', toolKind: () => 'Принтер', manufacturer: () => '' };
    const words = toolFilterWords(
      {
        region_id: 1, units_ids: [5, 6, 7], tool_set_name_id: null, tool_kind_ids: [4], manufacturer_id: null, tool_model: null, tool_model_exact: false,
        serial_number: 'SN1', serial_exact: true, inventar_number: '', inventar_exact: false, tool_work_in_dt_from: '2020-01-01', tool_work_in_dt_till: null,
        tool_age: null, tool_state: null, tool_owner_type_id: null, tool_owner_is_not_set: false, tool_description: null, tool_cost_remain_from: 1500.5,
        tool_cost_remain_upto: null, tool_in_set: false, tool_exchange_stock: null,
      },
      titles,
    ).map((w) => w.label);
    expect(words).toEqual([
      'Регион: г. Москва', 'Объекты: Здание 5, Здание 6 и ещё 1', 'Вид: Принтер', 'Серийный №: SN1 (точно)', 'Ввод в эксплуатацию: от 01.01.2020',
      'Остаточная стоимость: от 1500,5', 'Не в комплекте',
    ]);
    expect(listExportHeadline('2026-03-09', [], 3, toolListHeadline)).toBe('На 09.03.2026. Отбор: все оборудование. Всего единиц оборудования: 3');
    expect(listExportHeadline('2026-03-09', words.slice(0, 2), 1, toolListHeadline)).toBe(
      'На 09.03.2026. Отбор: Регион: г. Москва; Объекты: Здание 5, Здание 6 и ещё 1. Всего единиц оборудования: 1',
    );
  });
});
