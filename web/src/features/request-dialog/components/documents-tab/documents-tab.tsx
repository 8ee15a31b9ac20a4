import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
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
import { useDownloadRequestFileMutation } from '../../api/request-dialog-api';
import { useDefaultSignersCount } from '../../hooks/use-references';
import { useRequestEdit } from '../../model/edit-context';
import { fileIdOf, type DocumentItem, type RequestFormValues } from '../../model/form-values';
import { AddDocumentDialog } from './add-document-dialog';

const NOT_SIGNED = 'Не подписан';

/** Signer marks: the branch, the object and, with 3 signers, the final signer (signing comes later). */
const SignerMarks = ({ doc }: { readonly doc: DocumentItem }) => (
  <>
    <TableCell>{NOT_SIGNED}</TableCell>
    <TableCell>{NOT_SIGNED}</TableCell>
    <TableCell>{doc.signers_count === 3 ? NOT_SIGNED : '—'}</TableCell>
  </>
);

/** The 'Документы' tab: the request's documents; adding in PERFORMING, removing with RIGHT_REQUEST_DOCS_DELETE. */
export const DocumentsTab = () => {
  const { view, editable, change, addFile, dropFile } = useRequestEdit();
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
      <Table size="small" aria-label="Документы">
        <TableHead>
          <TableRow>
            <TableCell>Файл</TableCell>
            <TableCell>Вид акта</TableCell>
            <TableCell>Подписание</TableCell>
            <TableCell>Филиал</TableCell>
            <TableCell>Объект</TableCell>
            <TableCell>Итоговый</TableCell>
            <TableCell sx={{ width: 48 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {documents.map((doc) => (
            <TableRow key={fileIdOf(doc)}>
              <TableCell>
                {doc.kind === 'kept' && view ? (
                  <Link component="button" onClick={() => void download({ requestId: view.id, fileId: doc.file_id, fileName: doc.file_name })}>
                    {doc.file_name}
                  </Link>
                ) : (
                  `${doc.file_name} (будет отправлен при сохранении)`
                )}
              </TableCell>
              <TableCell>{doc.act_kind ? actKindTitles[doc.act_kind] : ''}</TableCell>
              <TableCell>
                {signTypeTitles[doc.sign_type]}, {doc.signers_count} подп.
              </TableCell>
              <SignerMarks doc={doc} />
              <TableCell>
                {mayRemove(doc) && (
                  <IconButton aria-label={`Удалить ${doc.file_name}`} size="small" onClick={() => remove(doc)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
          {documents.length === 0 && (
            <TableRow>
              <TableCell colSpan={7}>Документов нет</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {errors.documents?.message && <FormHelperText error>{errors.documents.message}</FormHelperText>}
      {mayAdd && (
        <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
          Добавить документ
        </Button>
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
              { kind: 'new', key, file_name, size, act_kind: doc.act_kind, sign_type: doc.sign_type, signers_count: doc.signers_count },
            ]);
          }}
        />
      )}
    </Stack>
  );
};
