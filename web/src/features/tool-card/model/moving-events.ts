import { toolMovingEventTitle } from '@domain/tool/movings';

// The movement events are the domain's fixed list (no catalogue of them exists yet).
export { toolMovingEvents } from '@domain/tool/movings';

/** An entry's event title: the server's (it knows a catalogue's items too), else the fixed list's. */
export const movingEventTitle = (id: number, fromServer?: string | null): string => fromServer ?? toolMovingEventTitle(id) ?? 'Событие не найдено';
