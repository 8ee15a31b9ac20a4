import { z } from 'zod';
import { hasFull } from '../rights';
import type { RightsObject } from '../rights';
import type { Decider } from '../shared/decider';
import { forbidden, invalid, notFound, refused } from '../shared/errors';
import { boundedInt, id, ID_LIST_MAX, money, PG_INT_MAX, string } from '../shared/primitives';
import { rejectNul, ruErrorMap } from '../shared/validation';
import type { EventOf } from '../shared/events';

/**
 * A spare-parts set (Комплект ЗИП, stream `spares_set-{id}`). The stock is the consistency
 * boundary: the allocations of every request live here, so one append with the expected
 * revision keeps the remainder right under concurrency.
 */

export interface SparesItem {
  id: number;
  code: number;
  title: string;
  cost: number;
  amount: number;
}
export interface SpareAllocation {
  item_id: number;
  amount: number;
}

export interface SparesSetState {
  registered: boolean;
  deleted: boolean;
  id: number | null;
  region_id: number | null;
  title: string;
  contract: string;
  items: SparesItem[];
  /** Request id -> that request's whole allocation in this set. */
  allocations: Record<string, SpareAllocation[]>;
}

export type SparesSetEventMap = {
  SparesSetRegistered: { id: number; region_id: number; title: string; contract: string; items: SparesItem[] };
  SparesSetItemAdded: { item: SparesItem };
  SparesAllocatedToRequest: { request_id: number; items: SpareAllocation[]; previous: SpareAllocation[] };
  /** The whole set after an edit: kept items keep their ids, new ones bring theirs, `removed` are gone. */
  SparesSetUpdated: { region_id: number; title: string; contract: string; items: SparesItem[]; removed: number[] };
  SparesSetItemRemoved: { item_id: number };
  SparesSetDeleted: Record<string, never>;
};
export type SparesSetEvent = EventOf<SparesSetEventMap>;

interface SparesActor {
  userId: number;
  rights: RightsObject;
}

export interface RegisterSparesSet {
  type: 'RegisterSparesSet';
  actor: SparesActor;
  id: number;
  region_id: number;
  title: string;
  contract: string;
  items: SparesItem[];
}
export interface AddSparesSetItem {
  type: 'AddSparesSetItem';
  actor: SparesActor;
  item: SparesItem;
}
/**
 * Replaces the request's whole allocation in this set (an empty list clears it). The request
 * handler sends it after it has checked the request save (rights, repair type).
 */
export interface AllocateSparesToRequest {
  type: 'AllocateSparesToRequest';
  request_id: number;
  items: SpareAllocation[];
}
/** The edit dialog's save: the set's fields and its whole item list (items without an id are new). */
export interface UpdateSparesSet {
  type: 'UpdateSparesSet';
  actor: SparesActor;
  region_id: number;
  title: string;
  contract: string;
  items: SparesItem[];
}
/** Deletion of one item by its own action: only while more than one remains and no request holds it. */
export interface RemoveSparesSetItem {
  type: 'RemoveSparesSetItem';
  actor: SparesActor;
  item_id: number;
}
export interface DeleteSparesSet {
  type: 'DeleteSparesSet';
  actor: SparesActor;
}
export type SparesSetCommand = RegisterSparesSet | AddSparesSetItem | AllocateSparesToRequest | UpdateSparesSet | RemoveSparesSetItem | DeleteSparesSet;

export const sparesSetStreamId = (id: number | string): string => `spares_set-${id}`;

export const sparesMessages = {
  amountMin: 'Количество не может быть меньше 1',
  amountMax: (n: number) => `Количество не может быть больше ${n} (остаток в ЗИПе)`,
  exceeded: 'Превышено количество в ЗИПе',
  unknownItem: 'Позиция ЗИП не найдена',
  notFound: 'ЗИП не найден',
  exists: 'ЗИП уже существует',
  itemExists: 'Позиция ЗИП с таким идентификатором уже существует',
  noRight: 'Недостаточно прав для изменения ЗИП',
  text: 'Значение от 1 до 100 символов',
  itemTitle: 'Наименование от 1 до 100 символов',
  // The spec's texts, letters as given.
  cost: 'Cтоимость ?',
  amount: 'Kоличество ?',
  noItems: 'Добавьте хотя бы одну позицию ЗИП',
  lastItem: 'Нельзя удалить последнюю позицию ЗИП',
  itemUsed: 'Позиция ЗИП использована в заявках, ее нельзя удалить',
  belowUsed: (n: number) => `Количество не может быть меньше ${n} (использовано в заявках)`,
  setUsed: 'ЗИП использован в заявках, его нельзя удалить',
  region: 'Укажите регион',
  saved: 'ЗИП сохранен',
  deleted: 'ЗИП удален',
} as const;

