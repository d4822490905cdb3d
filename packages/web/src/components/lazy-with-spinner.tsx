import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingSpinner } from './LoadingSpinner';

/**
 * A component whose module loads when it is first rendered, with a spinner standing in until it has arrived: for
 * forms a page shows only on request (a "+ New" popover), so the page does not load the form library, zod and
 * the rich-text editor before it becomes interactive.
 * @param load resolves to the component (e.g. `async () => (await import('./Form')).Form`); a failed load is
 *   thrown to the nearest error boundary when the component renders.
 * @returns a component taking the same props.
 */
export function lazyWithSpinner<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyWithSpinner(props: P) {
    return (
      <Suspense fallback={<LoadingSpinner />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyWithSpinner;
}
