import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useDownloadToolFileMutation } from '../../api/tool-card-api';
import { toolFileAccept } from '../../model/files';
import { FilePicker } from './file-picker';
import { useSectionFiles } from './use-section-files';

/** 'Документы': the tool's documents (section tool_docs), downloaded from GET /api/tool_file. */
export const DocumentsTab = () => {
  const { files, editable, add, remove, error, toolId } = useSectionFiles('tool_docs');
  const [download] = useDownloadToolFileMutation();
  return (
    <Stack spacing={1}>
      <List dense aria-label="Документы">
        {files.map((f) => (
          <ListItem
            key={f.kind === 'kept' ? f.file_id : f.key}
            disableGutters
            secondaryAction={
              <>
                {f.kind === 'kept' && toolId !== null && (
                  <IconButton aria-label={`Скачать ${f.file_name}`} onClick={() => void download({ toolId, fileId: f.file_id, fileName: f.file_name })}>
                    <DownloadIcon />
                  </IconButton>
                )}
                {editable && (
                  <IconButton aria-label={`Удалить ${f.file_name}`} onClick={() => remove(f)}>
                    <DeleteIcon />
                  </IconButton>
                )}
              </>
            }
          >
            <ListItemText primary={f.file_name} secondary={f.kind === 'new' ? 'Будет отправлен при сохранении' : undefined} />
          </ListItem>
        ))}
      </List>
      {files.length === 0 && <FormHelperText>Документов нет</FormHelperText>}
      {error && <FormHelperText error>{error}</FormHelperText>}
      {editable && <FilePicker label="Добавить документы" accept={toolFileAccept('tool_docs')} onPick={add} />}
    </Stack>
  );
};
