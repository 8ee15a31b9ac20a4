import type { SparesSetRow } from '../api/spares-api';

/** One line of the list: region, set, item name, cost, quantity, remainder (equipment.md 2). */
export interface SparesLine {
  readonly key: string;
  readonly set: SparesSetRow;
  readonly first: boolean;
  readonly title: string;
  readonly cost: number;
  readonly amount: number;
  readonly remainder: number;
}

/** The sets of a page as lines, one per item (a set without items still shows one line). */
export const linesOf = (sets: readonly SparesSetRow[]): SparesLine[] =>
  sets.flatMap((set) =>
    set.spares_sets_items.length === 0
      ? [{ key: `${set.id}`, set, first: true, title: '', cost: 0, amount: 0, remainder: 0 }]
      : set.spares_sets_items.map((item, i) => ({
          key: `${set.id}:${item.id ?? i}`,
          set,
          first: i === 0,
          title: item.title,
          cost: Number(item.cost),
          amount: Number(item.amount),
          remainder: item.remainder ?? Number(item.amount) - (item.used ?? 0),
        })),
  );

/** Cost with two decimals (equipment.md 9). */
export const money = (n: number) => n.toFixed(2);
