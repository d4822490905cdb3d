import { describe, expect, it } from 'vitest';
import { unwrap } from '@loreforge/client';
import { apiClientFor } from './api.js';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

describe.each(DIALECTS)("an entity's history and restore, in Chromium on %s", (dialect) => {
  const env = useJourneyEnv(dialect);

  it('lets the owner rename the Cowardly Lion, restore the old name from History, and bring the Lion back once deleted', async () => {
    await journey(env(), 'history-restore', async (page) => {
      const account = await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Land of Oz');
      const api = await apiClientFor(page, env().server.baseUrl);
      const lion = unwrap(
        await api.POST('/api/worlds/{worldId}/characters', {
          params: { path: { worldId } },
          body: {
            name: 'The Cowardly Lion',
            description: 'Afraid of everything',
            attributes: { courage: 1 },
            currentLocationId: null,
            activeQuests: null,
          },
        }),
      );
      const lionPath = `/worlds/${worldId}/characters/${lion.characterId}`;

      // The owner renames the Lion through the edit form.
      await page.goto(`${lionPath}/edit`);
      const name = page.getByLabel(/^Name/);
      await name.fill('The Courageous Lion');
      await page.getByRole('button', { name: 'Save character' }).click();
      await page.getByRole('heading', { name: 'The Courageous Lion', level: 1 }).waitFor();

      // History names the change, from the old name to the new one.
      await page.getByRole('link', { name: 'History' }).click();
      const changes = page.getByRole('region', { name: 'Changes' });
      const entries = changes.getByTestId('history-entry');
      await entries.first().getByText('The Courageous Lion').waitFor();
      expect(await entries.first().innerText()).toContain('The Cowardly Lion');
      expect(await entries.first().innerText()).toContain(`by ${account.username}`);
      await expectAccessible(page, 'character history');

      // Restoring the version before the rename brings the old name back, as a new change.
      await entries
        .nth(1)
        .getByRole('button', { name: /^Restore the character as of/ })
        .click();
      await entries.nth(1).getByRole('button', { name: 'Restore this version' }).click();
      await changes
        .getByRole('status')
        .getByText(/Restored the version of/)
        .waitFor();
      await page.getByRole('heading', { name: 'The Cowardly Lion', level: 1 }).waitFor();
      await entries.first().getByText('The Courageous Lion').waitFor();
      expect(await entries.count()).toBeGreaterThanOrEqual(3);

      // The page itself reads the old name after a reload.
      await page.goto(lionPath);
      await page.getByRole('heading', { name: 'The Cowardly Lion', level: 1 }).waitFor();

      // Deleted from the characters list, the Lion waits under "Recently deleted" on the world page; Restore brings its page back.
      await page.goto(`/worlds/${worldId}/characters`);
      await page.getByRole('button', { name: 'Delete The Cowardly Lion', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.goto(`/worlds/${worldId}`);
      const deleted = page.getByRole('region', { name: 'Recently deleted' });
      await deleted.getByText(`character, deleted by ${account.username}`, { exact: false }).waitFor();
      await expectAccessible(page, 'world page with recently deleted');
      await deleted.getByRole('button', { name: 'Restore The Cowardly Lion' }).click();
      await deleted.getByRole('status').getByText('Restored character "The Cowardly Lion".').waitFor();
      await deleted.getByRole('link', { name: 'Open it' }).click();
      await page.getByRole('heading', { name: 'The Cowardly Lion', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(lionPath);
    });
  });
});
