/**
 * Movement events of the Movement tab (equipment.md 3: date_time, event_id, comment). The spec names
 * no catalogue for them, so the registry keeps this fixed list; a catalogue 'tool_moving_events', when
 * one is added, extends it (the write side accepts an id of either).
 */
export const toolMovingEvents: ReadonlyArray<{ readonly id: number; readonly title: string }> = [
  { id: 1, title: 'Поступление' },
  { id: 2, title: 'Перемещение между объектами' },
  { id: 3, title: 'Передача в ремонт' },
  { id: 4, title: 'Возврат из ремонта' },
  { id: 5, title: 'Передача на хранение' },
  { id: 6, title: 'Списание' },
  { id: 7, title: 'Утилизация' },
];

export const toolMovingEventTitle = (id: number): string | null => toolMovingEvents.find((e) => e.id === id)?.title ?? null;
