import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

export interface FlagProps {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  /** The box's name when its label alone would be ambiguous ('Точное совпадение' of which field). */
  readonly ariaLabel?: string;
}

/** A yes/no condition of the filter. */
export const Flag = ({ label, checked, onChange, ariaLabel }: FlagProps) => (
  <FormControlLabel
    sx={{ flexShrink: 0, mr: 0 }}
    control={<Checkbox size="small" checked={checked} onChange={(_e, v) => onChange(v)} slotProps={{ input: { 'aria-label': ariaLabel ?? label } }} />}
    label={label}
  />
);
