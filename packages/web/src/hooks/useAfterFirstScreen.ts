import { useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';

/** The longest the extras wait for the first screen (ms), should its queries never all rest. */
const MAX_WAIT_MS = 3000;

/** Whether the first screen of this page load has settled; every later screen starts its extras at once. */
let settled = false;

/**
 * Whether the page's first screen has settled: none of its queries is fetching any more and the browser has had
 * an idle moment since (`requestIdleCallback`, a timer where it is missing), or 3 s have passed. Work that screen
 * does not show (the live stream, presence) waits for it, so that on a slow connection it does not compete with
 * the screen's own chunks and data, nor run while the screen renders.
 * @returns false until then; true from then on, for this caller and every later one.
 */
export function useAfterFirstScreen(): boolean {
  const fetching = useIsFetching();
  const [ready, setReady] = useState(settled);

  useEffect(() => {
    if (ready) return undefined;
    const timer = window.setTimeout(() => {
      settled = true;
      setReady(true);
    }, MAX_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);

  useEffect(() => {
    if (ready || fetching > 0) return undefined;
    const done = () => {
      settled = true;
      setReady(true);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(done, 0);
    return () => window.clearTimeout(id);
  }, [ready, fetching]);

  return ready;
}
