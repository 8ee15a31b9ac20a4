import { sparesSetDecider, sparesSetStreamId, type SpareAllocation } from '../../domain/spares/decider';
import type { CommandContext } from '../../domain/shared/events';
import { invalid } from '../../domain/shared/errors';
import type { EventStore, Position } from '../../infrastructure/eventstore/port';
import type { Logger } from '../../infrastructure/logger';
import { readAggregate } from '../aggregate';
import { latest, type WriteContext } from '../context';
import { handleCommand } from '../handle-command';
import { setsHoldingSparesOf } from './request-spares-index';

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

/**
 * The request's spares now, from the spares-set streams that hold them (found through the
 * `request-spares` write-side index, which moves with those streams): never from a read model.
 */
export const currentSpareLines = async (w: Pick<WriteContext, 'store' | 'pool'>, requestId: number): Promise<SpareLine[]> => {
  const streams = await setsHoldingSparesOf(w, requestId);
  const sets = await Promise.all(streams.map((streamId) => readAggregate(w.store, sparesSetDecider, streamId)));
  return sets
    .flatMap(({ state }) => (state.allocations[String(requestId)] ?? []).map((a) => ({ spares_set_id: state.id!, item_id: a.item_id, amount: a.amount })))
    .sort((a, b) => a.spares_set_id - b.spares_set_id || a.item_id - b.item_id);
};

const bySet = (lines: readonly SpareLine[]) => {
  const m = new Map<number, SpareAllocation[]>();
  for (const l of lines) m.set(l.spares_set_id, [...(m.get(l.spares_set_id) ?? []), { item_id: l.item_id, amount: l.amount }]);
  return m;
};

export const sameSpares = (a: readonly SpareLine[], b: readonly SpareLine[]) => {
  const key = (l: SpareLine) => `${l.spares_set_id}:${l.item_id}:${l.amount}`;
  return a.length === b.length && [...a].map(key).sort().join() === [...b].map(key).sort().join();
};

export interface AppliedSparesStep {
  readonly position: Position | null;
  /** Puts every touched set back to the request's previous allocation (the request's own append failed). */
  compensate(): Promise<void>;
}

/**
 * The cross-stream step of a request command that moves spares. Order: (1) `apply` replaces the
 * request's allocation in every set concerned, set by set in id order, each deciding against its
 * own stock with its expected revision (two requests can never over-allocate one item); a set that
 * refuses puts the sets already changed back and its refusal (a Russian message) goes to the caller;
 * (2) the caller appends the request's own events; (3) if that append fails, the caller runs
 * `compensate`, which puts every set back (a set that cannot be put back is logged, not thrown).
 * There is no shared transaction across streams: between (1) and (3) other readers may see the
 * new allocation for a moment.
 */
export const requestSparesStep = {
  apply: async (
    store: EventStore,
    requestId: number,
    current: readonly SpareLine[],
    desired: readonly SpareLine[],
    context: CommandContext,
    log: Logger,
  ): Promise<AppliedSparesStep> => {
    const before = bySet(current);
    const after = bySet(desired);
    const sets = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
    const done: Array<{ setId: number; previous: SpareAllocation[] }> = [];
    let position: Position | null = null;
    const compensate = async () => {
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
      await compensate();
      throw error;
    }
    return { position, compensate };
  },
};

/**
 * Gives back every spare the request holds (a recalled or deleted request): the step alone, after
 * the request's own events are appended, so there is nothing to compensate.
 */
export const releaseRequestSpares = async (w: Pick<WriteContext, 'store' | 'pool'> & { log: Logger }, requestId: number, context: CommandContext) => {
  const current = await currentSpareLines(w, requestId);
  return current.length ? requestSparesStep.apply(w.store, requestId, current, [], context, w.log) : null;
};
