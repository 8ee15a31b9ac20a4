import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { validateFiles } from '@domain/request/files';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import type { AttachmentItem, RequestFormValues } from '../../model/form-values';
import { FileList } from '../file-list';
import { FilePickerButton } from '../file-picker-button';
import { SectionTitle } from '../fields';

const sizes = (items: readonly AttachmentItem[]) => items.map((a) => ({ name: a.file_name, size: a.size }));

/** Attachments of the common tab: at most 5 files of 50 MB with the allowed extensions (the domain's messages). */
export const AttachmentsField = () => {
  const { view, change, addFile, dropFile } = useRequestEdit();
  const editable = useIsEditable('attachments');
  const attachments = useWatch<RequestFormValues, 'attachments'>({ name: 'attachments' });
  const { errors } = useFormState<RequestFormValues>({ name: 'attachments' });
  const [refusal, setRefusal] = useState<string | null>(null);

  const add = (files: File[]) => {
    const picked = files.map((f) => ({ name: f.name, size: f.size }));
    const broken = validateFiles([...sizes(attachments), ...picked], 'attachments');
    setRefusal(broken);
    if (broken) return;
    change('attachments', [...attachments, ...files.map((f): AttachmentItem => ({ kind: 'new', ...addFile(f) }))]);
  };
  const remove = (key: string) => {
    setRefusal(null);
    const item = attachments.find((a) => (a.kind === 'kept' ? a.file_id : a.key) === key);
    if (item?.kind === 'new') dropFile(item.key);
    change(
      'attachments',
      attachments.filter((a) => a !== item),
    );
  };
  const message = refusal ?? errors.attachments?.message;

  return (
    <Stack spacing={1}>
      <SectionTitle>Вложения</SectionTitle>
      <FileList
        label="Вложения"
        requestId={view?.id ?? null}
        files={attachments.map((a) => (a.kind === 'kept' ? { key: a.file_id, fileId: a.file_id, fileName: a.file_name } : { key: a.key, fileId: null, fileName: a.file_name }))}
        onRemove={editable ? remove : undefined}
      />
      {editable && <FilePickerButton label="Добавить файлы" onPick={add} />}
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Stack>
  );
};
