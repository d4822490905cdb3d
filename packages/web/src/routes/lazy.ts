import type { ComponentType } from 'react';

/**
 * A React Router `lazy` loader for a screen module, so each screen is its own chunk and the landing page
 * downloads only what it shows.
 * @param load dynamic import of the module; @param name the exported component to render.
 */
export function lazyScreen<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] });
}
