import { fieldsOf } from '@domain/request/state';
import { requestDataOf, type RequestFormValues } from './form-values';

/** New files of the dialog by their key, kept outside the form until the save sends them. */
export type PendingFiles = ReadonlyMap<string, File>;

export interface SaveBodyOptions {
  /** null for a new request (registration takes the common tab and attachments only). */
  readonly revision: number | null;
  /** Stock spares are sent only by whoever may edit the movement lists. */
  readonly sendSpares: boolean;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * The multipart body of POST/PUT /api/request (requests.md 7, docs/decisions.md): `request` with
 * API dates, the lists, the kept and new attachments and documents, the binary parts matched by name.
 */
export const saveBody = (values: RequestFormValues, files: PendingFiles, options: SaveBodyOptions): FormData => {
  const data = requestDataOf(values);
  const body = new FormData();
  body.append('request', json(fieldsOf(data)));
  body.append('filesList', json(values.attachments.map((a) => (a.kind === 'kept' ? { file_id: a.file_id } : { file_name: a.file_name }))));
  const uploads: { key: string; name: string }[] = values.attachments.flatMap((a) => (a.kind === 'new' ? [{ key: a.key, name: a.file_name }] : []));
  if (options.revision !== null) {
    body.append('revision', String(options.revision));
    body.append('works', json(data.works));
    body.append('sparesPbs', json(data.spares_pbs));
    body.append('studentsList', json(data.students_list));
    body.append('toolsCommissioning', json(data.tools_commissioning));
    if (options.sendSpares)
      body.append(
        'spares',
        json(values.spares.map((s) => ({ spares_set_id: s.spares_set_id, item_id: s.item_id, amount: Number(s.amount) }))),
      );
    body.append('oldDocsList', json(values.documents.flatMap((d) => (d.kind === 'kept' ? [{ file_id: d.file_id }] : []))));
    body.append(
      'newDocsList',
      json(
        values.documents.flatMap((d) =>
          d.kind === 'new'
            ? [{ file_name: d.file_name, act_kind: d.act_kind, sign_type: d.sign_type, signers_count: d.signers_count, act_number: d.act_number, act_date: d.act_date }]
            : [],
        ),
      ),
    );
    uploads.push(...values.documents.flatMap((d) => (d.kind === 'new' ? [{ key: d.key, name: d.file_name }] : [])));
  }
  for (const u of uploads) {
    const file = files.get(u.key);
    if (file) body.append('files', file, u.name);
  }
  return body;
};
