import type { FileRef, RequestDocument, RequestEventMap } from '../../../domain/request';
import type { StoredEvent } from '../../../infrastructure/eventstore/port';
import { documentProjection, table } from '../../support/document-projection';
import { requestIdOf } from '../list/projection';

type Row = Record<string, unknown>;

/** Sections of request files: the common tab's attachments, the documents tab, comment files. */
export const FileSection = { ATTACHMENTS: 'attachments', DOCUMENTS: 'documents', COMMENTS: 'comments' } as const;
export type FileSection = (typeof FileSection)[keyof typeof FileSection];

interface FileHit {
  section: FileSection;
  file: FileRef & Partial<Pick<RequestDocument, 'act_kind' | 'sign_type' | 'signers_count' | 'act_number' | 'act_date' | 'added_manually'>>;
  comment_id: number | null;
  idx: number;
  removed: boolean;
}

/** The files an event adds or removes, in their order within the event. */
const filesOf = (e: StoredEvent): FileHit[] => {
  switch (e.type) {
    case 'RequestRegistered':
      return (e.data as RequestEventMap['RequestRegistered']).attachments.map((file, idx) => ({ section: 'attachments', file, comment_id: null, idx, removed: false }));
    case 'RequestAttachmentAdded':
      return [{ section: 'attachments', file: (e.data as RequestEventMap['RequestAttachmentAdded']).file, comment_id: null, idx: 0, removed: false }];
    case 'RequestAttachmentRemoved': {
      const d = e.data as RequestEventMap['RequestAttachmentRemoved'];
      return [{ section: 'attachments', file: { file_id: d.file_id, file_name: d.file_name, mimetype: '', size: 0, checksum: '' }, comment_id: null, idx: 0, removed: true }];
    }
    case 'RequestDocumentAttached':
      return [{ section: 'documents', file: (e.data as RequestEventMap['RequestDocumentAttached']).document, comment_id: null, idx: 0, removed: false }];
    case 'RequestActGenerated':
      return [{ section: 'documents', file: (e.data as RequestEventMap['RequestActGenerated']).document, comment_id: null, idx: 0, removed: false }];
    case 'RequestDocumentRemoved': {
      const d = e.data as RequestEventMap['RequestDocumentRemoved'];
      return [{ section: 'documents', file: { file_id: d.file_id, file_name: d.file_name, mimetype: '', size: 0, checksum: '' }, comment_id: null, idx: 0, removed: true }];
    }
    case 'RequestCommentAdded': {
      const d = e.data as RequestEventMap['RequestCommentAdded'];
      return (d.files ?? []).map((file, idx) => ({ section: 'comments', file, comment_id: d.comment_id, idx, removed: false }));
    }
    default:
      return [];
  }
};

const keyOf = (requestId: number, section: string, fileId: string) => `${requestId}:${section}:${fileId}`;

/** Files per request and section; a removed attachment or document disappears from its section. */
export const requestFilesProjection = documentProjection({
  name: 'request-files',
  version: 2,
  schema: /* sql */ `
    CREATE TABLE rm_request_files (
      key text PRIMARY KEY,
      request_id integer NOT NULL,
      section text NOT NULL,
      file_id text NOT NULL,
      file_name text NOT NULL,
      mimetype text,
      size bigint,
      checksum text,
      act_kind text,
      sign_type text,
      signers_count integer,
      act_number text,
      act_date text,
      added_manually boolean,
      comment_id integer,
      user_id integer,
      date_time timestamptz,
      position bigint NOT NULL,
      idx integer NOT NULL
    );
    CREATE INDEX rm_request_files_request ON rm_request_files (request_id, section, position, idx);
  `,
  eventTypes: ['RequestRegistered', 'RequestAttachmentAdded', 'RequestAttachmentRemoved', 'RequestDocumentAttached', 'RequestActGenerated', 'RequestDocumentRemoved', 'RequestCommentAdded'],
  tables: [
    table<Row>({
      table: 'rm_request_files',
      key: 'key',
      columns: [
        'key', 'request_id', 'section', 'file_id', 'file_name', 'mimetype', 'size', 'checksum', 'act_kind', 'sign_type',
        'signers_count', 'act_number', 'act_date', 'added_manually', 'comment_id', 'user_id', 'date_time', 'position', 'idx',
      ],
      keysOf: (e) => {
        const id = requestIdOf(e.streamId);
        return id === null ? [] : filesOf(e).map((h) => keyOf(id, h.section, h.file.file_id));
      },
      evolve: (row, e, key) => {
        const id = requestIdOf(e.streamId)!;
        const hit = filesOf(e).find((h) => keyOf(id, h.section, h.file.file_id) === key);
        if (!hit) return row;
        if (hit.removed) return null;
        const f = hit.file;
        return {
          key,
          request_id: id,
          section: hit.section,
          file_id: f.file_id,
          file_name: f.file_name,
          mimetype: f.mimetype ?? null,
          size: f.size ?? null,
          checksum: f.checksum ?? null,
          act_kind: f.act_kind ?? null,
          sign_type: f.sign_type ?? null,
          signers_count: f.signers_count ?? null,
          act_number: f.act_number ?? null,
          act_date: f.act_date ?? null,
          // Absent on documents stored by earlier versions: the reader falls back to 'not an act'.
          added_manually: f.added_manually ?? null,
          comment_id: hit.comment_id,
          user_id: e.metadata?.userId ?? null,
          date_time: e.metadata?.timestamp ?? null,
          position: e.position.prepare.toString(),
          idx: hit.idx,
        };
      },
    }),
  ],
});
