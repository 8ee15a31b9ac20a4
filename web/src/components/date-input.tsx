import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { useState, type ChangeEvent } from 'react';
import { formatDate, parseRuDate } from '@domain/shared/dates';
import { dayjs } from '@/lib/dayjs';
import { isCompleteDate, maskDate } from '@/utils/date-mask';

export interface DateInputProps {
  readonly label: string;
  /** A calendar date 'YYYY-MM-DD', or null. */
  readonly value: string | null;
  /** Called with 'YYYY-MM-DD' for a real date, null while the field is empty or not a date. */
  readonly onChange: (value: string | null) => void;
  readonly name?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  /** An error from the form (shown instead of the field's own 'Неверная дата'). */
  readonly error?: string;
  readonly fullWidth?: boolean;
}

const INVALID = 'Неверная дата';

/**
 * A DD.MM.YYYY field: digits only, the dots come by themselves; the value is checked with the
 * domain's date rules (parseRuDate), so 31.02.2026 is not a date. A calendar (weeks from Monday)
 * opens from the button.
 */
export const DateInput = ({ label, value, onChange, name, required, disabled, error, fullWidth }: DateInputProps) => {
  const [text, setText] = useState(() => formatDate(value));
  // The last value this field reported or received; a different prop is a change from outside.
  const [known, setKnown] = useState(value);
  const [touched, setTouched] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (value !== known) {
    setKnown(value);
    setText(formatDate(value));
  }

  const report = (next: string | null) => {
    setKnown(next);
    if (next !== value) onChange(next);
  };

  const handleText = (event: ChangeEvent<HTMLInputElement>) => {
    const masked = maskDate(event.target.value);
    setText(masked);
    report(isCompleteDate(masked) ? parseRuDate(masked) : null);
  };

  const ownError = text !== '' && (isCompleteDate(text) || touched) && parseRuDate(text) === null ? INVALID : undefined;
  const shown = error ?? ownError;

  return (
    <>
      <TextField
        label={label}
        name={name}
        value={text}
        onChange={handleText}
        onBlur={() => setTouched(true)}
        required={required}
        disabled={disabled}
        fullWidth={fullWidth}
        error={Boolean(shown)}
        helperText={shown}
        placeholder="ДД.ММ.ГГГГ"
        autoComplete="off"
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 10 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label="Выбрать дату" edge="end" disabled={disabled} onClick={(e) => setAnchor(e.currentTarget)}>
                  <CalendarMonthIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
        <DateCalendar
          value={value ? dayjs(value) : null}
          onChange={(picked) => {
            if (!picked?.isValid()) return;
            const iso = picked.format('YYYY-MM-DD');
            setText(formatDate(iso));
            report(iso);
            setAnchor(null);
          }}
        />
      </Popover>
    </>
  );
};
