import type { SparesSetState } from '../../domain/spares/decider';
import { indexMembers } from '../../infrastructure/write-index';
import type { WriteIndex } from '../aggregate';
import type { WriteContext } from '../context';

/**
 * Which spares sets hold a request's spares: every set stream listed under the ids of the requests
 * it allocates to. Kept by the set's own append, in the same transaction, so a request's current
 * spares are read from the set streams it names, never from the spares read model.
 */
export const requestSparesIndex: WriteIndex<SparesSetState> = {
  name: 'request-spares',
  keysOf: (state) => Object.entries(state.allocations).filter(([, items]) => items.length > 0).map(([requestId]) => requestId),
};

/** Stream ids of the sets holding spares of the request. */
export const setsHoldingSparesOf = (w: Pick<WriteContext, 'pool'>, requestId: number): Promise<string[]> =>
  indexMembers(w.pool, requestSparesIndex.name, String(requestId));
