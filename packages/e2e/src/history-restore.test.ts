import { describe, expect, it } from 'vitest';
import { unwrap } from '@loreforge/client';
import { apiClientFor } from './api.js';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

describe.each(DIALECTS)('an entity\'s history and restore, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('lets the owner rename the Cowardly Lion, see the change in History, and restore the old name', async () => {
    await journey(env(), 'history-restore', async (page) => {
      const account = await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Land of Oz');
      const api = await apiClientFor(page, env().server.baseUrl);
      const lion = unwrap(await api.POST('/api/worlds/{worldId}/characters', {
        params: { path: { worldId } },
        body: { name: 'The Cowardly Lion', description: 'Afraid of everything', attributes: { courage: 1 }, currentLocationId: null, activeQuests: null },
      }));
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
      await entries.nth(1).getByRole('button', { name: /^Restore the character as of/ }).click();
      await entries.nth(1).getByRole('button', { name: 'Restore this version' }).click();
      await changes.getByRole('status').getByText(/Restored the version of/).waitFor();
      await page.getByRole('heading', { name: 'The Cowardly Lion', level: 1 }).waitFor();
      await entries.first().getByText('The Courageous Lion').waitFor();
      expect(await entries.count()).toBeGreaterThanOrEqual(3);

      // The page itself reads the old name after a reload.
      await page.goto(lionPath);
      await page.getByRole('heading', { name: 'The Cowardly Lion', level: 1 }).waitFor();
    });
  });
});
