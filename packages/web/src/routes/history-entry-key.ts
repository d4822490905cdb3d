/**
 * React Router keys each history entry by `history.state.key`, which it writes on every in-app navigation. The
 * entry a document was loaded into has none, so it reads as `"default"`, in every document of the tab: the
 * scroll position `<ScrollRestoration>` saves for one document's first page (say a members list scrolled down)
 * was restored on the next document's first page (a world opened from the address bar), which then opened
 * scrolled down with its navbar hidden. Giving that entry a key of its own makes each page restore only its own
 * position (after a reload, or back and forward), as in-app navigations already do.
 */

/** The key React Router gives an entry with no state of its own. */
const NO_KEY = 'default';

/**
 * Writes a key of its own into the current history entry's state when it has none, keeping whatever else the
 * state holds. Call it before the browser router is created: the router reads the key once, at creation.
 * @returns the entry's key (the one it already had, or the new one).
 */
export function keyCurrentHistoryEntry(): string {
  const state: unknown = window.history.state;
  const held = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  if (typeof held.key === 'string' && held.key !== '' && held.key !== NO_KEY) return held.key;
  // The same shape React Router's own keys take (eight base-36 characters).
  const key = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  window.history.replaceState({ ...held, key }, '');
  return key;
}
