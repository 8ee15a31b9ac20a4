import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { validateFiles } from '@domain/request/files';
import { COMMENT_MAX_EXCLUSIVE, COMMENT_MIN, commentSchema, ruErrorMap } from '@domain/request/validation';
import { useAddCommentMutation } from '../../api/request-dialog-api';
import type { RequestView } from '../../api/types';
import { FileList } from '../file-list';
import { FilePickerButton } from '../file-picker-button';
import { useRecipients } from './use-recipients';

type CommentValues = z.input<typeof commentSchema>;

/** A new chat message (requests.md 5): 5 to 1999 characters, up to 5 files of 10 MB, users to notify. */
export const CommentForm = ({ view }: { readonly view: RequestView }) => {
  const [send, { isLoading }] = useAddCommentMutation();
  const recipients = useRecipients(view);
  const [notify, setNotify] = useState<readonly number[]>([]);
  const [files, setFiles] = useState<readonly File[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const { control, register, handleSubmit, reset, formState } = useForm<CommentValues>({
    resolver: zodResolver(commentSchema, { errorMap: ruErrorMap, path: [], async: false }),
    defaultValues: { comment: '' },
    mode: 'onChange',
  });
  const comment = useWatch({ control, name: 'comment' });
  const ready = comment.trim().length >= COMMENT_MIN && comment.length < COMMENT_MAX_EXCLUSIVE;
  const { ref, ...field } = register('comment');

  const addFiles = (picked: File[]) => {
    const next = [...files, ...picked];
    const problem = validateFiles(next.map((f) => ({ name: f.name, size: f.size })), 'comment');
    setFileProblem(problem);
    if (!problem) setFiles(next);
  };

  const submit = handleSubmit(async (values) => {
    const body = new FormData();
    body.append('requestComment', JSON.stringify({ request_id: view.id, comment: values.comment }));
    body.append('usersIds', JSON.stringify(notify));
    for (const f of files) body.append('files', f, f.name);
    const result = await send({ requestId: view.id, body });
    if ('data' in result) {
      reset({ comment: '' });
      setFiles([]);
      setNotify([]);
    }
  });

  return (
    <Stack component="form" spacing={1} noValidate onSubmit={(e) => void submit(e)} aria-label="Новое сообщение">
      <TextField
        {...field}
        inputRef={ref}
        label="Сообщение"
        multiline
        minRows={3}
        fullWidth
        error={Boolean(formState.errors.comment) && comment.length > 0}
        helperText={comment.length > 0 ? formState.errors.comment?.message : undefined}
      />
      <FileList
        label="Файлы сообщения"
        requestId={null}
        files={files.map((f, i) => ({ key: `${i}-${f.name}`, fileId: null, fileName: f.name, note: '' }))}
        onRemove={(key) => setFiles(files.filter((f, i) => `${i}-${f.name}` !== key))}
      />
      <FilePickerButton label="Прикрепить файлы" onPick={addFiles} />
      {fileProblem && <FormHelperText error>{fileProblem}</FormHelperText>}
      {recipients.length > 0 && (
        <Stack role="group" aria-label="Уведомить пользователей">
          <FormLabel>Уведомить</FormLabel>
          {recipients.map((r) => (
            <FormControlLabel
              key={r.id}
              label={`${r.fio} (${r.roles.join(', ')})`}
              control={
                <Checkbox
                  checked={notify.includes(r.id)}
                  onChange={() => setNotify((n) => (n.includes(r.id) ? n.filter((x) => x !== r.id) : [...n, r.id]))}
                />
              }
            />
          ))}
        </Stack>
      )}
      <Button type="submit" variant="contained" disabled={!ready || isLoading} sx={{ alignSelf: 'flex-start' }}>
        Отправить
      </Button>
    </Stack>
  );
};
