import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocationOf,
  remaining,
  sparesSetDecider,
  sparesSetStreamId,
  type SparesSetCommand,
  type SparesSetEvent,
  type SparesSetState,
} from '../../../../domain/spares';
import { DomainError } from '../../../../domain/shared/errors';
import { given, testContext } from '../../../support/given-when-then';

const keeper = { userId: 1, rights: { RIGHT_ZIP: 2 } };
const items = [
  { id: 1, code: 1001, title: 'Картридж', cost: 2500, amount: 5 },
  { id: 2, code: 1002, title: 'Блок питания', cost: 4000, amount: 1 },
];
const registered: SparesSetEvent = {
  type: 'SparesSetRegistered',
  data: { id: 3, region_id: 1, title: 'ЗИП 2026', contract: 'Контракт 15', items },
};
const allocated = (request_id: number, lines: { item_id: number; amount: number }[], previous: { item_id: number; amount: number }[] = []): SparesSetEvent => ({
  type: 'SparesAllocatedToRequest',
  data: { request_id, items: lines, previous },
});
const allocate = (request_id: number, lines: { item_id: number; amount: number }[]): SparesSetCommand => ({
  type: 'AllocateSparesToRequest',
  request_id,
  items: lines,
});
const fold = (events: SparesSetEvent[]): SparesSetState => events.reduce(sparesSetDecider.evolve, sparesSetDecider.initialState());

