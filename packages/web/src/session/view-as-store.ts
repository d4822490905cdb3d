/**
 * "View as player" (issue 11): while an editor or the owner views a world as one of its players or viewers,
 * every request to that world's API paths carries the `x-view-as` header with that member's userId. The
 * choice lives in sessionStorage, so it survives a reload of the tab but not a new tab or a sign-out.
 */
import { useSyncExternalStore } from 'react';
import type { WorldRole } from '@loreforge/contract';

/** Whom a world is being viewed as. */
export interface ViewAs {
  worldId: string;
  userId: string;
  username: string;
  /** The viewed member's role (player or viewer). */
  role: WorldRole;
  /** The role of whoever switched (editor or owner), kept because the world now answers as the viewed member. */
  ownRole: WorldRole;
}

const STORAGE_KEY = 'loreforge.viewAs';
const listeners = new Set<() => void>();

function read(): ViewAs | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<ViewAs>;
    return value.worldId && value.userId && value.username && value.role && value.ownRole ? (value as ViewAs) : null;
  } catch {
    return null;
  }
}

let current: ViewAs | null = read();

/** The current choice, or null when everyone sees with their own eyes. */
export function getViewAs(): ViewAs | null {
  return current;
}

/** Sets (or with null, ends) viewing a world as a member, and tells every subscriber. */
export function setViewAs(value: ViewAs | null): void {
  current = value;
  try {
    if (value) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts until reload.
  }
  for (const listener of listeners) listener();
}

/**
 * The `x-view-as` value for an API path, or undefined.
 * @param path a path below `/api`, e.g. `/worlds/123/characters`.
 * @returns the viewed member's userId when the path belongs to the world being viewed as someone.
 */
export function viewAsFor(path: string): string | undefined {
  if (!current) return undefined;
  const prefix = `/worlds/${current.worldId}`;
  const normalized = path.startsWith('/') ? path : `/${path}`;
  return normalized === prefix || normalized.startsWith(`${prefix}/`) || normalized.startsWith(`${prefix}?`) ? current.userId : undefined;
}

/** React hook: the current choice, re-rendering when it changes. */
export function useViewAs(): ViewAs | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getViewAs,
    getViewAs,
  );
}
