import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { z } from 'zod';
import { DebouncedTextField } from '../../debounced-text-field';
import { Flag } from './flag';

export interface TextFilterProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The contract's message for the text (the list keeps its last good filter meanwhile). */
  readonly error?: string;
  /** A sum: the phone keyboard with digits and a decimal comma. */
  readonly numeric?: boolean;
}

/** Text typed into the filter: applied 500 ms after the last key. */
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

/** A text with its 'Точное совпадение' box (a name, a serial or inventory number). */
export const ExactTextFilter = ({ exact, onExactChange, ...text }: ExactTextFilterProps) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
    <TextFilter {...text} />
    <Flag label="Точное совпадение" ariaLabel={`${text.label}: точное совпадение`} checked={exact} onChange={onExactChange} />
  </Stack>
);

export interface NumberFilterProps {
  readonly label: string;
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
  /** The domain's rule for the number, with its Russian message. */
  readonly schema: z.ZodType<number, z.ZodTypeDef, unknown>;
}

/**
 * A number in the filter (debounced 500 ms): what `schema` refuses shows its message and the filter
 * keeps its last good value.
 */
export const NumberFilter = ({ label, value, onChange, schema }: NumberFilterProps) => {
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
    const parsed = schema.safeParse(text);
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
