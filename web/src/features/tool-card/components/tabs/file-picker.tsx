import AttachFileIcon from '@mui/icons-material/AttachFile';
import Button from '@mui/material/Button';

/** A button opening the browser's file choice with the section's types offered. */
export const FilePicker = ({ label, accept, onPick }: { readonly label: string; readonly accept: readonly string[]; readonly onPick: (files: File[]) => void }) => (
  <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} sx={{ alignSelf: 'flex-start' }}>
    {label}
    <input
      hidden
      type="file"
      multiple
      accept={accept.join(',')}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        if (files.length) onPick(files);
      }}
    />
  </Button>
);
