import { streamTypeOf } from '../infrastructure/eventstore/stream-type';
import { requestSchemaVersions } from '../domain/request/events';
import { toolSchemaVersions, toolsSetSchemaVersions } from '../domain/tool/events';
import type { StreamRegistration, WriteIndex } from './aggregate';
import { roleHoldersIndex } from './role/role-holders';
import { requestSparesIndex } from './spares/request-spares-index';
import { certificateHoldersIndex } from './signing/certificate-holders';
import { openInventoryIndex } from './inventory/open-rounds-index';
import { protectedToolsIndex } from './tool-import/protected-tools-index';
import { userSchemaVersions } from '../domain/user/decider';
import { hotlineNumberIndex } from './request/hotline-number-index';

/**
 * Per stream type (the id's prefix before the first dash), what the write path adds to a decision:
 * schema versions stamped on the events and the write-side indexes moved with them. Keyed by stream
 * type rather than passed by callers, so no handler can append without them.
 */
const registrations: Readonly<Record<string, StreamRegistration<never>>> = {
  // request-{id}: listed under its hot line number (unique per hot line) and under the tools a live
  // request names (the import keeps them).
  request: { schemaVersions: requestSchemaVersions, indexes: [hotlineNumberIndex, protectedToolsIndex] },
  user: { indexes: [roleHoldersIndex], schemaVersions: userSchemaVersions },
  spares_set: { indexes: [requestSparesIndex] },
  tool: { schemaVersions: toolSchemaVersions },
  tools_set: { schemaVersions: toolsSetSchemaVersions },
  // sign-document-{fileId} (decisions 72–86: its own stream per document to sign) and the trusted roots list.
  sign: {},
  trusted_roots: {},
  // user_certificates-{userId}: the signing certificates registered to an account.
  user_certificates: { indexes: [certificateHoldersIndex] },
  // Support news (news-{id}) and manual folders with their items (manual-{folderId}), decisions 57–66.
  news: {},
  manual: {},
  // request_inner-{id}: requests to the administrator and their answers (decisions 57–66).
  request_inner: {},
  // inventory-{id}: inventory rounds, listed by the units of an open round.
  inventory: { indexes: [openInventoryIndex] },
};

export { streamTypeOf };

export const registrationOf = <S>(streamId: string): StreamRegistration<S> =>
  (registrations[streamTypeOf(streamId)] ?? {}) as StreamRegistration<S>;

/** Every write-side index with the stream type whose state keeps it (for filling from the log). */
export const writeIndexes = (): Array<{ streamType: string; index: WriteIndex<unknown> }> =>
  Object.entries(registrations).flatMap(([streamType, r]) => (r.indexes ?? []).map((index) => ({ streamType, index: index as WriteIndex<unknown> })));
