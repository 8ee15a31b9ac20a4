import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SelectOption } from '../fields';

export interface PlainSelectProps<T extends number | string> {
  readonly label: string;
  readonly value: T | null;
  readonly options: readonly SelectOption[];
  readonly onChange: (value: T | null) => void;
  /** The first item: 'Все' for filters. */
  readonly emptyLabel?: string;
  readonly disabled?: boolean;
}

/** A select outside the request form (filters of the pickers, dialog options). */
export const PlainSelect = <T extends number | string = number>({ label, value, options, onChange, emptyLabel = 'Все', disabled }: PlainSelectProps<T>) => (
  <TextField
    select
    size="small"
    fullWidth
    label={label}
    value={value === null ? '' : String(value)}
    disabled={disabled}
    onChange={(e) => onChange((options.find((o) => String(o.value) === e.target.value)?.value ?? null) as T | null)}
  >
    <MenuItem value="">
      <em>{emptyLabel}</em>
    </MenuItem>
    {options.map((o) => (
      <MenuItem key={String(o.value)} value={String(o.value)}>
        {o.label}
      </MenuItem>
    ))}
  </TextField>
);
