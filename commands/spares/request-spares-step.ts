import { sql, type DatabasePool } from 'slonik';
import { sparesSetDecider, sparesSetStreamId, type SpareAllocation } from '../../domain/spares/decider';
import type { CommandContext } from '../../domain/shared/events';
import { invalid } from '../../domain/shared/errors';
import { handleCommand } from '../handle-command';
import type { Logger } from '../../infrastructure/logger';
import { latest } from '../context';
import type { EventStore, Position } from '../../infrastructure/eventstore/port';

/** One line of a request's spares as the dialog sends it. */
export interface SpareLine {
  readonly spares_set_id: number;
  readonly item_id: number;
  readonly amount: number;
}

export const parseSpareLines = (raw: unknown): SpareLine[] => {
  if (!Array.isArray(raw)) throw invalid('Неверный список ЗИП');
  return raw.map((r: Record<string, unknown>, i) => {
    const spares_set_id = Number(r.spares_set_id ?? r.set_id);
    const item_id = Number(r.item_id ?? r.spare_id ?? r.id);
    const amount = Number(r.amount);
    if (!Number.isInteger(spares_set_id) || spares_set_id <= 0 || !Number.isInteger(item_id) || item_id <= 0)
      throw invalid('Не указана позиция ЗИП', { [`spares.${i}`]: 'Не указана позиция ЗИП' });
    return { spares_set_id, item_id, amount };
  });
};

/** The sets holding a request's spares now, from the spares read model. */
export const currentSpareLines = async (pool: DatabasePool, requestId: number): Promise<SpareLine[]> =>
  (await pool.any(sql.unsafe`
    SELECT spares_set_id, item_id, amount FROM rm_request_spares WHERE request_id = ${requestId} ORDER BY spares_set_id, item_id`)).map(
    (r) => ({ spares_set_id: Number(r.spares_set_id), item_id: Number(r.item_id), amount: Number(r.amount) }),
  );

const bySet = (lines: readonly SpareLine[]) => {
  const m = new Map<number, SpareAllocation[]>();
  for (const l of lines) m.set(l.spares_set_id, [...(m.get(l.spares_set_id) ?? []), { item_id: l.item_id, amount: l.amount }]);
  return m;
};

export const sameSpares = (a: readonly SpareLine[], b: readonly SpareLine[]) => {
  const key = (l: SpareLine) => `${l.spares_set_id}:${l.item_id}:${l.amount}`;
  return a.length === b.length && [...a].map(key).sort().join() === [...b].map(key).sort().join();
};

export interface SparesChange {
  readonly position: Position | null;
  /** Puts every touched set back to the request's previous allocation (the request save failed). */
  undo(): Promise<void>;
}

/**
 * Replaces a request's spares in every set concerned. Each set decides against its own stock with
 * its expected revision, so two requests can never over-allocate one item. When one set refuses,
 * the sets already changed are put back and the refusal (with its Russian message) goes to the caller.
 */
export const replaceRequestSpares = async (
  store: EventStore,
  requestId: number,
  current: readonly SpareLine[],
  desired: readonly SpareLine[],
  context: CommandContext,
  log: Logger,
): Promise<SparesChange> => {
  const before = bySet(current);
  const after = bySet(desired);
  const sets = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  const done: Array<{ setId: number; previous: SpareAllocation[] }> = [];
  let position: Position | null = null;
  const undo = async () => {
    for (const d of done.reverse()) {
      try {
        await handleCommand(store, sparesSetDecider, sparesSetStreamId(d.setId), { type: 'AllocateSparesToRequest', request_id: requestId, items: d.previous }, context);
      } catch (error) {
        log.error({ requestId, setId: d.setId, err: String(error) }, 'could not restore the previous spares allocation');
      }
    }
  };
  try {
    for (const setId of sets) {
      const items = after.get(setId) ?? [];
      const r = await handleCommand(store, sparesSetDecider, sparesSetStreamId(setId), { type: 'AllocateSparesToRequest', request_id: requestId, items }, context);
      if (r.events.length) {
        done.push({ setId, previous: r.events[0]!.type === 'SparesAllocatedToRequest' ? r.events[0]!.data.previous : before.get(setId) ?? [] });
        position = latest(position, r.position);
      }
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return { position, undo };
};
