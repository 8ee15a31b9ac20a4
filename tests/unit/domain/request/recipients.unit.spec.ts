import { describe, expect, it } from 'vitest';
import { ContactKind } from '../../../../domain/request/enums';
import { recipientCandidates } from '../../../../domain/request/recipients';

describe("'Уведомить' candidates", () => {
  const newRequest = { engineers: [], contact_kind: ContactKind.FROM_IAC, contact_id: 10, registered_by: 10 };

  it("a court user's new request offers the branch's engineers and dispatchers, not the writer", () => {
    expect(recipientCandidates(newRequest, [{ id: 2, engineer: true }, { id: 6, engineer: false }], 10)).toEqual([
      { id: 2, roles: ['инженер филиала'] },
      { id: 6, roles: ['диспетчер филиала'] },
    ]);
  });

  it('one account offered once with every reason; executors first', () => {
    const taken = { ...newRequest, engineers: [2] };
    expect(recipientCandidates(taken, [{ id: 2, engineer: true }], 2)).toEqual([{ id: 10, roles: ['контактное лицо', 'автор заявки'] }]);
    expect(recipientCandidates(taken, [{ id: 2, engineer: true }], 10)).toEqual([{ id: 2, roles: ['исполнитель', 'инженер филиала'] }]);
  });

  it('an unregistered contact is not offered', () => {
    expect(recipientCandidates({ engineers: [], contact_kind: ContactKind.STRANGER, contact_id: 5, registered_by: null }, [], null)).toEqual([]);
  });
});
