import type { SigningEventMap } from '../../domain/signing/events';
import { signTransition, type SigningStateName } from '../../domain/signing/machine';
import { documentProjection, table } from '../support/document-projection';

type Row = Record<string, unknown>;

/**
 * Documents to sign (decisions 72–86): one row per signing stream, with the assigned signers as columns
 * (the list filters by them) and the stored signature facts as jsonb.
 */
export const signDocumentsProjection = documentProjection({
  name: 'sign_documents',
  version: 1,
  schema: /* sql */ `
    CREATE TABLE rm_sign_documents (
      doc_id text PRIMARY KEY,
      request_id integer NOT NULL,
      request_number text,
      file_name text NOT NULL,
      checksum text NOT NULL,
      signers_count integer NOT NULL,
      state text NOT NULL,
      signer_iac integer,
      signer_unit integer,
      signer_final integer,
      signatures jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX rm_sign_documents_request ON rm_sign_documents (request_id);
    CREATE INDEX rm_sign_documents_iac ON rm_sign_documents (signer_iac);
    CREATE INDEX rm_sign_documents_unit ON rm_sign_documents (signer_unit);
    CREATE INDEX rm_sign_documents_final ON rm_sign_documents (signer_final);
  `,
  eventTypes: ['SignDocumentStarted', 'DocumentSigned', 'SignDocumentCancelled'],
  tables: [
    table<Row>({
      table: 'rm_sign_documents',
      key: 'doc_id',
      columns: ['doc_id', 'request_id', 'request_number', 'file_name', 'checksum', 'signers_count', 'state', 'signer_iac', 'signer_unit', 'signer_final', 'signatures'],
      keysOf: (e) => [(e.data as { doc_id: string }).doc_id],
      evolve: (row, e) => {
        if (e.type === 'SignDocumentStarted') {
          const d = e.data as SigningEventMap['SignDocumentStarted'];
          return {
            doc_id: d.doc_id,
            request_id: d.request_id,
            request_number: d.request_number,
            file_name: d.file_name,
            checksum: d.checksum,
            signers_count: d.signers_count,
            state: 'waitingIac',
            signer_iac: d.signers.iac,
            signer_unit: d.signers.unit,
            signer_final: d.signers.final,
            signatures: {},
          };
        }
        if (!row) return null;
        // A cancelled document (removed from the request) leaves the lists.
        if (e.type === 'SignDocumentCancelled') return null;
        const d = e.data as SigningEventMap['DocumentSigned'];
        const next = signTransition(row.state as SigningStateName, d.kind, row.signers_count as 2 | 3);
        return {
          ...row,
          state: next ?? row.state,
          signatures: { ...(row.signatures as object), [d.kind]: { signer_id: d.signer_id, signature_file_id: d.signature_file_id, facts: d.facts } },
        };
      },
    }),
  ],
});
