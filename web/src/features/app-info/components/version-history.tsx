import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { hasFull } from '@domain/rights';
import { AppDialog, ConfirmDialog, DateInput } from '@/components';
import { fieldErrorsOf } from '@/lib/api';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { formatDate } from '@/utils/format';
import {
  useDeleteVersionEntryMutation,
  useSaveVersionEntryMutation,
  useVersionHistoryQuery,
  type VersionEntry,
  type VersionEntryDraft,
} from '../api/version-history-api';
import { RichTextEditor } from './rich-text-editor';

const today = () => new Date().toISOString().slice(0, 10);

interface EditorDialogProps {
  readonly entry: VersionEntry | null;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

/** The rich-text editor dialog of one entry (administration.md 2.10 'Version history'). */
const VersionEntryDialog = ({ entry, onClose, onSaved }: EditorDialogProps) => {
  const [draft, setDraft] = useState<VersionEntryDraft>(() => entry ?? { version: '', date: today(), notes: '' });
  const [save, { isLoading, error }] = useSaveVersionEntryMutation();
  const errors = fieldErrorsOf(error);
  const submit = async () => {
    try {
      await save({ id: entry?.id ?? null, version: draft }).unwrap();
      onSaved();
      onClose();
    } catch {
      // The red notice and the field messages show why.
    }
  };
  return (
    <AppDialog
      open
      title={entry ? 'Изменить запись истории версий' : 'Новая запись истории версий'}
      onClose={onClose}
      actions={
        <>
          <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
            Сохранить
          </Button>
          <Button onClick={onClose} disabled={isLoading}>
            Отменить
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction="row" spacing={2}>
          <TextField
            label="Версия"
            required
            size="small"
            value={draft.version}
            onChange={(e) => setDraft({ ...draft, version: e.target.value })}
            error={Boolean(errors.version)}
            helperText={errors.version}
          />
          <DateInput label="Дата" required value={draft.date} onChange={(date) => setDraft({ ...draft, date: date ?? '' })} error={errors.date} />
        </Stack>
        <RichTextEditor label="Описание изменений" value={draft.notes} onChange={(notes) => setDraft({ ...draft, notes })} />
        {errors.notes && (
          <Typography color="error" variant="body2">
            {errors.notes}
          </Typography>
        )}
      </Stack>
    </AppDialog>
  );
};

/**
 * The version history on /about, newest first. Notes are HTML the server sanitised with an
 * allow-list before storing (commands/app-version/sanitize.ts), so they are rendered as HTML.
 * FULL RIGHT_APP_VERSIONS_EDIT adds, edits and deletes entries.
 */
export const VersionHistory = () => {
  const canEdit = hasFull(useAppSelector(selectRights), 'RIGHT_APP_VERSIONS_EDIT');
  // The history has no cache tag of its own: a change refetches it.
  const { data, refetch } = useVersionHistoryQuery();
  const [editing, setEditing] = useState<VersionEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<VersionEntry | null>(null);
  const [remove, { isLoading: removing }] = useDeleteVersionEntryMutation();
  const entries = data ?? [];
  return (
    <Box id="versions" component="section" aria-label="История версий" sx={{ mt: 4 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          История версий
        </Typography>
        {canEdit && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Добавить
          </Button>
        )}
      </Stack>
      {data && entries.length === 0 && <Typography color="text.secondary">Записей пока нет</Typography>}
      <Stack spacing={1.5}>
        {entries.map((v) => (
          <Paper key={v.id} variant="outlined" sx={{ p: 2 }} data-testid="version-entry">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>Версия {v.version}</Typography>
              <Typography color="text.secondary">{formatDate(v.date)}</Typography>
              <Box sx={{ flexGrow: 1 }} />
              {canEdit && (
                <>
                  <Tooltip title="Изменить">
                    <IconButton size="small" aria-label={`Изменить версию ${v.version}`} onClick={() => setEditing(v)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Удалить">
                    <IconButton size="small" aria-label={`Удалить версию ${v.version}`} onClick={() => setDeleting(v)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )}
            </Stack>
            {/* Sanitised on the server before it was stored (an allow-list of the editor's tags). */}
            <Box sx={{ '& p': { my: 0.5 } }} dangerouslySetInnerHTML={{ __html: v.notes }} />
          </Paper>
        ))}
      </Stack>
      {editing && <VersionEntryDialog entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => void refetch()} />}
      <ConfirmDialog
        open={deleting !== null}
        text={`Удалить запись о версии ${deleting?.version ?? ''}?`}
        busy={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void remove(deleting.id)
            .unwrap()
            .then(() => void refetch())
            .finally(() => setDeleting(null));
        }}
      />
    </Box>
  );
};
