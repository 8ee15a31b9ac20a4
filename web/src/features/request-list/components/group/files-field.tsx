import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useRef, type ChangeEvent } from 'react';
import { allowedFileExtensions } from '@domain/request/files';

export interface FilesFieldProps {
  readonly label: string;
  readonly files: readonly File[];
  readonly onChange: (files: File[]) => void;
  readonly error?: string;
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} КБ` : `${(bytes / 1024 / 1024).toFixed(1)} МБ`);

/** Documents to attach: a button to add files and the chosen ones with a cross each. */
export const FilesField = ({ label, files, onChange, error }: FilesFieldProps) => {
  const input = useRef<HTMLInputElement>(null);
  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length) onChange([...files, ...picked]);
  };
  return (
    <Stack spacing={1}>
      <div>
        <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>
          {label}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={label}
          accept={allowedFileExtensions.join(',')}
          onChange={add}
          data-testid="group-files-input"
        />
      </div>
      {files.length > 0 && (
        <List dense aria-label="Выбранные документы">
          {files.map((file, i) => (
            <ListItem
              key={`${file.name}-${i}`}
              secondaryAction={
                <IconButton edge="end" aria-label={`Убрать ${file.name}`} onClick={() => onChange(files.filter((_f, j) => j !== i))}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText primary={file.name} secondary={sizeText(file.size)} />
            </ListItem>
          ))}
        </List>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
};
