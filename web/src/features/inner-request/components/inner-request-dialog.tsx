import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { innerRequestInputSchema } from '@domain/inner-request';
import { fieldErrorsOf } from '@domain/shared/validation';
import { AppDialog } from '@/components';
import { useCatalogQuery } from '@/lib/references';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useCreateInnerRequestMutation } from '../api/inner-request-api';

export interface InnerRequestDialogProps {
  /** The request answered; null for a new request. */
  readonly parentId: number | null;
  readonly onClose: () => void;
}

/**
 * A request or an answer (administration.md 2.9): message, e-mail (prefilled from the current user,
 * hidden for answers), kind (optional; active problem categories in their order), attachments.
 */
export const InnerRequestDialog = ({ parentId, onClose }: InnerRequestDialogProps) => {
  const user = useAppSelector(selectCurrentUser);
  const { data: categories = [] } = useCatalogQuery('problems_categories');
  const kinds = [...categories].filter((c) => c.is_active !== false).sort((a, b) => Number(a.category_order ?? 0) - Number(b.category_order ?? 0));
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState(user?.email ?? '');
  const [kind, setKind] = useState<number | ''>('');
  const [files, setFiles] = useState<File[]>([]);
  const [touched, setTouched] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const [create, { isLoading }] = useCreateInnerRequestMutation();
  const input = { message, author_email: email, request_inner_kind_id: kind === '' ? null : kind, parent_id: parentId };
  const parsed = innerRequestInputSchema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  const answer = parentId !== null;

  const send = async () => {
    setTouched(true);
    if (!parsed.success) return;
    const body = new FormData();
    body.append('innerRequest', JSON.stringify(input));
    body.append('usersIds', JSON.stringify([]));
    for (const f of files) body.append('files', f, f.name);
    const result = await create(body);
    if ('data' in result) onClose();
  };

  return (
    <AppDialog
      open
      title={answer ? 'Ответ на запрос' : 'Новый запрос администратору'}
      onClose={onClose}
      actions={
        <>
          <Button variant="contained" onClick={() => void send()} disabled={isLoading}>
            Отправить
          </Button>
          <Button onClick={onClose}>Отменить</Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Сообщение"
          multiline
          minRows={4}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={touched && Boolean(errors.message)}
          helperText={touched ? errors.message : undefined}
          required
        />
        {!answer && (
          <TextField
            label="Email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={touched && Boolean(errors.author_email)}
            helperText={touched ? errors.author_email : undefined}
            required
          />
        )}
        {!answer && (
          <TextField select label="Тип" value={kind} onChange={(e) => setKind(e.target.value === '' ? '' : Number(e.target.value))}>
            <MenuItem value="">Не указан</MenuItem>
            {kinds.map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {String(k.title)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
          {files.map((f, i) => (
            <Chip key={`${i}-${f.name}`} label={f.name} onDelete={() => setFiles(files.filter((_, j) => j !== i))} />
          ))}
          <Button onClick={() => picker.current?.click()}>Прикрепить файлы</Button>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            aria-label="Файлы запроса"
            onChange={(e) => {
              setFiles([...files, ...Array.from(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
        </Stack>
      </Stack>
    </AppDialog>
  );
};
