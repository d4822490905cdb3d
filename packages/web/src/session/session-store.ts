/**
 * The stored session of SPEC §4: the token and the signed-in user, kept in localStorage.
 * This module is the only place that touches those keys; the API client and the auth context both use it.
 */
import type { User } from '@loreforge/contract';

/** localStorage key of the bearer token. */
export const TOKEN_KEY = 'loreforge.token';
/** localStorage key of the signed-in user record (JSON). */
export const USER_KEY = 'loreforge.user';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Subscribes to changes of the stored session (sign-in, sign-out, a 401 clearing the token).
 * @param listener called after every change.
 * @returns a function that unsubscribes.
 */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** @returns the stored bearer token, or null when signed out (SPEC §4: no token means signed out). */
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Stores the token and user after a successful login or registration (SPEC §4).
 * @param token bearer token from the API; @param user the user it belongs to.
 */
export function storeSession(token: string, user: User): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

/** Clears the token only, as a 401 response requires (SPEC §4, §8); the user record stays. */
export function clearToken(): void {
  if (getToken() === null) return;
  window.localStorage.removeItem(TOKEN_KEY);
  notify();
}

/** Clears both token and user: logout (SPEC §4). */
export function clearSession(): void {
  window.localStorage.removeItem(TOKEN_KEY);
  window.localStorage.removeItem(USER_KEY);
  notify();
}

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.userId === 'string' && typeof record.email === 'string';
}

/**
 * Restores the signed-in user on start (SPEC §4): with a token and a stored user record, that user;
 * with a token but no usable user record, only a console warning and null; without a token, null.
 * @returns the restored user, or null.
 */
export function restoreUser(): User | null {
  const token = getToken();
  if (token === null) return null;
  const raw = window.localStorage.getItem(USER_KEY);
  if (raw === null) {
    console.warn('A sign-in token was found but no stored user; staying signed out until the next sign-in.');
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isUser(parsed)) return parsed;
  } catch {
    // fall through to the warning below
  }
  console.warn('The stored user record is unreadable; staying signed out until the next sign-in.');
  return null;
}
