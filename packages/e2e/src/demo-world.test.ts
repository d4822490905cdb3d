import { describe, expect, it } from 'vitest';
import { type DemoLoadResult, runDemo } from '@loreforge/demo';
import { expectAccessible } from './browser.js';
import { journey, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

const DEMO_ACCOUNT = { username: 'dorothy_demo', email: 'demo@oz.example.test', password: 'there-is-no-place-like-home' };

/** The id the loader gave a key of the data file. */
function idOf(result: DemoLoadResult, kind: string, key: string): string {
  const id = result.ids[kind]?.[key];
  if (!id) throw new Error(`The demo loader made no ${kind} "${key}".`);
  return id;
}

describe.each(DIALECTS)('the Land of Oz demo, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('loads through the API and shows its world, timeline branch, map and Dorothy to the demo account', async () => {
    const { server } = env();
    const result = await runDemo({ baseUrl: server.baseUrl, account: DEMO_ACCOUNT, inviteCode: async () => server.newInviteCode() }).catch(
      (error: unknown) => {
        throw new Error(`${(error as Error).message}\nServer output:\n${server.output().slice(-4000)}`, { cause: error });
      },
    );
    expect(result.registered).toBe(true);
    const worldId = result.worldId;

    await journey(env(), 'demo-world', async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(DEMO_ACCOUNT.email);
      await page.getByLabel(/^Password/).fill(DEMO_ACCOUNT.password);
      await page.getByRole('button', { name: /sign in|log in|login/i }).click();
      await page.getByText(`Signed in as: ${DEMO_ACCOUNT.username}`).waitFor();

      // The world card on the home page, with its counts.
      await page.getByRole('heading', { name: 'The Land of Oz', level: 2 }).waitFor();
      const counts = page.getByRole('list', { name: 'Contents' });
      expect(await counts.getByRole('listitem').allInnerTexts()).toEqual([
        `${result.summary.characters} Characters`,
        `${result.summary.timelines} Timelines`,
        result.summary.maps === 1 ? '1 Map' : `${result.summary.maps} Maps`,
      ]);
      expect(result.summary.characters).toBeGreaterThanOrEqual(25);
      await expectAccessible(page, 'home with the demo world');

      // The world's count cards agree.
      await page.goto(`/worlds/${worldId}`);
      await page.getByRole('button', { name: `${result.summary.characters} Characters : show help` }).waitFor();
      await page.getByRole('button', { name: `${result.summary.events} Events : show help` }).waitFor();
      await page.getByRole('button', { name: `${result.summary.items} Items : show help` }).waitFor();
      await expectAccessible(page, 'demo world details');

      // The story's timeline, and its branch opened and closed.
      await page.goto(`/worlds/${worldId}/timelines/${idOf(result, 'timeline', 'main')}`);
      await page.getByRole('heading', { name: 'The Wonderful Wizard of Oz', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'The house falls on the Wicked Witch of the East' }).waitFor();
      await expectAccessible(page, 'demo timeline');
      await page.getByRole('button', { name: 'Open branch at The cyclone carries the house away' }).click();
      await page.getByRole('heading', { name: /^The house lands beside the Wicked Witch/ }).waitFor();
      // Event names are cut at 50 characters on the cards (SPEC §9).
      await page.getByRole('heading', { name: 'What if the house had missed the Wicked Witch of the East?', level: 1 }).waitFor();
      expect(await page.getByRole('heading', { name: 'The house falls on the Wicked Witch of the East' }).count()).toBe(0);
      await expectAccessible(page, 'demo branch timeline');
      await page.getByRole('button', { name: 'Back to Parent Timeline' }).click();
      await page.getByRole('heading', { name: 'The house falls on the Wicked Witch of the East' }).waitFor();
      expect(await page.getByRole('heading', { name: /^The house lands beside the Wicked Witch/ }).count()).toBe(0);

      // The map: its image, its points as markers and in the side list, its four countries as areas.
      await page.goto(`/worlds/${worldId}/maps/${idOf(result, 'map', 'oz')}`);
      const canvas = page.getByRole('region', { name: 'Map of The Land of Oz' });
      await canvas.locator('img.leaflet-image-layer').waitFor();
      await canvas.getByRole('button', { name: 'The Emerald City' }).waitFor();
      await canvas.getByRole('button', { name: 'Castle of the Wicked Witch of the West' }).waitFor();
      expect(await canvas.locator('.leaflet-marker-icon').count()).toBe(result.summary.points);
      expect(await canvas.locator('path.leaflet-interactive').count()).toBe(result.summary.areas);
      await page.getByRole('heading', { name: `Points (${result.summary.points})` }).waitFor();
      await page.getByRole('heading', { name: 'Areas (4)' }).waitFor();
      for (const country of ['The Gillikin Country', 'The Munchkin Country', 'The Quadling Country', 'The Winkie Country']) {
        await page.getByRole('region', { name: 'Areas (4)' }).getByText(country).waitFor();
      }
      await expectAccessible(page, 'demo map');

      // Dorothy: her attributes, inventory, relationships and goals.
      const dorothy = `/worlds/${worldId}/characters/${idOf(result, 'character', 'dorothy')}`;
      await page.goto(dorothy);
      await page.getByRole('heading', { name: 'Dorothy', level: 1 }).waitFor();
      // Her stored record and, beside it, her state as of the story timeline's now both say where she is from.
      await page.getByRole('row', { name: 'home Kansas' }).first().waitFor();
      await page.getByRole('link', { name: 'Inventory', exact: true }).click();
      await page.waitForURL(`**${dorothy}/inventory`);
      await page.getByRole('heading', { name: "Dorothy's Inventory" }).waitFor();
      await page.getByRole('link', { name: "Dorothy's Sunbonnet", exact: true }).waitFor();
      await page.getByRole('link', { name: "Dorothy's Basket", exact: true }).waitFor();
      await expectAccessible(page, "Dorothy's inventory");
      await page.getByRole('link', { name: 'Relationships', exact: true }).click();
      await page.waitForURL(`**${dorothy}/relationships`);
      for (const name of ['Uncle Henry', 'Aunt Em', 'Toto']) await page.getByRole('link', { name, exact: true }).waitFor();
      await page.getByRole('row', { name: /^Toto Like family 100 100/ }).waitFor();
      await expectAccessible(page, "Dorothy's relationships");
      await page.getByRole('link', { name: 'Goals', exact: true }).click();
      await page.getByRole('link', { name: 'Return to Kansas', exact: true }).waitFor();

      // The Silver Shoes' owners on a phone: each owner's row stacks, so whether they are worn is on screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/worlds/${worldId}/items/${idOf(result, 'item', 'silverShoes')}/character-instances`);
      const owners = page.getByRole('table', { name: 'Characters who own this item' });
      await owners.getByRole('link', { name: 'The Wicked Witch of the East' }).waitFor();
      const worn = owners.getByRole('cell').getByText('Equipped', { exact: true });
      const box = await worn.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, 'the Equipped badge on screen').toBe(true);
      await expectAccessible(page, "the Silver Shoes' owners on a phone");
    });
  });
});
