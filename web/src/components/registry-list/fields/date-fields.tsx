import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { DateInput } from '../../date-input';

export interface DateRangeProps {
  readonly label: string;
  readonly from: string | null;
  readonly to: string | null;
  readonly onChange: (range: { from: string | null; to: string | null }) => void;
  /** The contract's messages for either end. */
  readonly errors?: { readonly from?: string; readonly to?: string };
}

/** Two DD.MM.YYYY fields: '{label}: с' and '{label}: по'. */
export const DateRange = ({ label, from, to, onChange, errors }: DateRangeProps) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
    <DateInput label={`${label}: с`} value={from} onChange={(v) => onChange({ from: v, to })} error={errors?.from} fullWidth />
    <DateInput label={`${label}: по`} value={to} onChange={(v) => onChange({ from, to: v })} error={errors?.to} fullWidth />
  </Stack>
);

/** A date condition that may also ask for a filled or an empty date. */
export type DateOrFlag = boolean | string | null;

type DateMode = 'any' | 'set' | 'unset' | 'day';

const modeOf = (v: DateOrFlag): DateMode => (v === true ? 'set' : v === false ? 'unset' : typeof v === 'string' ? 'day' : 'any');

export interface DateOrFlagFilterProps {
  readonly label: string;
  readonly value: DateOrFlag;
  readonly onChange: (value: DateOrFlag) => void;
}

/** Any, filled ('Указана'), empty ('Не указана'), or one day. */
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
