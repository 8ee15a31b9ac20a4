import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useDownloadRequestFileMutation } from '../api/request-dialog-api';

export interface ListedFile {
  /** The stored file's id, or null while the file is new (not sent yet). */
  readonly fileId: string | null;
  readonly fileName: string;
  readonly key: string;
  readonly note?: string;
}

export interface FileListProps {
  readonly label: string;
  readonly requestId: number | null;
  readonly files: readonly ListedFile[];
  /** Without it the files cannot be removed. */
  readonly onRemove?: (key: string) => void;
}

/** Files with download (stored ones) and remove buttons. */
export const FileList = ({ label, requestId, files, onRemove }: FileListProps) => {
  const [download] = useDownloadRequestFileMutation();
  return (
    <List dense aria-label={label}>
      {files.map((f) => (
        <ListItem
          key={f.key}
          disableGutters
          secondaryAction={
            <>
              {f.fileId !== null && requestId !== null && (
                <IconButton
                  aria-label={`Скачать ${f.fileName}`}
                  onClick={() => void download({ requestId, fileId: f.fileId ?? '', fileName: f.fileName })}
                >
                  <DownloadIcon />
                </IconButton>
              )}
              {onRemove && (
                <IconButton aria-label={`Удалить ${f.fileName}`} onClick={() => onRemove(f.key)}>
                  <DeleteIcon />
                </IconButton>
              )}
            </>
          }
        >
          <ListItemText primary={f.fileName} secondary={f.note ?? (f.fileId === null ? 'Будет отправлен при сохранении' : undefined)} />
        </ListItem>
      ))}
    </List>
  );
};
