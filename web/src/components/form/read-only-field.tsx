import TextField from '@mui/material/TextField';

/** A value the user reads but never types (number, dates, derived times). */
export const ReadOnlyField = ({ label, value }: { readonly label: string; readonly value: string }) => (
  <TextField label={label} value={value} fullWidth slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }} />
);
