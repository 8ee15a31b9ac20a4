import { describe, expect, it } from 'vitest';
import { requestDecider } from '../../../../domain/request/decider';
import { ActKind, actKindTitles, actKindValues, kindTitle, requestKindIds, type RequestKind } from '../../../../domain/request/enums';
import { actsOfKind } from '../../../../domain/request/lifecycle';
import { actAllowedForKind, actMessages } from '../../../../domain/request/acts';
import { given } from '../../../support/given-when-then';
import { doc } from '../../../support/request-histories';
import { actor, registered } from './fixtures';

/** requests.md 4.2: a request carries only the acts of its kind; every other act is refused in Russian. */
describe('acts follow the request kind', () => {
  const editor = actor({ RIGHT_REQUEST_EDIT: 2 });
  const generate = (act: ActKind) => ({
    type: 'GenerateAct' as const,
    actor: editor,
    act_kind: act,
    document: { ...doc(act), act_number: 'X-1/2026', act_date: '2026-03-09' },
    number: 'X-1/2026',
    date: '2026-03-09',
    template: { kind: 'act', version: 1, checksum: 'c' },
    data: {},
  });

  for (const kind of requestKindIds) {
    const own = actsOfKind[kind] ?? [];
    const foreign = actKindValues.filter((a) => !own.includes(a));
    it(`«${kindTitle(kind)}» refuses ${foreign.map((a) => actKindTitles[a]).join(', ') || 'nothing'}`, () => {
      // The kind is checked before anything else the act needs, whatever the request's status.
      const history = [registered({ request_kind_id: kind as RequestKind })];
      for (const act of foreign) {
        expect(actAllowedForKind(kind, act)).toBe(false);
        const message = actMessages.wrongKind(act, kind);
        expect(message).toMatch(/^[А-ЯЁа-яё]/);
        expect(message).toContain(kindTitle(kind));
        given(requestDecider, history).when(generate(act)).thenThrows(message, 'refused');
      }
      for (const act of own) expect(actAllowedForKind(kind, act)).toBe(true);
    });
  }

  it('every act kind belongs to some request kind', () => {
    for (const act of actKindValues) expect(requestKindIds.some((k) => actAllowedForKind(k, act))).toBe(true);
    expect(actAllowedForKind(null, ActKind.CO_3)).toBe(false);
  });
});
