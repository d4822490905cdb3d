import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` (the sky uses 60 s, SPEC §9).
 * @param intervalMs refresh period in milliseconds.
 * @returns a Date that changes once per period.
 */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
