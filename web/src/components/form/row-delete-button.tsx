import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';

/** Deletes one row of an editable table. */
export const RowDeleteButton = ({ label, onClick }: { readonly label: string; readonly onClick: () => void }) => (
  <IconButton aria-label={label} size="small" onClick={onClick}>
    <DeleteIcon fontSize="small" />
  </IconButton>
);
