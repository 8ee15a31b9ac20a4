import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { FILTER_DEBOUNCE_MS } from '@/config/constants';

export type DebouncedTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> & {
  readonly value: string;
  /** Called once the user stopped typing for `delayMs`, or left the field (or its dialog) before that. */
  readonly onChange: (value: string) => void;
  readonly delayMs?: number;
};

/**
 * A text field for list filters: typing shows at once, the filter changes 500 ms after the last key.
 * A value typed and left at once (a click on 'Закрыть', another field) is reported then, not dropped.
 */
export const DebouncedTextField = ({ value, onChange, delayMs = FILTER_DEBOUNCE_MS, onBlur, ...rest }: DebouncedTextFieldProps) => {
  const [text, setText] = useState(value);
  const [known, setKnown] = useState(value);
  const timer = useRef<number | null>(null);
  const pending = useRef<string | null>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);
  if (value !== known) {
    setKnown(value);
    setText(value);
  }

  /** Reports a value still waiting for its delay; true when there was one. */
  const flush = (): boolean => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next === null) return false;
    report.current(next);
    return true;
  };

  // Unmounted with a value still waiting (its dialog closed): report it to the owner, which lives on.
  useEffect(() => () => void flush(), []);

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = event.target.value;
    setText(next);
    pending.current = next;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      setKnown(next);
      flush();
    }, delayMs);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = pending.current;
    if (next !== null && flush()) setKnown(next);
    onBlur?.(event);
  };

  return <TextField {...rest} value={text} onChange={handleChange} onBlur={handleBlur} />;
};
