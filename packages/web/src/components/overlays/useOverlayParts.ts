import { useCallback, useState } from 'react';

/** The overlay components of `overlay-parts.ts`, once loaded. */
export type OverlayParts = typeof import('./overlay-parts');

let loaded: OverlayParts | undefined;
let loading: Promise<OverlayParts> | undefined;

/**
 * Loads the overlay components' chunk (once per page; a failed load is tried again on the next call).
 * @returns the components.
 * @throws the import's error when the chunk cannot be fetched (offline, or a deploy replaced it).
 */
export function loadOverlayParts(): Promise<OverlayParts> {
  loading ??= import('./overlay-parts').then(
    (parts) => (loaded = parts),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts loading the overlay components without waiting for them (a control's pointer-enter or focus, so that its
 * click finds them loaded); a failure is ignored here and met again by the click's own load.
 */
export function prefetchOverlayParts(): void {
  loadOverlayParts().catch(() => undefined);
}

/**
 * The overlay components for a control that shows a menu, popover or hover card (the world page's Export and
 * "View as player" menus, the "+ New" popovers, mentions' hover cards). A screen renders without them, and they
 * load when someone shows an intent to use such a control: the pointer enters it, it takes focus, or it is
 * clicked (the control calls `load`). So no first screen waits for Popper's code, and no page loads it that is
 * only read (docs/performance.md, "Overlays on intent").
 * @returns `parts`, undefined until loaded (at once when another control has loaded them), and `load`, which starts
 * the load (its failure leaves `parts` undefined; the next call tries again).
 */
export function useOverlayParts(): { parts: OverlayParts | undefined; load: () => void } {
  const [parts, setParts] = useState(loaded);
  const load = useCallback(() => {
    loadOverlayParts().then(setParts, () => undefined);
  }, []);
  return { parts, load };
}