export const initialSparesSetState = (): SparesSetState => ({
  registered: false,
  deleted: false,
  id: null,
  region_id: null,
  title: '',
  contract: '',
  items: [],
  allocations: {},
});

/** Stock amount of the item minus what all requests (but `exceptRequestId`) hold. */
export const remaining = (state: SparesSetState, itemId: number, exceptRequestId?: number): number => {
  const item = state.items.find((i) => i.id === itemId);
  if (!item) return 0;
  let used = 0;
  for (const [requestId, lines] of Object.entries(state.allocations)) {
    if (exceptRequestId !== undefined && Number(requestId) === exceptRequestId) continue;
    for (const l of lines) if (l.item_id === itemId) used += l.amount;
  }
  return item.amount - used;
};

export const allocationOf = (state: SparesSetState, requestId: number): SpareAllocation[] =>
  state.allocations[String(requestId)] ?? [];

export const sparesItemSchema = z.object({
  id: id({ coerce: false }),
  code: boundedInt(0, PG_INT_MAX, { message: sparesMessages.text }),
  title: string(sparesMessages.itemTitle).trim().min(1, sparesMessages.itemTitle).max(99, sparesMessages.itemTitle),
  cost: money({ message: sparesMessages.cost }),
  amount: boundedInt(0, PG_INT_MAX, { message: sparesMessages.amount }),
});
export const sparesSetSchema = z.object({
  title: string(sparesMessages.text).trim().min(1, sparesMessages.text).max(99, sparesMessages.text),
  contract: string(sparesMessages.text).trim().min(1, sparesMessages.text).max(99, sparesMessages.text),
  items: z.array(sparesItemSchema, { invalid_type_error: sparesMessages.noItems }).min(1, sparesMessages.noItems).max(ID_LIST_MAX, sparesMessages.noItems),
});

const parse = <T extends z.ZodTypeAny>(schema: T, data: unknown): z.output<T> => {
  rejectNul(data);
  const r = schema.safeParse(data, { errorMap: ruErrorMap });
  if (r.success) return r.data as z.output<T>;
  const fieldErrors: Record<string, string> = {};
  for (const i of r.error.issues) fieldErrors[i.path.join('.')] ??= i.message;
  throw invalid(r.error.issues[0]?.message ?? sparesMessages.text, fieldErrors);
};

/**
 * Validates a request's allocation against the stock: each amount at least 1 and at most what
 * is left for this request; several lines of one item together within the remainder.
 */
export const checkAllocation = (state: SparesSetState, requestId: number, items: readonly SpareAllocation[]): SpareAllocation[] => {
  const totals = new Map<number, number>();
  items.forEach((line, i) => {
    const path = `items.${i}.amount`;
    if (!Number.isInteger(line.amount) || line.amount < 1) throw invalid(sparesMessages.amountMin, { [path]: sparesMessages.amountMin });
    if (!state.items.some((it) => it.id === line.item_id)) throw invalid(sparesMessages.unknownItem, { [`items.${i}.item_id`]: sparesMessages.unknownItem });
    const left = remaining(state, line.item_id, requestId);
    if (left < 1) throw invalid(sparesMessages.exceeded, { [path]: sparesMessages.exceeded });
    if (line.amount > left) throw invalid(sparesMessages.amountMax(left), { [path]: sparesMessages.amountMax(left) });
    const total = (totals.get(line.item_id) ?? 0) + line.amount;
    if (total > left) throw invalid(sparesMessages.exceeded, { [path]: sparesMessages.exceeded });
    totals.set(line.item_id, total);
  });
  return [...totals].map(([item_id, amount]) => ({ item_id, amount }));
};

export const evolveSparesSet = (state: SparesSetState, event: SparesSetEvent): SparesSetState => {
  switch (event.type) {
    case 'SparesSetRegistered':
      return { ...initialSparesSetState(), ...event.data, registered: true };
    case 'SparesSetItemAdded':
      return { ...state, items: [...state.items, event.data.item] };
    case 'SparesSetUpdated': {
      const { region_id, title, contract, items } = event.data;
      return { ...state, region_id, title, contract, items };
    }
    case 'SparesSetItemRemoved':
      return { ...state, items: state.items.filter((i) => i.id !== event.data.item_id) };
    case 'SparesSetDeleted':
      return { ...state, deleted: true };
    case 'SparesAllocatedToRequest': {
      const allocations = { ...state.allocations };
      if (event.data.items.length) allocations[String(event.data.request_id)] = event.data.items;
      else delete allocations[String(event.data.request_id)];
      return { ...state, allocations };
    }
  }
};