describe('spares set', () => {
  it('is registered with its items by a ZIP keeper', () => {
    given(sparesSetDecider, [])
      .when({ type: 'RegisterSparesSet', actor: keeper, id: 3, region_id: 1, title: 'ЗИП 2026', contract: 'Контракт 15', items }, testContext())
      .then([registered]);
    given(sparesSetDecider, [])
      .when({ type: 'RegisterSparesSet', actor: { userId: 1, rights: {} }, id: 3, region_id: 1, title: 'ЗИП', contract: 'К', items }, testContext())
      .thenThrows('Недостаточно прав для изменения ЗИП', 'forbidden');
    given(sparesSetDecider, [])
      .when({ type: 'RegisterSparesSet', actor: keeper, id: 3, region_id: 1, title: 'ЗИП', contract: 'К', items: [] }, testContext())
      .thenThrows('Добавьте хотя бы одну позицию ЗИП', 'invalid');
    given(sparesSetDecider, [])
      .when({ type: 'RegisterSparesSet', actor: keeper, id: 3, region_id: 1, title: '', contract: 'К', items }, testContext())
      .thenThrows('Значение от 1 до 100 символов', 'invalid');
    expect(sparesSetStreamId(3)).toBe('spares_set-3');
  });

  it('gets more items', () => {
    const item = { id: 3, code: 1003, title: 'Кабель', cost: 300, amount: 10 };
    given(sparesSetDecider, [registered]).when({ type: 'AddSparesSetItem', actor: keeper, item }, testContext()).then([{ type: 'SparesSetItemAdded', data: { item } }]);
    given(sparesSetDecider, [registered])
      .when({ type: 'AddSparesSetItem', actor: keeper, item: { ...item, title: '' } }, testContext())
      .thenThrows('Наименование от 1 до 100 символов', 'invalid');
    given(sparesSetDecider, [registered])
      .when({ type: 'AddSparesSetItem', actor: keeper, item: { ...item, id: 1 } }, testContext())
      .thenThrows('Позиция ЗИП с таким идентификатором уже существует', 'refused');
  });

  describe('allocation to a request (replace semantics)', () => {
    it('allocates and records the previous allocation', () => {
      given(sparesSetDecider, [registered])
        .when(allocate(10, [{ item_id: 1, amount: 2 }]), testContext())
        .then([allocated(10, [{ item_id: 1, amount: 2 }])]);
      given(sparesSetDecider, [registered, allocated(10, [{ item_id: 1, amount: 2 }])])
        .when(allocate(10, [{ item_id: 1, amount: 5 }]), testContext())
        .then([allocated(10, [{ item_id: 1, amount: 5 }], [{ item_id: 1, amount: 2 }])]);
    });

    it('an empty list clears the allocation; an unchanged one emits nothing', () => {
      const history = [registered, allocated(10, [{ item_id: 1, amount: 2 }])];
      given(sparesSetDecider, history).when(allocate(10, []), testContext()).then([allocated(10, [], [{ item_id: 1, amount: 2 }])]);
      given(sparesSetDecider, history).when(allocate(10, [{ item_id: 1, amount: 2 }]), testContext()).then([]);
      expect(allocationOf(fold([...history, allocated(10, [], [{ item_id: 1, amount: 2 }])]), 10)).toEqual([]);
    });

    it("an amount below 1: 'Количество не может быть меньше 1'", () => {
      given(sparesSetDecider, [registered]).when(allocate(10, [{ item_id: 1, amount: 0 }]), testContext()).thenThrows('Количество не может быть меньше 1', 'invalid');
      given(sparesSetDecider, [registered]).when(allocate(10, [{ item_id: 1, amount: 1.5 }]), testContext()).thenThrows('Количество не может быть меньше 1', 'invalid');
    });

    it("more than what other requests left: 'Количество не может быть больше N (остаток в ЗИПе)'", () => {
      const history = [registered, allocated(11, [{ item_id: 1, amount: 3 }]), allocated(10, [{ item_id: 1, amount: 1 }])];
      expect(remaining(fold(history), 1)).toBe(1);
      expect(remaining(fold(history), 1, 10)).toBe(2);
      given(sparesSetDecider, history)
        .when(allocate(10, [{ item_id: 1, amount: 3 }]), testContext())
        .thenThrows('Количество не может быть больше 2 (остаток в ЗИПе)', 'invalid');
      given(sparesSetDecider, history)
        .when(allocate(10, [{ item_id: 1, amount: 2 }]), testContext())
        .then([allocated(10, [{ item_id: 1, amount: 2 }], [{ item_id: 1, amount: 1 }])]);
    });

    it("nothing left, or several lines over the remainder: 'Превышено количество в ЗИПе'", () => {
      given(sparesSetDecider, [registered, allocated(11, [{ item_id: 2, amount: 1 }])])
        .when(allocate(10, [{ item_id: 2, amount: 1 }]), testContext())
        .thenThrows('Превышено количество в ЗИПе', 'invalid');
      given(sparesSetDecider, [registered])
        .when(allocate(10, [{ item_id: 1, amount: 3 }, { item_id: 1, amount: 3 }]), testContext())
        .thenThrows('Превышено количество в ЗИПе', 'invalid');
      given(sparesSetDecider, [registered])
        .when(allocate(10, [{ item_id: 1, amount: 2 }, { item_id: 1, amount: 3 }]), testContext())
        .then([allocated(10, [{ item_id: 1, amount: 5 }])]);
    });

    it('an unknown item or set is refused', () => {
      given(sparesSetDecider, [registered]).when(allocate(10, [{ item_id: 9, amount: 1 }]), testContext()).thenThrows('Позиция ЗИП не найдена', 'invalid');
      given(sparesSetDecider, []).when(allocate(10, [{ item_id: 1, amount: 1 }]), testContext()).thenThrows('ЗИП не найден', 'not_found');
    });

    it('property: no sequence of allocations ever takes more than the stock', () => {
      const command = fc.record({
        request_id: fc.integer({ min: 1, max: 4 }),
        lines: fc.array(fc.record({ item_id: fc.integer({ min: 1, max: 3 }), amount: fc.integer({ min: -1, max: 6 }) }), { maxLength: 3 }),
      });
      fc.assert(
        fc.property(fc.array(command, { maxLength: 25 }), (commands) => {
          const events: SparesSetEvent[] = [registered];
          let state = fold(events);
          for (const c of commands) {
            try {
              const emitted = sparesSetDecider.decide(state, allocate(c.request_id, c.lines), testContext());
              events.push(...emitted);
              state = emitted.reduce(sparesSetDecider.evolve, state);
            } catch (e) {
              expect(e).toBeInstanceOf(DomainError);
            }
            for (const item of items) expect(remaining(state, item.id)).toBeGreaterThanOrEqual(0);
          }
          expect(fold(events)).toEqual(state);
        }),
        { numRuns: 300 },
      );
    });
  });
});
