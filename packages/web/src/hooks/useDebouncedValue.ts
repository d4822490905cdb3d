import { useEffect, useState } from 'react';

/**
 * A value that follows `value` after it has stopped changing for `delayMs` (search boxes).
 * @returns the settled value.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(id);
  }, [value, delayMs]);
  return settled;
}
