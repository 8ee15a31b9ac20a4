import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import { useToolFileBlobQuery } from '../../api/tool-card-api';
import { toolFileAccept } from '../../model/files';
import type { FormFile } from '../../model/form-values';
import { FilePicker } from './file-picker';
import { useSectionFiles } from './use-section-files';

/** A stored picture comes with the session headers (as a blob), a new one straight from the file. */
const Picture = ({ file, toolId, pending }: { readonly file: FormFile; readonly toolId: number | null; readonly pending: File | undefined }) => {
  const stored = useToolFileBlobQuery(file.kind === 'kept' && toolId !== null ? { toolId, fileId: file.file_id } : skipToken);
  // A data URL, not an object URL: nothing to revoke, so a closing dialog never points at a freed blob.
  const [local, setLocal] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!pending) return;
    const reader = new FileReader();
    reader.onload = () => setLocal({ file: pending, url: String(reader.result) });
    reader.readAsDataURL(pending);
    return () => reader.abort();
  }, [pending]);
  const src = file.kind === 'kept' ? stored.data : local?.file === pending ? local?.url : undefined;
  if (!src) return stored.isLoading ? <CircularProgress aria-label="Загрузка" /> : <Typography>{file.file_name}</Typography>;
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
