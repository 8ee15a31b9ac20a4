import type { RequestState } from '../../domain/request/state';
import { protectedToolIdsOf } from '../../domain/tool-import';
import type { WriteIndex } from '../aggregate';

/**
 * Live requests by the tools they name (issue 33: the import never deletes a tool under a live
 * request). Kept by the request's own append, in its transaction, so the import decides from the
 * log's present, not from a read model that may lag it.
 */
export const protectedToolsIndex: WriteIndex<RequestState> = {
  name: 'protected-tools',
  keysOf: (state) => protectedToolIdsOf(state).map(String),
};
