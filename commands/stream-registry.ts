import { streamTypeOf } from '../infrastructure/eventstore/stream-type';
import { requestSchemaVersions } from '../domain/request/events';
import { toolSchemaVersions, toolsSetSchemaVersions } from '../domain/tool/events';
import type { StreamRegistration, WriteIndex } from './aggregate';
import { roleHoldersIndex } from './role/role-holders';
import { requestSparesIndex } from './spares/request-spares-index';

/**
 * Per stream type (the id's prefix before the first dash), what the write path adds to a decision:
 * schema versions stamped on the events and the write-side index moved with them. Keyed by stream
 * type rather than passed by callers, so no handler can append without them.
 */
const registrations: Readonly<Record<string, StreamRegistration<never>>> = {
  request: { schemaVersions: requestSchemaVersions },
  user: { index: roleHoldersIndex },
  spares_set: { index: requestSparesIndex },
  tool: { schemaVersions: toolSchemaVersions },
  tools_set: { schemaVersions: toolsSetSchemaVersions },
  // sign-document-{fileId} (issue 13: its own stream per document to sign) and the trusted roots list.
  sign: {},
  trusted_roots: {},
  // Support news (news-{id}) and manual folders with their items (manual-{folderId}), issue 16.
  news: {},
  manual: {},
  // request_inner-{id}: requests to the administrator and their answers (issue 16).
  request_inner: {},
};

export { streamTypeOf };

export const registrationOf = <S>(streamId: string): StreamRegistration<S> =>
  (registrations[streamTypeOf(streamId)] ?? {}) as StreamRegistration<S>;

/** Every write-side index with the stream type whose state keeps it (for filling from the log). */
export const writeIndexes = (): Array<{ streamType: string; index: WriteIndex<unknown> }> =>
  Object.entries(registrations).flatMap(([streamType, r]) => (r.index ? [{ streamType, index: r.index as WriteIndex<unknown> }] : []));
