/**
 * Direct calls to the app's HTTP API with the signed-in user's token, for journeys that need more data than is
 * sensible to type (e.g. eighty characters) or that check the screens against what the API holds.
 */
import type { Page } from 'playwright-core';

/** The bearer token the web app keeps in localStorage after sign-in (SPEC §4). */
export async function tokenFromPage(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('loreforge.token'));
  if (!token) throw new Error('No token in localStorage: is the user signed in?');
  return token;
}

/**
 * Sends one JSON request to /api{path} with the token and returns the parsed body.
 * @throws Error naming the call and the status when the answer is not 2xx.
 */
export async function apiCall<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
