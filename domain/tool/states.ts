/** Tool states as the calls use them (equipment.md 3: the numbered list). */
export const ToolState = {
  IN_WORK: 1,
  BROKEN: 2,
  WAITING_RECLAIM: 3,
  RECLAIMED: 4,
  WAITING: 5,
  UTILIZED: 6,
} as const;
export type ToolState = (typeof ToolState)[keyof typeof ToolState];

export const toolStateTitles: Record<ToolState, string> = {
  1: 'В работе',
  2: 'Неисправно',
  3: 'Ожидает списания',
  4: 'Списано',
  5: 'Ожидает ввода в эксплуатацию',
  6: 'Утилизировано',
};

/** Owner types: 1 balance holder's tool (counts as owned), 2 main asset, 3 other. */
export const OwnerType = { HOST: 1, BASE: 2, OTHER: 3 } as const;
export const ownerTypeTitles: Record<number, string> = { 1: 'Оборудование балансодержателя', 2: 'Основное средство', 3: 'Прочее' };
