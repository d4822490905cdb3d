import { describe, expect, it } from 'vitest';
import { unwrap } from '@loreforge/client';
import { apiClientFor } from './api.js';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

describe.each(DIALECTS)('rich text with mentions, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it("mentions Dorothy from the Scarecrow's description with @, and lists the Scarecrow under 'Mentioned in' on her page", async () => {
    await journey(env(), 'rich-text-mentions', async (page) => {
      await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Road of Yellow Brick');
      const api = await apiClientFor(page, env().server.baseUrl);
      const create = async (name: string, description: string) =>
        unwrap(
          await api.POST('/api/worlds/{worldId}/characters', {
            params: { path: { worldId } },
            body: { name, description, attributes: {}, currentLocationId: null, activeQuests: null },
          }),
        );
      const dorothy = await create('Dorothy', 'A girl from Kansas.');
      const scarecrow = await create('The Scarecrow', 'Stuffed with straw.');

      await page.goto(`/worlds/${worldId}/characters/${dorothy.characterId}`);
      await page.getByRole('heading', { name: 'Mentioned in' }).waitFor();
      await page.getByText('Nothing mentions this yet.').waitFor();

      await page.goto(`/worlds/${worldId}/characters/${scarecrow.characterId}/edit`);
      const editor = page.getByRole('textbox', { name: 'Description' });
      await editor.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' He follows @Doro');
      await page.getByRole('option', { name: /^Dorothy/ }).click();
      await page.keyboard.type('to the Emerald City.');
      await expectAccessible(page, 'character form with the rich text editor');
      await page.getByRole('button', { name: /^(Save|Update)/ }).click();
      await page.waitForURL(new RegExp(`/characters/${scarecrow.characterId}(/details)?$`));

      // The mention shows as a link to Dorothy's page, with her name.
      const mention = page.getByRole('link', { name: 'Dorothy', exact: true });
      await mention.waitFor();
      expect(await mention.getAttribute('href')).toBe(`/worlds/${worldId}/characters/${dorothy.characterId}`);
      await mention.hover();
      await page.getByRole('tooltip').getByText('A girl from Kansas.').waitFor();

      await mention.click();
      await page.getByRole('heading', { name: 'Dorothy', level: 1 }).waitFor();
      const mentionedIn = page.getByRole('region', { name: 'Mentioned in' });
      await mentionedIn.getByRole('link', { name: 'The Scarecrow' }).waitFor();
      await expectAccessible(page, "Dorothy's page with 'Mentioned in'");

      const stored = unwrap(
        await api.GET('/api/worlds/{worldId}/characters/{characterId}', {
          params: { path: { worldId, characterId: scarecrow.characterId } },
        }),
      );
      expect(stored.description).toBe('Stuffed with straw. He follows Dorothy to the Emerald City.');
    });
  });
});
