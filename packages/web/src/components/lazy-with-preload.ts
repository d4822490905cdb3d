import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component whose module loads when it is first rendered, or earlier when `preload` is called: for dialogs a page
 * opens on request (a form with the rich-text editor), so the page does not load them before its first screen yet
 * a dialog opens at once when the load was started on intent.
 * @param load resolves to the component (e.g. `async () => (await import('./Dialog')).Dialog`).
 * @returns `Component`, to render inside a `Suspense`; a failed load is thrown to the nearest error boundary when it
 *   renders. `preload`, which starts the load and ignores its failure (the render tries again and shows it).
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: LazyExoticComponent<ComponentType<P>>; preload: () => void } {
  return {
    Component: lazy(async () => ({ default: await load() })),
    preload: () => void load().catch(() => undefined),
  };
}
