import { describe, expect, it } from 'vitest';
import { mergedToolHistory, type RequestWithTool, type ToolHistoryEntry } from '../../../../projections/tool/history/queries';

const own = (history_type: string, date_time_d: string | null, object_attr: string | null = null): ToolHistoryEntry => ({
  history_type, history_type_title: '', date_time_d, user_id: 1, user_name: 'Петров', user: 'Петров', object_attr, object_attr_title: null,
  value_old: '', value_new: '', request_id: null, request_number: null, request_kind_id: null, request_status_id: null,
});
const request = (request_id: number, date_time_d: string): RequestWithTool => ({
  history_type: 'request', history_type_title: 'Заявка', date_time_d, request_id, request_number: request_id * 10, request_kind_id: 2,
  request_status_id: 3, kindTitle: 'Ремонт оборудования', statusTitle: 'В работе', request_text: 'Не печатает',
});

// equipment.md 4: attribute changes and requests with the tool, merged newest first.
describe('mergedToolHistory', () => {
  it('interleaves the tool\'s rows and its requests by time, newest first; a tie keeps the tool\'s own row first', () => {
    const merged = mergedToolHistory(
      [own('state', '2026-03-05T10:00:00.000Z', 'state'), own('attribute', '2026-03-03T10:00:00.000Z', 'model'), own('registered', '2026-03-01T10:00:00.000Z')],
      [request(7, '2026-03-04T10:00:00.000Z'), request(6, '2026-03-03T10:00:00.000Z'), request(5, '2026-02-01T10:00:00.000Z')],
    );
    expect(merged.map((h) => [h.history_type, h.request_id])).toEqual([
      ['state', null], ['request', 7], ['attribute', null], ['request', 6], ['registered', null], ['request', 5],
    ]);
    expect(merged[1]).toMatchObject({ request_number: 70, request_kind_id: 2, request_status_id: 3, object_attr_title: 'Ремонт оборудования № 70', value_new: 'В работе: Не печатает' });
  });

  it('a row without a time goes last', () => {
    expect(mergedToolHistory([own('attribute', null)], [request(1, '2020-01-01T00:00:00.000Z')]).map((h) => h.history_type)).toEqual(['request', 'attribute']);
  });
});
