import { describe, expect, it } from 'vitest';
import { RequestKind } from '../../../../domain/request/enums';
import { matchProtected, notFoundNote, protectedSetText, protectedToolIdsOf, type ImportPlan } from '../../../../domain/tool-import';
import { requestHistory } from '../../../support/request-histories';
import { baseFields, stateOf } from '../request/fixtures';

/** Issue 33: which tools the import must keep, and how a file row finds them. */
describe('tools a live request protects', () => {
  it('given an open common software request, its tool is protected', () => {
    const s = stateOf(requestHistory({ request: baseFields({ tool_id: 7 }), stage: 'performing' }));
    expect(protectedToolIdsOf(s)).toEqual([7]);
  });

  it('given a request performed without an act, nothing is protected; with an electronic act, its tool is', () => {
    const common = stateOf(requestHistory({ request: baseFields({ tool_id: 7 }), stage: 'closed' }));
    // Common software takes the СО-3 act (requests.md 4.2), sent for electronic signature: the closed request still names its tool.
    expect(common.documents.map((d) => [d.act_kind, d.sign_type])).toEqual([['CO_3', 'electron']]);
    expect(protectedToolIdsOf(common)).toEqual([7]);
    const consultation = stateOf(requestHistory({ request: baseFields({ request_kind_id: RequestKind.CONSULTATION, tool_id: 8 }), stage: 'closed' }));
    expect(consultation.documents).toEqual([]);
    expect(protectedToolIdsOf(consultation)).toEqual([]);
  });

  it('given a commissioning in progress, every tool of its list is protected', () => {
    const s = stateOf(requestHistory({
      request: baseFields({ request_kind_id: RequestKind.COMMISSIONING, tool_id: null as unknown as number }),
      stage: 'performing',
      result: {},
      resultLists: { tools_commissioning: [{ tool_id: 11, settling_place: 'к. 1', instructed_person: 'Иванов' }, { tool_id: 12, settling_place: 'к. 2', instructed_person: 'Иванов' }] },
    }));
    expect(protectedToolIdsOf(s).sort()).toEqual([11, 12]);
  });
});

describe('matching the file to protected tools', () => {
  const plan = (rows: Array<[number, string]>): ImportPlan => ({
    sets: [],
    singles: rows.map(([row, serial]) => ({ row, card: { serial_number: serial } as never, inventar: '', noInventory: true, setKindId: null })),
  });

  it('pairs a tool with the first row of its serial number, any case and spaces, one row per tool', () => {
    const m = matchProtected([{ id: 5, tool: { serial_number: ' sn-1 ' } }, { id: 3, tool: { serial_number: 'SN-1' } }, { id: 9, tool: { serial_number: 'SN-9' } }], plan([[4, 'SN-1'], [2, 'SN-2']]));
    expect([...m]).toEqual([[3, 4]]);
  });

  it('marks the note once, keeping what it said', () => {
    const once = notFoundNote('Стоит в архиве', '2026-11-29');
    expect(once).toBe('[не найдено при импорте 29.11.2026] Стоит в архиве');
    expect(notFoundNote(once, '2026-12-01')).toBe('[не найдено при импорте 01.12.2026] Стоит в архиве');
    expect(notFoundNote(null, '2026-11-29')).toBe('[не найдено при импорте 29.11.2026]');
  });

  it('binds the confirmation to the tools, their serials and requests, not to their order', () => {
    const a = { id: 1, serial_number: 'A', requests: [{ id: 10, number: 1 }] };
    const b = { id: 2, serial_number: 'B', requests: [{ id: 11, number: 2 }] };
    expect(protectedSetText([b, a])).toBe(protectedSetText([a, b]));
    expect(protectedSetText([a, { ...b, requests: [...b.requests, { id: 12, number: 3 }] }])).not.toBe(protectedSetText([a, b]));
    expect(protectedSetText([a])).not.toBe(protectedSetText([a, b]));
  });
});
