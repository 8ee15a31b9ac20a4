import { sql, type CommonQueryMethods } from 'slonik';
import { actKindTitles, signTypeTitles, type ActKind, type SignType } from '../../../domain/request';
import { FileSection } from './projection';

type Db = Pick<CommonQueryMethods, 'any'>;

/** Section names the client may use in GET /api/request_files/{section}/{id}. */
const sectionAliases: Record<string, FileSection> = {
  attachments: FileSection.ATTACHMENTS,
  request_files: FileSection.ATTACHMENTS,
  files: FileSection.ATTACHMENTS,
  documents: FileSection.DOCUMENTS,
  docs: FileSection.DOCUMENTS,
  request_docs: FileSection.DOCUMENTS,
  comments: FileSection.COMMENTS,
  comment: FileSection.COMMENTS,
  request_comments: FileSection.COMMENTS,
};

export const fileSectionOf = (raw: string): FileSection | null => sectionAliases[raw.toLowerCase()] ?? null;

/** A request file (requests.md 3); signing does not exist yet, so every signer mark is empty. */
export interface RequestFile {
  id: string;
  file_id: string;
  request_id: number;
  request_number: number | null;
  file_name: string;
  mimetype: string | null;
  size: number | null;
  checksum: string | null;
  section: string;
  added_manually: boolean;
  act_kind: string | null;
  act_title: string | null;
  act_number: string | null;
  /** YYYY-MM-DD. */
  act_date: string | null;
  sign_type: string | null;
  sign_type_title: string | null;
  signers_count: number | null;
  signer_iac_id: number | null;
  signer_unit_id: number | null;
  signer_final_id: number | null;
  request_file_signers: unknown[];
  signed: boolean;
  comment_id: number | null;
  user_id: number | null;
  date_time: string | null;
}

export const requestFiles = async (db: Db, requestId: number, section: FileSection): Promise<RequestFile[]> =>
  (
    await db.any(sql.unsafe`
      SELECT f.*, r.number AS request_number FROM rm_request_files f LEFT JOIN rm_requests r ON r.id = f.request_id
      WHERE f.request_id = ${requestId} AND f.section = ${section} ORDER BY f.position, f.idx`)
  ).map((r) => ({
    id: String(r.file_id),
    file_id: String(r.file_id),
    request_id: Number(r.request_id),
    request_number: r.request_number == null ? null : Number(r.request_number),
    file_name: String(r.file_name),
    mimetype: (r.mimetype as string | null) ?? null,
    size: r.size == null ? null : Number(r.size),
    checksum: (r.checksum as string | null) ?? null,
    section: String(r.section),
    // Documents stored by earlier versions carry no flag: then an act was generated, anything else uploaded.
    added_manually: r.added_manually == null ? r.act_kind == null : Boolean(r.added_manually),
    act_number: (r.act_number as string | null) ?? null,
    act_date: (r.act_date as string | null) ?? null,
    act_kind: (r.act_kind as string | null) ?? null,
    act_title: r.act_kind ? actKindTitles[r.act_kind as ActKind] ?? null : null,
    sign_type: (r.sign_type as string | null) ?? null,
    sign_type_title: r.sign_type ? signTypeTitles[r.sign_type as SignType] ?? null : null,
    signers_count: r.signers_count == null ? null : Number(r.signers_count),
    signer_iac_id: null,
    signer_unit_id: null,
    signer_final_id: null,
    request_file_signers: [],
    signed: false,
    comment_id: r.comment_id == null ? null : Number(r.comment_id),
    user_id: r.user_id == null ? null : Number(r.user_id),
    date_time: (r.date_time as string | null) ?? null,
  }));
