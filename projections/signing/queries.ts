import { sql, type DatabasePool } from 'slonik';
import type { SignatureFacts, SignerKind } from '../../domain/signing/events';
import { nextKindOf, type SigningStateName } from '../../domain/signing/machine';
import { CUSTOM_PLAN } from '../../infrastructure/perf/prepared-statements';

/** One signer of a document as the lists show it (contract of decisions 72–86). */
export interface SignerView {
  id: number;
  name: string;
  signed: boolean;
  signedAt: string | null;
  owner: string | null;
  serial: string | null;
}

export interface SignFileView {
  docId: string;
  requestId: number;
  requestNumber: string | null;
  fileName: string;
  signersCount: 2 | 3;
  signers: Record<SignerKind, SignerView | null>;
  mySignerKinds: SignerKind[];
  nextSignerKind: SignerKind | null;
}

export interface SignatureRecordView {
  signer_id: number;
  signature_file_id: string;
  facts: SignatureFacts;
}

export interface SignDocumentRow {
  doc_id: string;
  request_id: number;
  request_number: string | null;
  file_name: string;
  checksum: string;
  signers_count: 2 | 3;
  state: SigningStateName;
  signer_iac: number | null;
  signer_unit: number | null;
  signer_final: number | null;
  signatures: Partial<Record<SignerKind, SignatureRecordView>>;
  names: Record<string, string>;
}

export interface SignFilesFilter {
  /** null: every document (an administrator's read-only view). */
  readonly userId: number | null;
  readonly me: number;
  readonly kinds: readonly SignerKind[];
  readonly unsignedOnly: boolean;
  readonly page: number;
  readonly pageSize: number;
}

const kinds: readonly SignerKind[] = ['iac', 'unit', 'final'];

const columns = sql.fragment`
  d.doc_id, d.request_id, d.request_number, d.file_name, d.checksum, d.signers_count, d.state,
  d.signer_iac, d.signer_unit, d.signer_final, d.signatures,
  COALESCE((SELECT jsonb_object_agg(u.id::text, u.fio) FROM rm_users u
            WHERE u.id IN (d.signer_iac, d.signer_unit, d.signer_final)), '{}'::jsonb) AS names`;

export const viewOf = (row: SignDocumentRow, me: number): SignFileView => {
  const signerOf = (kind: SignerKind): SignerView | null => {
    const id = row[`signer_${kind}`];
    if (id === null) return null;
    const s = row.signatures[kind];
    return { id, name: row.names[String(id)] ?? '', signed: !!s, signedAt: s?.facts.signed_at ?? null, owner: s?.facts.owner ?? null, serial: s?.facts.serial ?? null };
  };
  return {
    docId: row.doc_id,
    requestId: row.request_id,
    requestNumber: row.request_number,
    fileName: row.file_name,
    signersCount: row.signers_count,
    signers: { iac: signerOf('iac'), unit: signerOf('unit'), final: signerOf('final') },
    mySignerKinds: kinds.filter((k) => row[`signer_${k}`] === me),
    nextSignerKind: nextKindOf(row.state),
  };
};

/** Where the user waits as `kind`: their turn has not passed (unsigned by them). */
const unsignedBy = (kind: SignerKind) => sql.fragment`NOT (d.signatures ? ${kind})`;

export const listSignFiles = async (pool: DatabasePool, f: SignFilesFilter): Promise<{ files: SignFileView[]; pagesCount: number; itemsCount: number }> => {
  const selected = f.kinds.length ? f.kinds : kinds;
  const conditions = selected.map((k) => {
    const column = sql.identifier(['d', `signer_${k}`]);
    const mine = f.userId === null ? sql.fragment`${column} IS NOT NULL` : sql.fragment`${column} = ${f.userId}`;
    return f.unsignedOnly ? sql.fragment`(${mine} AND ${unsignedBy(k)})` : sql.fragment`(${mine})`;
  });
  const where = sql.fragment`${CUSTOM_PLAN}(${sql.join(conditions, sql.fragment` OR `)})`;
  const total = Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_sign_documents d WHERE ${where}`));
  const rows = (await pool.any(sql.unsafe`
    SELECT ${columns} FROM rm_sign_documents d WHERE ${where}
    ORDER BY d.request_id DESC, d.doc_id DESC
    LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`)) as unknown as SignDocumentRow[];
  return { files: rows.map((r) => viewOf(r, f.me)), pagesCount: Math.max(1, Math.ceil(total / f.pageSize)), itemsCount: total };
};

export const requestSignFiles = async (pool: DatabasePool, requestId: number, me: number): Promise<SignFileView[]> =>
  ((await pool.any(sql.unsafe`SELECT ${columns} FROM rm_sign_documents d WHERE d.request_id = ${requestId} ORDER BY d.doc_id`)) as unknown as SignDocumentRow[]).map((r) =>
    viewOf(r, me),
  );

export const getSignDocument = async (pool: DatabasePool, docId: string): Promise<SignDocumentRow | null> =>
  ((await pool.maybeOne(sql.unsafe`SELECT ${columns} FROM rm_sign_documents d WHERE d.doc_id = ${docId}`)) as SignDocumentRow | null) ?? null;

/** The code of a region (the subject of the Russian Federation), for the signer's local time on the stamp. */
export const regionCodeOf = async (pool: DatabasePool, regionId: number | null): Promise<number | null> => {
  if (regionId === null) return null;
  const code = await pool.maybeOneFirst(sql.unsafe`SELECT (data->>'code')::int FROM rm_catalog_items WHERE catalog = 'regions' AND id = ${regionId}`);
  return code == null ? null : Number(code);
};
