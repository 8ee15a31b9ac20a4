import { SignType } from '../../domain/request/enums';
import type { RequestDocument } from '../../domain/request/state';
import type { AssignedSigners } from '../../domain/signing/events';
import { isDomainError } from '../../domain/shared/errors';
import type { Reaction } from '../../infrastructure/reaction';
import type { Logger } from '../../infrastructure/logger';
import type { WriteContext } from '../context';
import { loadRequest } from '../request/load';
import { cancelSigning, startSigning } from './signing';

const triggers = new Set(['RequestActGenerated', 'RequestDocumentAttached', 'RequestDocumentRemoved']);

/** The document as the request events carry it; `signers` comes with decisions 72–86's acts (contract). */
type DocumentWithSigners = RequestDocument & { signers?: AssignedSigners | null };

/**
 * A document with electronic signing and assigned signers gets its own signing stream
 * (sign-document-{fileId}); removing the document cancels it. Idempotent: a started stream is not
 * started again, a cancelled one not cancelled again, so a replay changes nothing.
 */
export const signingStartReaction = (w: WriteContext, log: Logger): Reaction => ({
  name: 'reaction:signing-documents',
  eventTypes: triggers,
  handle: async (events) => {
    let acted = false;
    for (const e of events) {
      const ctx = { userId: e.metadata.userId, now: e.metadata.timestamp, correlationId: e.metadata.correlationId, causationId: `${e.streamId}@${e.revision}` };
      try {
        if (e.type === 'RequestDocumentRemoved') {
          acted = true;
          await cancelSigning(w, (e.data as { file_id: string }).file_id, ctx);
          continue;
        }
        const doc = (e.data as { document: DocumentWithSigners }).document;
        const signers = doc.signers;
        if (doc.sign_type !== SignType.ELECTRON || !signers || (signers.iac === null && signers.unit === null && signers.final === null)) continue;
        const requestId = Number(e.streamId.slice('request-'.length));
        acted = true;
        const { state } = await loadRequest(w, requestId);
        await startSigning(
          w,
          {
            doc_id: doc.file_id,
            request_id: requestId,
            request_number: state.number == null ? null : String(state.number),
            file_name: doc.file_name,
            checksum: doc.checksum,
            signers_count: doc.signers_count,
            signers: { iac: signers.iac, unit: signers.unit, final: doc.signers_count === 2 ? null : signers.final },
          },
          ctx,
        );
      } catch (error) {
        if (isDomainError(error)) log.info({ event: `${e.streamId}@${e.revision}`, err: error.message }, 'signing reaction: refused, skipped');
        else throw error;
      }
    }
    return acted ? 'acted' : 'none';
  },
});
