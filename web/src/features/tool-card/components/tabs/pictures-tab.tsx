import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useBlobUrl, useFilePreviewUrl } from '@/lib/blob-url';
import { toolFilePath } from '../../api/tool-card-api';
import { toolFileAccept } from '../../model/files';
import type { FormFile } from '../../model/form-values';
import { FilePicker } from './file-picker';
import { useSectionFiles } from './use-section-files';

/** A stored picture comes with the session headers (lib/blob-url), a new one straight from the file. */
const Picture = ({ file, toolId, pending }: { readonly file: FormFile; readonly toolId: number | null; readonly pending: File | undefined }) => {
  const stored = useBlobUrl(file.kind === 'kept' && toolId !== null ? { path: toolFilePath(toolId, file.file_id) } : null);
  const local = useFilePreviewUrl(pending);
  const src = file.kind === 'kept' ? stored.url : local;
  if (!src) return stored.loading ? <CircularProgress aria-label="Загрузка" /> : <Typography>{file.file_name}</Typography>;
  return <Box component="img" src={src} alt={file.file_name} sx={{ maxWidth: '100%', maxHeight: '55vh', objectFit: 'contain' }} />;
};

/** 'Изображения': a carousel of the tool's pictures (section tool_pictures) with previous/next. */
export const PicturesTab = () => {
  const { files, editable, add, remove, error, toolId, pendingFile } = useSectionFiles('tool_pictures');
  const [index, setIndex] = useState(0);
  const shown = Math.min(index, Math.max(files.length - 1, 0));
  const current = files[shown];
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      {current ? (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%', justifyContent: 'center' }}>
            <IconButton aria-label="Предыдущее изображение" disabled={shown === 0} onClick={() => setIndex(shown - 1)}>
              <ChevronLeftIcon />
            </IconButton>
            <Picture file={current} toolId={toolId} pending={current.kind === 'new' ? pendingFile(current.key) : undefined} />
            <IconButton aria-label="Следующее изображение" disabled={shown >= files.length - 1} onClick={() => setIndex(shown + 1)}>
              <ChevronRightIcon />
            </IconButton>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography data-testid="picture-position">{`${shown + 1} из ${files.length} · ${current.file_name}`}</Typography>
            {editable && (
              <IconButton aria-label={`Удалить ${current.file_name}`} onClick={() => remove(current)}>
                <DeleteIcon />
              </IconButton>
            )}
          </Stack>
        </>
      ) : (
        <FormHelperText>Изображений нет</FormHelperText>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
      {editable && (
        <FilePicker
          label="Добавить изображения"
          accept={toolFileAccept('tool_pictures')}
          onPick={(picked) => {
            add(picked);
            setIndex(files.length);
          }}
        />
      )}
    </Stack>
  );
};
