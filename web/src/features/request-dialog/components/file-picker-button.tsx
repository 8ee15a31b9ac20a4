import AttachFileIcon from '@mui/icons-material/AttachFile';
import Button from '@mui/material/Button';
import { allowedFileExtensions } from '@domain/request/files';

export interface FilePickerButtonProps {
  readonly label: string;
  readonly multiple?: boolean;
  readonly disabled?: boolean;
  readonly onPick: (files: File[]) => void;
}

/** A button opening the browser's file choice (the allowed extensions offered first). */
export const FilePickerButton = ({ label, multiple = true, disabled, onPick }: FilePickerButtonProps) => (
  <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
    {label}
    <input
      hidden
      type="file"
      multiple={multiple}
      accept={allowedFileExtensions.join(',')}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        if (files.length) onPick(files);
      }}
    />
  </Button>
);
