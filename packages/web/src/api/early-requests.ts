/**
 * GET requests a first page starts before the app bundle has arrived (see `first-screen.ts`): the page's data then
 * travels while the app downloads, instead of after it. The API client takes each one once, for the first request
 * to the same URL with the same headers; anything else (another token, a "view as" header, a later request) goes
 * to the network as usual. This module is part of the first bundle every visitor loads: it imports nothing.
 */

interface EarlyGet {
  /** The request's headers, to compare with the client's own. */
  headers: Record<string, string>;
  response: Promise<Response>;
  /** `performance.now()` when it was sent. */
  sentAt: number;
}

/** An early answer older than this (ms) is not used: the first screen asks within a second or two. */
const FRESH_MS = 10_000;

const early = new Map<string, EarlyGet>();

/**
 * Sends a GET now, to be taken by the client's first request to `url`.
 * @param url the full path with `/api` and the query, exactly as the client builds it (e.g. `/api/worlds/1`).
 * @param headers the headers the client would send for it (Accept, Authorization).
 */
export function startEarlyGet(url: string, headers: Record<string, string>): void {
  if (early.has(url)) return;
  const response = fetch(url, { headers });
  // A failure is the client's to report when it asks; unused, it must not surface as an unhandled rejection.
  response.catch(() => undefined);
  early.set(url, { headers, response, sentAt: performance.now() });
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * Takes the early answer for a GET, once.
 * @param url the request's URL as the client builds it; @param headers the headers the client would send.
 * @returns the early response's promise when one was sent for `url` with exactly these headers less than 10 s
 *   ago and not taken yet, else undefined (the caller fetches).
 */
export function takeEarlyGet(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const entry = early.get(url);
  if (!entry) return undefined;
  early.delete(url);
  if (performance.now() - entry.sentAt > FRESH_MS || !sameHeaders(entry.headers, headers)) return undefined;
  return entry.response;
}
