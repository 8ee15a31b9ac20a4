import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Option } from '../types';

const ANY = '';

export interface IdSelectProps {
  readonly label: string;
  readonly value: number | null;
  readonly options: readonly Option[];
  readonly onChange: (value: number | null) => void;
  readonly disabled?: boolean;
  readonly helperText?: string;
  /** The title of the empty choice. */
  readonly anyTitle?: string;
}

/** One of a list, or nothing ('Все'). */
export const IdSelect = ({ label, value, options, onChange, disabled, helperText, anyTitle = 'Все' }: IdSelectProps) => (
  <TextField
    select
    fullWidth
    size="small"
    label={label}
    value={value === null || !options.some((o) => o.id === value) ? ANY : String(value)}
    onChange={(e) => onChange(e.target.value === ANY ? null : Number(e.target.value))}
    disabled={disabled}
    helperText={helperText}
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

export interface Choice<T extends string | boolean> {
  readonly value: T;
  readonly title: string;
}

/** 'Да' / 'Нет' of a yes-no condition. */
export const yesNoChoices: ReadonlyArray<Choice<boolean>> = [
  { value: true, title: 'Да' },
  { value: false, title: 'Нет' },
];

export interface ChoiceSelectProps<T extends string | boolean> {
  readonly label: string;
  readonly value: T | null;
  readonly choices: ReadonlyArray<Choice<T>>;
  readonly onChange: (value: T | null) => void;
  readonly anyTitle?: string;
}

/** One of a few fixed values (strings or yes/no), or nothing. */
export const ChoiceSelect = <T extends string | boolean>({ label, value, choices, onChange, anyTitle = 'Все' }: ChoiceSelectProps<T>) => {
  const index = choices.findIndex((c) => c.value === value);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={index < 0 ? ANY : String(index)}
      onChange={(e) => onChange(e.target.value === ANY ? null : (choices[Number(e.target.value)]?.value ?? null))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value={ANY}>
        <em>{anyTitle}</em>
      </MenuItem>
      {choices.map((c, i) => (
        <MenuItem key={String(c.value)} value={String(i)}>
          {c.title}
        </MenuItem>
      ))}
    </TextField>
  );
};

export interface IdMultiSelectProps {
  readonly label: string;
  readonly value: readonly number[];
  readonly options: readonly Option[];
  readonly onChange: (value: number[]) => void;
  readonly placeholder?: string;
  readonly error?: string;
  readonly name?: string;
}

/** Several of a list, with search by typing; chosen items show as chips. */
export const IdMultiSelect = ({ label, value, options, onChange, placeholder, error, name }: IdMultiSelectProps) => {
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
      renderInput={(params) => (
        <TextField {...params} name={name} label={label} placeholder={chosen.length ? undefined : placeholder} error={Boolean(error)} helperText={error} />
      )}
    />
  );
};
