/**
 * Movement events. No catalogue of them exists (domain/catalog/definitions.ts has none), so the card
 * offers this small fixed list; a title the server sends with an entry wins over it.
 */
export const toolMovingEvents: readonly { readonly id: number; readonly title: string }[] = [
  { id: 1, title: 'Поступление' },
  { id: 2, title: 'Передача в ремонт' },
  { id: 3, title: 'Возврат из ремонта' },
  { id: 4, title: 'Перемещение на другой объект' },
  { id: 5, title: 'Передача на списание' },
];

export const movingEventTitle = (id: number, fromServer?: string | null): string =>
  fromServer ?? toolMovingEvents.find((e) => e.id === id)?.title ?? 'Событие не найдено';
