import { describe, expect, it } from 'vitest';
import { PerformerKind, requestDecider, type RequestCommand, type RequestEvent } from '../../../../domain/request';
import { given } from '../../../support/given-when-then';
import { R, actor, baseFields, ctx } from './fixtures';

/** decisions 33–40: registering assigns no executors unless the user may assign them (the approval right). */
const { id: _id, number: _n, request_date_add: _d, request_status_id: _s, ...fields } = baseFields();
const register = (who: ReturnType<typeof actor>, extra: Partial<Extract<RequestCommand, { type: 'RegisterRequest' }>> = {}): RequestCommand => ({
  type: 'RegisterRequest',
  actor: who,
  id: 1,
  number: 101,
  request: fields,
  ...extra,
});
const engineersOf = (events: RequestEvent[]) => (events[0]!.data as { engineers: number[] }).engineers;

const court = actor({ ...R.create }, 6);
const approver = actor({ ...R.create, ...R.edit }, 7);

describe('executors on registration', () => {
  it('a court user (create only) who picks executors assigns none', () => {
    given(requestDecider, [])
      .when(register(court, { engineer_ids: [2, 3] }), ctx())
      .then((events) => expect(engineersOf(events)).toEqual([]));
  });

  it('the approval right assigns the picked executors', () => {
    given(requestDecider, [])
      .when(register(approver, { engineer_ids: [2, 3] }), ctx())
      .then((events) => expect(engineersOf(events)).toEqual([2, 3]));
  });

  it("the region's automatic assignment applies when the user assigns none, whoever registers", () => {
    given(requestDecider, [])
      .when(register(court, { engineer_ids: [2], auto_engineer_ids: [4, 5] }), ctx())
      .then((events) => expect(engineersOf(events)).toEqual([4, 5]));
    given(requestDecider, [])
      .when(register(approver, { engineer_ids: [2], auto_engineer_ids: [4, 5] }), ctx())
      .then((events) => expect(engineersOf(events)).toEqual([2]));
  });

  it('a SENIOR request takes its executors from a hot line manager only', () => {
    const senior = { ...fields, request_performer_kind: PerformerKind.SENIOR };
    given(requestDecider, [])
      .when({ ...(register(actor({ ...R.create, ...R.hotlineEdit }, 8), { engineer_ids: [4] }) as Extract<RequestCommand, { type: 'RegisterRequest' }>), request: senior }, ctx())
      .then((events) => expect(engineersOf(events)).toEqual([]));
    given(requestDecider, [])
      .when({ ...(register(actor({ ...R.create, ...R.hotlineEdit, ...R.manage }, 8), { engineer_ids: [4] }) as Extract<RequestCommand, { type: 'RegisterRequest' }>), request: senior }, ctx())
      .then((events) => expect(engineersOf(events)).toEqual([4]));
  });
});
