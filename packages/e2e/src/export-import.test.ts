import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDemo } from '@loreforge/demo';
import { expectAccessible } from './browser.js';
import { journey, newAccount, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

/**
 * Issue 13 as a new user tries it: export the Oz demo from its world page as a Loreforge bundle, import the file
 * from the worlds home, read the summary, and open the imported world to find the same counts.
 */
describe.each(DIALECTS)('exporting and importing a world, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('exports the Oz demo, imports the bundle as a new world and opens it', async () => {
    const { server } = env();
    const account = newAccount('cartographer');
    const demo = await runDemo({ baseUrl: server.baseUrl, account, inviteCode: async () => server.newInviteCode() });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-export-'));

    await journey(env(), 'export-import', async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel(/^Password/).fill(account.password);
      await page.getByRole('button', { name: /sign in|log in|login/i }).click();
      await page.getByText(`Signed in as: ${account.username}`).waitFor();

      // Export from the world page: the menu offers the three formats; the bundle downloads as a zip.
      await page.goto(`/worlds/${demo.worldId}`);
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('button', { name: /Markdown vault/ }).waitFor();
      await page.getByRole('button', { name: /OnlyWorlds/ }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Loreforge bundle/ }).click()]);
      expect(download.suggestedFilename()).toBe('the-land-of-oz.loreforge.zip');
      const file = path.join(folder, download.suggestedFilename());
      await download.saveAs(file);
      await page.getByRole('status').filter({ hasText: 'Saved the-land-of-oz.loreforge.zip' }).waitFor();
      expect(fs.statSync(file).size).toBeGreaterThan(1000);

      // Import from the worlds home: choose the file, then the summary and a link to the new world.
      await page.goto('/');
      await page.getByRole('button', { name: 'Import World' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import a world' });
      await dialog.getByLabel('Archive to import').setInputFiles(file);
      await dialog.getByText('Imported The Land of Oz from a Loreforge bundle.').waitFor({ timeout: 60_000 });
      const created = dialog.getByRole('list', { name: 'Created' });
      await created.getByText(`${demo.summary.characters} characters`).waitFor();
      await created.getByText(`${demo.summary.events} events`).waitFor();
      await expectAccessible(page, 'import summary');
      await dialog.getByRole('link', { name: 'Open The Land of Oz' }).click();

      // The imported world is a new one, with the same counts.
      await page.waitForURL((url) => /\/worlds\/[0-9a-f-]{36}/.test(url.pathname) && !url.pathname.includes(demo.worldId));
      await page.getByRole('button', { name: `${demo.summary.characters} Characters : show help` }).waitFor();
      await page.getByRole('button', { name: `${demo.summary.events} Events : show help` }).waitFor();
      await page.getByRole('button', { name: `${demo.summary.items} Items : show help` }).waitFor();
      await page.goto('/');
      const cards = page.getByRole('heading', { name: 'The Land of Oz', level: 2 });
      await cards.nth(1).waitFor();
      expect(await cards.count()).toBe(2);
    });
    fs.rmSync(folder, { recursive: true, force: true });
  }, 180_000);
});
