import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

/** Fills and saves the timeline form at timelines/create; waits for the new timeline's page. @returns its id. */
async function createTimeline(page: Page, worldId: string, name: string, parent?: string): Promise<string> {
  await page.goto(`/worlds/${worldId}/timelines/create`);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Current Date\/Time/).fill('1900-05-14T16:00');
  if (parent) await page.getByLabel(/^Parent Timeline/).selectOption({ label: parent });
  await page.getByRole('button', { name: 'Create timeline' }).click();
  await page.waitForURL(/\/timelines\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return page.url().split('/').pop() ?? '';
}

/** Fills and saves the event form at events/create, back on the events list afterwards. */
async function createEvent(page: Page, worldId: string, event: { name: string; at: string; timeline: string; branchTo?: string }) {
  await page.goto(`/worlds/${worldId}/events/create`);
  await page.getByLabel(/^Name/).fill(event.name);
  await page.getByLabel(/^Date\/Time/).fill(event.at);
  await page.getByLabel(/^Timeline/).selectOption({ label: event.timeline });
  if (event.branchTo) {
    await page.getByRole('checkbox', { name: 'Branching Event' }).check();
    await page.getByLabel(/^Child Timeline/).selectOption({ label: event.branchTo });
  }
  await page.getByRole('button', { name: 'Create event' }).click();
  await page.waitForURL(new RegExp(`/worlds/${worldId}/events$`));
}

describe.each(DIALECTS)('a branching timeline, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('opens a branch from its branching event, shows the child timeline, and goes back to the parent', async () => {
    await journey(env(), 'timeline-branching', async (page) => {
      await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'Kansas and Beyond');
      const parentId = await createTimeline(page, worldId, 'The Cyclone Year');
      await createTimeline(page, worldId, 'The House Misses', 'The Cyclone Year');

      await createEvent(page, worldId, {
        name: 'The cyclone lifts the house',
        at: '1900-05-14T16:00',
        timeline: 'The Cyclone Year',
        branchTo: 'The House Misses',
      });
      await createEvent(page, worldId, { name: 'The house lands on the Witch', at: '1900-05-15T08:00', timeline: 'The Cyclone Year' });
      await createEvent(page, worldId, { name: 'The Witch of the East survives', at: '1900-05-15T08:00', timeline: 'The House Misses' });

      // The events list says which event branches.
      await page.getByLabel(/^Timeline/).selectOption({ label: 'All timelines' });
      await page.getByRole('row', { name: /^The cyclone lifts the house .* The Cyclone Year Yes/ }).waitFor();
      await page.getByRole('row', { name: /^The house lands on the Witch .* The Cyclone Year No/ }).waitFor();
      await expectAccessible(page, 'events list');

      await page.goto(`/worlds/${worldId}/timelines/${parentId}`);
      const events = page.getByRole('list', { name: '2 events in story order' });
      await events.getByRole('heading', { name: 'The cyclone lifts the house' }).waitFor();
      await events.getByRole('heading', { name: 'The house lands on the Witch' }).waitFor();
      expect(await page.getByRole('button', { name: /^Open branch/ }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Back to Parent Timeline' }).count()).toBe(0);
      await expectAccessible(page, 'parent timeline');

      await page.getByRole('button', { name: 'Open branch at The cyclone lifts the house' }).click();
      await page.getByRole('heading', { name: 'The House Misses', level: 1 }).waitFor();
      const branch = page
        .getByRole('list', { name: '1 events in story order' })
        .or(page.getByRole('list', { name: '1 event in story order' }));
      await branch.getByRole('heading', { name: 'The Witch of the East survives' }).waitFor();
      expect(await page.getByRole('heading', { name: 'The house lands on the Witch' }).count()).toBe(0);
      await expectAccessible(page, 'branch timeline');

      await page.getByRole('button', { name: 'Back to Parent Timeline' }).click();
      await page.getByRole('heading', { name: 'The Cyclone Year', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'The house lands on the Witch' }).waitFor();
      expect(await page.getByRole('heading', { name: 'The Witch of the East survives' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Back to Parent Timeline' }).count()).toBe(0);
    });
  });
});
