import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { requestNumberSchema } from '@domain/request/validation';
import { DateInput, DebouncedTextField } from '@/components';
import type { DateOrFlag } from '../../model/filter';
import type { Option } from '../../model/references';

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

export interface ChoiceSelectProps<T extends string | boolean> {
  readonly label: string;
  readonly value: T | null;
  readonly choices: ReadonlyArray<{ readonly value: T; readonly title: string }>;
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

export interface TextFilterProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** Text typed into the filter: applied 500 ms after the last key. */
export const TextFilter = ({ label, value, onChange }: TextFilterProps) => (
  <DebouncedTextField fullWidth size="small" label={label} value={value} onChange={onChange} autoComplete="off" />
);

export interface NumberFilterProps {
  readonly label: string;
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
}

/**
 * A request number in the filter (debounced 500 ms): digits only, else 'Введите целое число'
 * (the domain's requestNumberSchema) and the filter keeps its last good value.
 */
export const NumberFilter = ({ label, value, onChange }: NumberFilterProps) => {
  const [error, setError] = useState<string | null>(null);
  const [known, setKnown] = useState(value);
  if (known !== value) {
    setKnown(value);
    setError(null);
  }
  const apply = (text: string) => {
    if (text.trim() === '') {
      setError(null);
      onChange(null);
      return;
    }
    const parsed = requestNumberSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Введите целое число');
      return;
    }
    setError(null);
    onChange(parsed.data);
  };
  return (
    <DebouncedTextField
      fullWidth
      size="small"
      label={label}
      value={value === null ? '' : String(value)}
      onChange={apply}
      autoComplete="off"
      error={error !== null}
      helperText={error}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
};

export interface DateRangeProps {
  readonly label: string;
  readonly from: string | null;
  readonly to: string | null;
  readonly onChange: (range: { from: string | null; to: string | null }) => void;
}

/** Two DD.MM.YYYY fields: 'с' and 'по'. */
export const DateRange = ({ label, from, to, onChange }: DateRangeProps) => (
  <Stack direction="row" spacing={1}>
    <DateInput label={`${label}: с`} value={from} onChange={(v) => onChange({ from: v, to })} fullWidth />
    <DateInput label={`${label}: по`} value={to} onChange={(v) => onChange({ from, to: v })} fullWidth />
  </Stack>
);

export interface FlagProps {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}

export const Flag = ({ label, checked, onChange }: FlagProps) => (
  <FormControlLabel control={<Checkbox size="small" checked={checked} onChange={(_e, v) => onChange(v)} />} label={label} />
);

type DateMode = 'any' | 'set' | 'unset' | 'day';

const modeOf = (v: DateOrFlag): DateMode => (v === true ? 'set' : v === false ? 'unset' : typeof v === 'string' ? 'day' : 'any');

export interface DateOrFlagFilterProps {
  readonly label: string;
  readonly value: DateOrFlag;
  readonly onChange: (value: DateOrFlag) => void;
}

/** A date of the repair sub-filter: any, filled, empty, or one day. */
export const DateOrFlagFilter = ({ label, value, onChange }: DateOrFlagFilterProps) => {
  const [mode, setMode] = useState<DateMode>(modeOf(value));
  const [known, setKnown] = useState(value);
  if (known !== value) {
    setKnown(value);
    if (value !== null || mode !== 'day') setMode(modeOf(value));
  }
  const choose = (next: DateMode) => {
    setMode(next);
    onChange(next === 'set' ? true : next === 'unset' ? false : null);
  };
  return (
    <Stack direction="row" spacing={1}>
      <TextField select fullWidth size="small" label={label} value={mode} onChange={(e) => choose(e.target.value as DateMode)}>
        <MenuItem value="any">
          <em>Все</em>
        </MenuItem>
        <MenuItem value="set">Указана</MenuItem>
        <MenuItem value="unset">Не указана</MenuItem>
        <MenuItem value="day">Дата</MenuItem>
      </TextField>
      {mode === 'day' && <DateInput label="Дата" value={typeof value === 'string' ? value : null} onChange={(v) => onChange(v)} fullWidth />}
    </Stack>
  );
};
