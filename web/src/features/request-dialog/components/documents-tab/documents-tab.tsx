import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { actKindTitles, signTypeTitles } from '@domain/request/enums';
import { signerKindTitles } from '@domain/signing/events';
import { usePastMoment } from '@/components';
import { showError, showSuccess } from '@/lib/notices';
import { selectCurrentUser, selectRights } from '@/lib/session';
import {
  CertificateDialog,
  SignDownloadsMenu,
  SignerMarkIconCells,
  signableKindOf,
  useRequestSignDocumentsQuery,
  useSignDocuments,
  type SignDocument,
  type SignTask,
  type SignerChoice,
} from '@/lib/signing';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { formatDate } from '@/utils/format';
import { useDownloadRequestFileMutation } from '../../api/request-dialog-api';
import { useDefaultSignersCount } from '../../hooks/use-references';
import { useRequestEdit } from '../../model/edit-context';
import { fileIdOf, type DocumentItem, type RequestFormValues } from '../../model/form-values';
import { AddDocumentDialog } from './add-document-dialog';

const waiting = { id: 0, name: 'подписание не начато', signed: false, signedAt: null, owner: null, serial: null } as const;
/** The marks of an electronic document whose signing stream has not started: every signer it needs, unsigned. */
const notStarted = (signersCount: number): SignDocument['signers'] => ({ iac: waiting, unit: waiting, final: signersCount === 3 ? waiting : null });

const tableSx = { '& td, & th': { px: 0.75 }, '& th': { fontWeight: 600, verticalAlign: 'bottom' } } as const;
const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/**
 * The 'Документы' tab: the request's documents with their downloads and signer marks (decisions 72–86),
 * 'Подписать' when the user is the signer whose turn it is; adding in PERFORMING, removing with
 * RIGHT_REQUEST_DOCS_DELETE. At a past moment only the downloads and the marks (signing acts today).
 */
export const DocumentsTab = () => {
  const { view, editable, change, addFile, dropFile } = useRequestEdit();
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const rights = useAppSelector(selectRights);
  const past = usePastMoment() !== null;
  // Only signed-and-electronic documents have a signing stream; the others get '—' marks.
  const { data: signDocs } = useRequestSignDocumentsQuery(view?.id ?? 0, { skip: !view });
  const signDocOf = (doc: DocumentItem) => (doc.kind === 'kept' ? signDocs?.find((d) => d.docId === doc.file_id) : undefined);
  const signDocuments = useSignDocuments(userId);
  const [signing, setSigning] = useState<SignTask | null>(null);
  const [busy, setBusy] = useState(false);
  const signWith = async (task: SignTask, choice: SignerChoice) => {
    setSigning(null);
    setBusy(true);
    const [outcome] = await signDocuments([task], choice);
    setBusy(false);
    if (outcome) dispatch(outcome.ok ? showSuccess(outcome.message) : showError(outcome.message));
  };
  const documents = useWatch<RequestFormValues, 'documents'>({ name: 'documents' });
  const { errors } = useFormState<RequestFormValues>({ name: 'documents' });
  const [download] = useDownloadRequestFileMutation();
  const [adding, setAdding] = useState(false);
  const signers = useDefaultSignersCount(view?.organization_id ?? null);
  const mayAdd = editable.has('documents_add');
  const mayRemove = (d: DocumentItem) => d.kind === 'new' || editable.has('documents_remove');

  const remove = (doc: DocumentItem) => {
    if (doc.kind === 'new') dropFile(doc.key);
    change(
      'documents',
      documents.filter((d) => d !== doc),
    );
  };

  return (
    <Stack spacing={2}>
      {/* The dialog's width: marks are icons (their words in tooltips), the downloads one menu; a table still too wide scrolls here. */}
      <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Документы" sx={tableSx}>
        <TableHead>
          <TableRow>
            <TableCell>Файл</TableCell>
            <TableCell>Вид акта</TableCell>
            <TableCell>Подписание</TableCell>
            <TableCell align="center">Филиал</TableCell>
            <TableCell align="center">Объект</TableCell>
            <TableCell align="center">Итоговый</TableCell>
            <TableCell sx={{ position: 'relative' }}>
              <span style={hidden}>Действия</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {documents.map((doc) => {
            const signDoc = signDocOf(doc);
            const kind = signDoc && !past ? signableKindOf(signDoc, userId, rights) : null;
            return (
              <TableRow key={fileIdOf(doc)}>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                  {doc.kind === 'kept' && view ? (
                    <Link component="button" onClick={() => void download({ requestId: view.id, fileId: doc.file_id, fileName: doc.file_name })}>
                      {doc.file_name}
                    </Link>
                  ) : (
                    `${doc.file_name} (будет отправлен при сохранении)`
                  )}
                </TableCell>
                <TableCell>
                  {doc.act_kind ? actKindTitles[doc.act_kind] : ''}
                  {doc.act_number ? ` № ${doc.act_number}${doc.act_date ? ` от ${formatDate(doc.act_date)}` : ''}` : ''}
                </TableCell>
                <TableCell>
                  {signTypeTitles[doc.sign_type]}, {doc.signers_count} подп.
                </TableCell>
                {signDoc || doc.kind === 'new' || doc.sign_type !== 'electron' ? (
                  <SignerMarkIconCells doc={signDoc} />
                ) : (
                  // An electronic document whose signing stream has not been started (yet): every mark unsigned.
                  <>
                    <SignerMarkIconCells marks={notStarted(doc.signers_count)} />
                  </>
                )}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {signDoc && <SignDownloadsMenu docId={signDoc.docId} fileName={signDoc.fileName} />}
                  {signDoc && kind && (
                    <Button size="small" variant="outlined" disabled={busy} onClick={() => setSigning({ doc: signDoc, kind })}>
                      Подписать
                    </Button>
                  )}
                  {mayRemove(doc) && (
                    <IconButton aria-label={`Удалить ${doc.file_name}`} size="small" onClick={() => remove(doc)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
          {documents.length === 0 && (
            <TableRow>
              <TableCell colSpan={7}>Документов нет</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      </Box>
      {errors.documents?.message && <FormHelperText error>{errors.documents.message}</FormHelperText>}
      {mayAdd && (
        <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
          Добавить документ
        </Button>
      )}
      {signing && (
        <CertificateDialog
          open
          title={`Подписать ${signing.doc.fileName} (${signerKindTitles[signing.kind]})`}
          onClose={() => setSigning(null)}
          onChosen={(choice) => void signWith(signing, choice)}
        />
      )}
      {adding && (
        <AddDocumentDialog
          defaultSignersCount={signers}
          onClose={() => setAdding(false)}
          onAdd={(doc) => {
            setAdding(false);
            const { key, file_name, size } = addFile(doc.file);
            change('documents', [
              ...documents,
              {
                kind: 'new',
                key,
                file_name,
                size,
                act_kind: doc.act_kind,
                sign_type: doc.sign_type,
                signers_count: doc.signers_count,
                act_number: doc.act_number,
                act_date: doc.act_date,
              },
            ]);
          }}
        />
      )}
    </Stack>
  );
};
