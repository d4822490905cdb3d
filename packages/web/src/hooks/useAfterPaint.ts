import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the screen's main content has been painted: false until `ready` is true and a frame has been drawn
 * after it, then true for good. A screen renders the parts that can wait (panels beside or below its main
 * content, each with requests of its own) only once this is true, so the main content's first render and paint
 * do not also pay for theirs; they follow in a render of their own, which React may interrupt (a transition).
 * @param ready true once the main content is in the page (for example, its first page of data has arrived).
 * @returns true from the first render after the frame that followed `ready`, and from then on whatever `ready` does.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The animation frame runs before the paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
