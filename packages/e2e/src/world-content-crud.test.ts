import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

/** Asserts the counts on the world's Details cards, e.g. { Timelines: 1, Events: 0 }. */
async function expectCounts(page: Page, worldId: string, counts: Record<string, number>): Promise<void> {
  await page.goto(`/worlds/${worldId}`);
  for (const [type, count] of Object.entries(counts)) {
    // The card says '1 Map' but '2 Maps' (and '0 Maps').
    const label = count === 1 ? type.replace(/s$/, '') : type;
    await page.getByRole('button', { name: `${count} ${label} : show help` }).waitFor();
  }
}

/** Clicks a row's Delete, checks the dialog warns it is irreversible, and confirms. */
async function confirmDelete(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('This action is irreversible: it cannot be undone.').waitFor();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.each(DIALECTS)('timelines, events, maps and quests, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('creates, views, edits and deletes a timeline, an event, a map and a quest', async () => {
    await journey(env(), 'world-content-crud', async (page) => {
      await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Emerald Realm');
      const world = `/worlds/${worldId}`;

      // Timeline.
      await page.goto(`${world}/timelines/create`);
      await page.getByLabel(/^Name/).fill('The Journey');
      await page.getByLabel(/^Current Date\/Time/).fill('1900-05-15T08:00');
      await page.getByRole('button', { name: 'Create timeline' }).click();
      await page.getByRole('heading', { name: 'The Journey', level: 1 }).waitFor();
      await page.getByText('This timeline has no events yet.').waitFor();
      await expectAccessible(page, 'empty timeline');
      await page.getByRole('link', { name: 'Edit Timeline' }).click();
      await page.getByLabel(/^Name/).fill('The Long Journey');
      await page.getByRole('button', { name: /^(Save|Update)/ }).click();
      await page.getByRole('heading', { name: 'The Long Journey', level: 1 }).waitFor();

      // Event on it.
      await page.goto(`${world}/events/create`);
      await page.getByLabel(/^Name/).fill('Meeting the Scarecrow');
      await page.getByLabel(/^Date\/Time/).fill('1900-05-16T10:00');
      await page.getByLabel(/^Timeline/).selectOption({ label: 'The Long Journey' });
      await page.getByLabel(/^Character Attribute Changes/).fill('{ not json');
      await page.getByRole('button', { name: 'Create event' }).click();
      await page.getByText('Invalid JSON in Character Attribute Changes. Please correct it.').waitFor();
      await page.getByLabel(/^Character Attribute Changes/).fill('');
      await page.getByRole('button', { name: 'Create event' }).click();
      await page.waitForURL(new RegExp(`${world}/events$`));
      await page.getByRole('row', { name: /^Meeting the Scarecrow 16 May 1900, 10:00 .*The Long Journey No/ }).waitFor();
      await expectAccessible(page, 'events list');
      await page.getByRole('link', { name: 'Edit Meeting the Scarecrow' }).click();
      await page.getByLabel(/^Name/).fill('Lifting the Scarecrow down');
      await page.getByRole('button', { name: /^(Save|Update)/ }).click();
      await page.waitForURL(new RegExp(`${world}/events$`));
      await page.getByRole('row', { name: /^Lifting the Scarecrow down / }).waitFor();

      // Map.
      await page.goto(`${world}/maps/create`);
      await page.getByLabel(/^Name/).fill('Oz');
      await page.getByRole('button', { name: 'Create map' }).click();
      await page.getByText('Name must be at least 3 characters.').waitFor();
      await page.getByLabel(/^Name/).fill('Oz Map');
      await page.getByRole('button', { name: 'Create map' }).click();
      await page.getByRole('heading', { name: 'Oz Map', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Edit map' }).click();
      await page.getByLabel(/^Name/).fill('The Map of Oz');
      await page.getByRole('button', { name: /^(Save|Update)/ }).click();
      await page.getByRole('heading', { name: 'The Map of Oz', level: 1 }).waitFor();

      // Quest, under the world.
      await page.goto(`${world}/quests/create`);
      await page.getByRole('heading', { name: 'Create New Quest' }).waitFor();
      await page.getByLabel(/^Name/).fill('Reach the Emerald City');
      await page.getByLabel(/^Status/).selectOption({ label: 'Active' });
      await expectAccessible(page, 'quest form');
      await page.getByRole('button', { name: 'Create Quest' }).click();
      await page.waitForURL(new RegExp(`${world}/quests$`));
      await page.getByRole('row', { name: /^Reach the Emerald City active/ }).waitFor();
      await expectAccessible(page, 'quest list');

      // The quest's own page: an objective whose progress moves while the quest is active; abandoned and accepted again.
      await page.getByRole('link', { name: 'Reach the Emerald City', exact: true }).click();
      await page.getByRole('heading', { name: 'Reach the Emerald City', level: 1 }).waitFor();
      await page.getByLabel('New objective').fill('Follow the road of yellow brick');
      await page.getByLabel('Target').fill('2');
      await page.getByRole('button', { name: 'Add objective' }).click();
      await page.getByRole('progressbar', { name: 'Progress of Follow the road of yellow brick: 0 of 2' }).waitFor();
      const increase = page.getByRole('button', { name: 'Increase progress of Follow the road of yellow brick' });
      await increase.click();
      await page.getByRole('progressbar', { name: 'Progress of Follow the road of yellow brick: 1 of 2' }).waitFor();
      await expectAccessible(page, 'quest with an objective');
      await page.getByRole('button', { name: 'Abandon quest' }).click();
      await page.getByRole('button', { name: 'Accept quest' }).waitFor();
      await page.getByText('Progress is recorded while the quest is active: accept the quest to move its objectives on.').waitFor();
      expect(await increase.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Accept quest' }).click();
      await page.getByRole('button', { name: 'Abandon quest' }).waitFor();
      await page.getByRole('link', { name: 'Back to the quests' }).click();
      await page.getByRole('row', { name: /^Reach the Emerald City active .*0\/1 complete/ }).waitFor();
      await page.getByRole('link', { name: 'Edit Reach the Emerald City' }).click();
      await page.getByRole('heading', { name: 'Edit Quest' }).waitFor();
      await page.getByLabel(/^Status/).selectOption({ label: 'Completed' });
      await page.getByRole('button', { name: /^(Save|Update)/ }).click();
      await page.waitForURL(new RegExp(`${world}/quests$`));
      await page.getByRole('row', { name: /^Reach the Emerald City completed/ }).waitFor();

      await expectCounts(page, worldId, { Timelines: 1, Events: 1, Maps: 1 });

      // Delete each, confirming.
      await page.goto(`${world}/quests`);
      await confirmDelete(page, 'Reach the Emerald City');
      await page.getByText('No quests found.').waitFor();
      await page.goto(`${world}/events`);
      await page.getByLabel(/^Timeline/).selectOption({ label: 'All timelines' });
      await confirmDelete(page, 'Lifting the Scarecrow down');
      await page.getByText('No events found.').waitFor();
      await page.goto(`${world}/maps`);
      await confirmDelete(page, 'The Map of Oz');
      await page.getByText('No maps found.').waitFor();
      await page.goto(`${world}/timelines`);
      await confirmDelete(page, 'The Long Journey');
      await page.getByText('No timelines found.').waitFor();
      await expectCounts(page, worldId, { Timelines: 0, Events: 0, Maps: 0 });
      expect(page.url()).toMatch(new RegExp(`${world}$`));
    });
  });
});
