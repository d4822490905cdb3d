/**
 * The app's HTTP API through the typed client `@loreforge/client`, with the signed-in user's token, for
 * journeys that need more data than is sensible to type (e.g. eighty characters) or that check the screens
 * against what the API holds.
 */
import type { Page } from 'playwright-core';
import { type LoreforgeClient, createLoreforgeClient } from '@loreforge/client';

/** The bearer token the web app keeps in localStorage after sign-in (SPEC §4). */
async function tokenFromPage(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('loreforge.token'));
  if (!token) throw new Error('No token in localStorage: is the user signed in?');
  return token;
}

/**
 * A typed API client signed in as the page's user.
 * @throws Error when the page holds no token (nobody signed in).
 */
export async function apiClientFor(page: Page, baseUrl: string): Promise<LoreforgeClient> {
  return createLoreforgeClient({ baseUrl, token: await tokenFromPage(page) });
}
