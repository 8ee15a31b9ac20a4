import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { FILTER_DEBOUNCE_MS } from '@/config/constants';

export type DebouncedTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> & {
  readonly value: string;
  /** Called once the user stopped typing for `delayMs`. */
  readonly onChange: (value: string) => void;
  readonly delayMs?: number;
};

/** A text field for list filters: typing shows at once, the filter changes 500 ms after the last key. */
export const DebouncedTextField = ({ value, onChange, delayMs = FILTER_DEBOUNCE_MS, ...rest }: DebouncedTextFieldProps) => {
  const [text, setText] = useState(value);
  const [known, setKnown] = useState(value);
  const timer = useRef<number | null>(null);
  if (value !== known) {
    setKnown(value);
    setText(value);
  }

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = event.target.value;
    setText(next);
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      setKnown(next);
      onChange(next);
    }, delayMs);
  };

  return <TextField {...rest} value={text} onChange={handleChange} />;
};