const sameAllocation = (a: readonly SpareAllocation[], b: readonly SpareAllocation[]) =>
  a.length === b.length && a.every((x) => b.some((y) => y.item_id === x.item_id && y.amount === x.amount));

/** How much of an item all requests hold together. */
export const usedOf = (state: SparesSetState, itemId: number): number => {
  const item = state.items.find((i) => i.id === itemId);
  return item ? item.amount - remaining(state, itemId) : 0;
};

const ensureLive = (state: SparesSetState) => {
  if (!state.registered || state.deleted) throw notFound(sparesMessages.notFound);
};

export const decideSparesSet = (state: SparesSetState, command: SparesSetCommand): SparesSetEvent[] => {
  switch (command.type) {
    case 'UpdateSparesSet': {
      ensureLive(state);
      if (!hasFull(command.actor.rights, 'RIGHT_ZIP')) throw forbidden(sparesMessages.noRight);
      const data = parse(sparesSetSchema, command);
      const ids = new Set(data.items.map((i) => i.id));
      if (ids.size !== data.items.length) throw refused(sparesMessages.itemExists);
      const removed = state.items.filter((i) => !ids.has(i.id)).map((i) => i.id);
      // An item a request holds stays, and its amount never drops below what requests hold.
      for (const id of removed) if (usedOf(state, id) > 0) throw refused(sparesMessages.itemUsed);
      data.items.forEach((item, i) => {
        const used = usedOf(state, item.id);
        if (item.amount < used) throw invalid(sparesMessages.belowUsed(used), { [`items.${i}.amount`]: sparesMessages.belowUsed(used) });
      });
      const same =
        state.region_id === command.region_id && state.title === data.title && state.contract === data.contract &&
        JSON.stringify(state.items) === JSON.stringify(data.items);
      if (same) return [];
      return [{ type: 'SparesSetUpdated', data: { region_id: command.region_id, title: data.title, contract: data.contract, items: data.items, removed } }];
    }
    case 'RemoveSparesSetItem': {
      ensureLive(state);
      if (!hasFull(command.actor.rights, 'RIGHT_ZIP')) throw forbidden(sparesMessages.noRight);
      if (!state.items.some((i) => i.id === command.item_id)) throw notFound(sparesMessages.unknownItem);
      if (state.items.length <= 1) throw refused(sparesMessages.lastItem);
      if (usedOf(state, command.item_id) > 0) throw refused(sparesMessages.itemUsed);
      return [{ type: 'SparesSetItemRemoved', data: { item_id: command.item_id } }];
    }
    case 'DeleteSparesSet': {
      ensureLive(state);
      if (!hasFull(command.actor.rights, 'RIGHT_ZIP')) throw forbidden(sparesMessages.noRight);
      if (Object.keys(state.allocations).length > 0) throw refused(sparesMessages.setUsed);
      return [{ type: 'SparesSetDeleted', data: {} }];
    }
    case 'RegisterSparesSet': {
      if (!hasFull(command.actor.rights, 'RIGHT_ZIP')) throw forbidden(sparesMessages.noRight);
      if (state.registered) throw refused(sparesMessages.exists);
      const data = parse(sparesSetSchema, command);
      return [
        {
          type: 'SparesSetRegistered',
          data: { id: command.id, region_id: command.region_id, title: data.title, contract: data.contract, items: data.items },
        },
      ];
    }
    case 'AddSparesSetItem': {
      ensureLive(state);
      if (!hasFull(command.actor.rights, 'RIGHT_ZIP')) throw forbidden(sparesMessages.noRight);
      const item = parse(sparesItemSchema, command.item);
      if (state.items.some((i) => i.id === item.id)) throw refused(sparesMessages.itemExists);
      return [{ type: 'SparesSetItemAdded', data: { item } }];
    }
    case 'AllocateSparesToRequest': {
      ensureLive(state);
      const items = checkAllocation(state, command.request_id, command.items);
      const previous = allocationOf(state, command.request_id);
      if (sameAllocation(items, previous)) return [];
      return [{ type: 'SparesAllocatedToRequest', data: { request_id: command.request_id, items, previous } }];
    }
  }
};

export const sparesSetDecider: Decider<SparesSetState, SparesSetCommand, SparesSetEvent> = {
  initialState: initialSparesSetState,
  evolve: evolveSparesSet,
  decide: (state, command) => decideSparesSet(state, command),
};
