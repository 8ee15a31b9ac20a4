import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SelectOption } from '../form/select-option';

export interface FilterSelectProps {
  readonly label: string;
  /** '' is 'Все'. */
  readonly value: string;
  readonly options: readonly SelectOption[];
  readonly onChange: (value: string) => void;
  readonly minWidth?: number;
}

/** One exact-match list filter: 'Все' or one value. */
export const FilterSelect = ({ label, value, options, onChange, minWidth = 220 }: FilterSelectProps) => (
  <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth }}>
    <MenuItem value="">Все</MenuItem>
    {options.map((o) => (
      <MenuItem key={String(o.value)} value={String(o.value)}>
        {o.label}
      </MenuItem>
    ))}
  </TextField>
);
