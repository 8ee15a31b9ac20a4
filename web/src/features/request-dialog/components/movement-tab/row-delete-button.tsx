import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';

/** Deletes one line of a table of the request. */
export const RowDeleteButton = ({ label, onClick }: { readonly label: string; readonly onClick: () => void }) => (
  <IconButton aria-label={label} size="small" onClick={onClick}>
    <DeleteIcon fontSize="small" />
  </IconButton>
);
