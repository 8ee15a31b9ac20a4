import { describe, expect, it } from 'vitest';
import { datedUpTo, eventsUpTo, parseMoment } from '../../../../domain/audit/moment';
import { parseAuditFilter } from '../../../../domain/audit/filter';
import { auditSummary, streamObject } from '../../../../domain/audit/summary';

const ev = (timestamp: string) => ({ metadata: { timestamp } });

describe('time travel moments', () => {
  it('parses full ISO date-times only', () => {
    expect(parseMoment(undefined)).toBeUndefined();
    expect(parseMoment('2026-03-01T10:00:00Z')).toBe(Date.UTC(2026, 2, 1, 10));
    expect(parseMoment('2026-03-01T13:00:00+03:00')).toBe(Date.UTC(2026, 2, 1, 10));
    for (const bad of ['2026-03-01', 'вчера', '2026-13-01T00:00:00Z', 5]) expect(() => parseMoment(bad)).toThrow(/Неверный момент времени/);
  });

  it('keeps the prefix of the stream up to the moment, the moment included', () => {
    const events = [ev('2026-01-01T00:00:00.000Z'), ev('2026-01-02T00:00:00.000Z'), ev('2026-01-03T00:00:00.000Z')];
    expect(eventsUpTo(events, Date.parse('2025-12-31T23:59:59Z'))).toEqual([]);
    expect(eventsUpTo(events, Date.parse('2026-01-02T00:00:00.000Z'))).toEqual(events.slice(0, 2));
    expect(eventsUpTo(events, Date.parse('2027-01-01T00:00:00Z'))).toEqual(events);
  });

  it('cuts dated rows (history, chat) at the moment', () => {
    const at = Date.parse('2026-01-02T00:00:00Z');
    expect(datedUpTo('2026-01-01T10:00:00Z', at)).toBe(true);
    expect(datedUpTo(Date.parse('2026-01-03T00:00:00Z'), at)).toBe(false);
    expect(datedUpTo(null, at)).toBe(true);
  });
});

describe('the audit filter', () => {
  it('reads a day as its whole day and refuses bad input in Russian', () => {
    const f = parseAuditFilter({ date_from: '2026-01-01', date_to: '2026-01-01', user_id: '5', kind: 'request', limit: 50 });
    expect(f).toEqual({ from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 0, 1, 23, 59, 59, 999), userId: 5, kind: 'request', limit: 50 });
    expect(parseAuditFilter({}).limit).toBe(20);
    expect(() => parseAuditFilter({ limit: 30 })).toThrow(/20 или 50/);
    expect(() => parseAuditFilter({ kind: "request'; --" })).toThrow(/Неверный вид объекта/);
    expect(() => parseAuditFilter({ surprise: 1 })).toThrow();
  });
});

describe('audit words', () => {
  it('splits a stream id into kind and object', () => {
    expect(streamObject('request-12')).toEqual({ kind: 'request', objectId: '12' });
    expect(streamObject('catalog-regions-3')).toEqual({ kind: 'catalog', objectId: 'regions-3' });
  });

  it('names an event in Russian with its changed fields, and an unknown one by its type', () => {
    expect(auditSummary('RequestRegistered', {})).toBe('Заявка зарегистрирована');
    expect(auditSummary('ToolUpdated', { changes: [['description', null, 'x'], ['state', 1, 2]] })).toBe('Изменено оборудование: description, state');
    expect(auditSummary('SomethingNew', {})).toBe('Событие SomethingNew');
  });
});
