/**
 * `npm run screenshots`: starts the production server on a fresh SQLite database, loads the Oz demo world
 * through the API, signs in through /login and captures the main screens into docs/screenshots/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runDemo } from '@loreforge/demo';
import { launchBrowser, newContext } from './browser.js';
import { REPO_ROOT, startServer } from './server.js';

const OUT = path.join(REPO_ROOT, 'docs/screenshots');
const account = { username: 'oz-demo', email: 'demo@loreforge.test', password: 'follow-the-yellow-brick-road' };

const server = await startServer('sqlite');
const browser = await launchBrowser();
try {
  const demo = await runDemo({ baseUrl: server.baseUrl, account, inviteCode: async () => server.newInviteCode() });
  const id = (kind: string, key: string): string => demo.ids[kind]?.[key] ?? '';
  const w = `/worlds/${demo.worldId}`;
  fs.mkdirSync(OUT, { recursive: true });

  const context = await newContext(browser, server.baseUrl);
  const page = await context.newPage();
  const shot = async (name: string, url: string, settle?: () => Promise<unknown>) => {
    // World pages hold a live change stream open, so the network never idles: wait for the page, then its settle.
    await page.goto(url, { waitUntil: 'load' });
    if (settle) await settle();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(OUT, `${name}.png`) });
    console.log(`docs/screenshots/${name}.png  ${url}`);
  };

  await shot('landing', '/');
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await page.getByText(/Signed in as/).waitFor();

  await shot('home-worlds', '/');
  await shot('world-details', `${w}/details`);
  await shot('characters', `${w}/characters`);
  await shot('character-dorothy', `${w}/characters/${id('character', 'dorothy')}`);
  await shot('character-inventory', `${w}/characters/${id('character', 'dorothy')}/inventory`);
  await shot('character-relationships', `${w}/characters/${id('character', 'dorothy')}/relationships`);
  await shot('items', `${w}/items`);
  await shot('item-golden-cap', `${w}/items/${id('item', 'goldenCap')}`);
  await shot('timelines', `${w}/timelines`);
  await shot('timeline-story', `${w}/timelines/${id('timeline', 'main')}`);
  await shot('events', `${w}/events`);
  await shot('map-of-oz', `${w}/maps/${id('map', 'oz')}`, () =>
    page
      .locator('.leaflet-container')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined),
  );
  await shot('quests', `${w}/quests`);
  await shot('api-docs', '/api/docs');
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
