import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DebouncedTextField } from '@/components';
import type { Option } from '../../hooks/use-tool-references';

const ANY = '';

export interface IdSelectProps {
  readonly label: string;
  readonly value: number | null;
  readonly options: readonly Option[];
  readonly onChange: (value: number | null) => void;
  readonly disabled?: boolean;
  readonly anyTitle?: string;
}

/** One of a list, or nothing ('Все'). */
export const IdSelect = ({ label, value, options, onChange, disabled, anyTitle = 'Все' }: IdSelectProps) => (
  <TextField
    select
    fullWidth
    size="small"
    label={label}
    value={value === null || !options.some((o) => o.id === value) ? ANY : String(value)}
    onChange={(e) => onChange(e.target.value === ANY ? null : Number(e.target.value))}
    disabled={disabled}
    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
  >
    <MenuItem value={ANY}>
      <em>{anyTitle}</em>
    </MenuItem>
    {options.map((o) => (
      <MenuItem key={o.id} value={String(o.id)}>
        {o.title}
      </MenuItem>
    ))}
  </TextField>
);

export interface IdMultiSelectProps {
  readonly label: string;
  readonly value: readonly number[];
  readonly options: readonly Option[];
  readonly onChange: (value: number[]) => void;
  readonly placeholder?: string;
}

/** Several of a list, with search by typing; chosen items show as chips. */
export const IdMultiSelect = ({ label, value, options, onChange, placeholder }: IdMultiSelectProps) => {
  const chosen = value.map((id) => options.find((o) => o.id === id) ?? { id, title: String(id) });
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={chosen}
      onChange={(_e, next) => onChange(next.map((o) => o.id))}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      disableCloseOnSelect
      limitTags={3}
      noOptionsText="Нет вариантов"
      renderOption={({ key, ...props }, option, { selected }) => (
        <li key={key} {...props}>
          <Checkbox size="small" checked={selected} sx={{ mr: 1, p: 0 }} />
          {option.title}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} placeholder={chosen.length ? undefined : placeholder} />}
    />
  );
};

export interface YesNoSelectProps {
  readonly label: string;
  readonly value: boolean | null;
  readonly onChange: (value: boolean | null) => void;
}

/** Yes, no or either. */
export const YesNoSelect = ({ label, value, onChange }: YesNoSelectProps) => (
  <TextField
    select
    fullWidth
    size="small"
    label={label}
    value={value === null ? ANY : value ? 'yes' : 'no'}
    onChange={(e) => onChange(e.target.value === ANY ? null : e.target.value === 'yes')}
    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
  >
    <MenuItem value={ANY}>
      <em>Все</em>
    </MenuItem>
    <MenuItem value="yes">Да</MenuItem>
    <MenuItem value="no">Нет</MenuItem>
  </TextField>
);

export interface TextFilterProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string;
  readonly numeric?: boolean;
}

/** Text typed into the filter: applied 500 ms after the last key (equipment.md 9). */
export const TextFilter = ({ label, value, onChange, error, numeric }: TextFilterProps) => (
  <DebouncedTextField
    fullWidth
    size="small"
    label={label}
    value={value}
    onChange={onChange}
    autoComplete="off"
    error={Boolean(error)}
    helperText={error}
    slotProps={numeric ? { htmlInput: { inputMode: 'decimal' } } : undefined}
  />
);

export interface ExactTextFilterProps extends TextFilterProps {
  readonly exact: boolean;
  readonly onExactChange: (exact: boolean) => void;
}

/** A text with its 'Точное совпадение' box (name, serial and inventory numbers). */
export const ExactTextFilter = ({ exact, onExactChange, ...text }: ExactTextFilterProps) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
    <TextFilter {...text} />
    <Flag label="Точное совпадение" ariaLabel={`${text.label}: точное совпадение`} checked={exact} onChange={onExactChange} />
  </Stack>
);

export interface FlagProps {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly ariaLabel?: string;
}

export const Flag = ({ label, checked, onChange, ariaLabel }: FlagProps) => (
  <FormControlLabel
    sx={{ flexShrink: 0, mr: 0 }}
    control={<Checkbox size="small" checked={checked} onChange={(_e, v) => onChange(v)} slotProps={{ input: { 'aria-label': ariaLabel ?? label } }} />}
    label={label}
  />
);
