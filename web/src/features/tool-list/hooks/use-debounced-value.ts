import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (the first value at once). A value `accept`
 * refuses is never taken: the last accepted one stays (a filter the server would refuse is not sent).
 */
export const useDebouncedValue = <T,>(value: T, delayMs: number, accept: (v: T) => boolean = () => true): T => {
  const [settled, setSettled] = useState(value);
  const ok = accept(value);
  useEffect(() => {
    if (!ok) return undefined;
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs, ok]);
  return settled;
};
