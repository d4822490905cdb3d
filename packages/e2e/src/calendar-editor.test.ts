import { describe, expect, it } from 'vitest';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

describe.each(DIALECTS)('a world calendar made in the editor, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('creates a calendar with its preview, puts a timeline on it and dates an event in its months', async () => {
    await journey(env(), 'calendar-editor', async (page) => {
      const account = await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Land of Oz');

      // From the Timelines tab to the world's calendars, and a new calendar in the editor.
      await page.goto(`/worlds/${worldId}/timelines`);
      await page.getByRole('link', { name: 'Calendars' }).click();
      await page.getByRole('heading', { name: 'Calendars', level: 1 }).waitFor();
      // With no calendar yet, the list's panel says so with as much room below the line as above it.
      const emptyGaps = await page.getByText('This world has no calendar of its own yet.').evaluate((line: Element) => {
        const panel = line.closest('.lf-panel')?.getBoundingClientRect();
        const box = line.getBoundingClientRect();
        return panel ? [Math.round(box.top - panel.top), Math.round(panel.bottom - box.bottom)] : [];
      });
      expect(emptyGaps.length).toBe(2);
      expect(emptyGaps[1], 'room below the empty line against above it').toBe(emptyGaps[0]);
      await page.getByRole('link', { name: 'New calendar' }).click();
      await page.getByRole('heading', { name: 'Create Calendar' }).waitFor();
      await page.getByLabel(/^Name/).fill('The Ozian Reckoning');
      const months = page.getByRole('group', { name: 'Months' });
      await months.getByRole('listitem', { name: 'Months row 1', exact: true }).getByLabel('Month name').fill('Munchkin');
      await months.getByRole('listitem', { name: 'Months row 2', exact: true }).getByLabel('Month name').fill('Gillikin');
      await page.getByRole('button', { name: 'Add era' }).click();
      const era = page.getByRole('group', { name: 'Eras' }).getByRole('listitem', { name: 'Eras row 1', exact: true });
      await era.getByLabel('Era name').fill('Years of the Wizard');
      await era.getByLabel('Abbreviation').fill('YW');

      // The preview lays out the year as it is typed: Munchkin first, under the weekday names.
      const preview = page.getByRole('region', { name: 'Year preview' });
      await preview.getByRole('table', { name: 'Munchkin 1 YW' }).waitFor();
      expect(await preview.getByRole('columnheader', { name: 'Fir' }).count()).toBeGreaterThan(0);
      // A mistake stops the preview and says where it is.
      await months.getByRole('listitem', { name: 'Months row 2', exact: true }).getByLabel('Month name').fill('Munchkin');
      await preview.getByText('Month "Munchkin" appears twice; month names must be unique.').waitFor();
      await months.getByRole('listitem', { name: 'Months row 2', exact: true }).getByLabel('Month name').fill('Gillikin');
      await preview.getByRole('table', { name: 'Gillikin 1 YW' }).waitFor();
      // A moon marks its new, quarter and full days under the day's number, in the same place on every day, and
      // the month still fits a phone's screen.
      await page.getByRole('button', { name: 'Add moon' }).click();
      const munchkin = preview.getByRole('table', { name: 'Munchkin 1 YW' });
      const marks = munchkin.locator('td span[aria-label^="Moon 1: "]');
      await marks.first().waitFor();
      await page.setViewportSize({ width: 360, height: 800 });
      const offsets = await marks.evaluateAll((spans) =>
        spans.map((span) => Math.round(span.getBoundingClientRect().top - (span.closest('td')?.getBoundingClientRect().top ?? 0))),
      );
      expect(offsets.length).toBeGreaterThan(8);
      expect(new Set(offsets).size).toBe(1);
      expect(await munchkin.evaluate((table) => table.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectAccessible(page, 'calendar editor');
      await page.getByRole('button', { name: 'Create calendar' }).click();

      await page.getByRole('heading', { name: 'The Ozian Reckoning', level: 1 }).waitFor();
      await page.getByText(account.username, { exact: true }).first().waitFor();
      await page.getByRole('region', { name: 'A year of this calendar' }).getByRole('table', { name: 'Munchkin 1 YW' }).waitFor();
      await expectAccessible(page, 'calendar page');
      // On a phone the list of calendars stacks each row, so its shape reads across the screen, not squeezed into a
      // column a word wide, and Edit and Delete are on screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/worlds/${worldId}/calendars`);
      for (const control of [
        page.getByRole('link', { name: 'Edit The Ozian Reckoning' }),
        page.getByRole('button', { name: 'Delete The Ozian Reckoning' }),
      ]) {
        const box = await control.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, `${String(control)} on screen`).toBe(true);
      }
      const shape = page.getByRole('cell', { name: /12 months · 360 days/ });
      expect((await shape.boundingBox())?.width ?? 0).toBeGreaterThan(300);
      // The header row is hidden there, so no line runs across the panel above the first row.
      const firstRow = page.getByRole('table', { name: 'Calendars of this world' }).locator('tbody > tr').first();
      expect(await firstRow.evaluate((row: Element) => getComputedStyle(row).borderTopWidth)).toBe('0px');
      await expectAccessible(page, 'calendars on a phone');
      await page.setViewportSize({ width: 1280, height: 900 });

      // A timeline keeping Ozian time: its now is entered as a date of the calendar.
      await page.goto(`/worlds/${worldId}/timelines/create`);
      await page.getByLabel(/^Name/).fill('The Chronicle of Oz');
      await page.getByLabel(/^Calendar/).selectOption({ label: 'The Ozian Reckoning' });
      await page.getByLabel('Year', { exact: true }).fill('40');
      await page.getByLabel('Month', { exact: true }).selectOption({ label: 'Gillikin' });
      await page.getByText('Reads: 1st of Gillikin, 40 YW').waitFor();
      await page.getByRole('button', { name: 'Create timeline' }).click();
      await page.waitForURL(/\/timelines\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'The Chronicle of Oz', level: 1 }).waitFor();
      const timelineId = page.url().split('/').pop() ?? '';

      // An event on it, dated in Munchkin: the day list offers that month's days, and a wrong era is refused.
      await page.goto(`/worlds/${worldId}/events/create?timelineId=${timelineId}`);
      await page.getByLabel(/^Name/).fill('A farmhouse falls on the Wicked Witch of the East');
      await page.getByLabel('Year', { exact: true }).fill('40');
      await page.getByLabel('Month', { exact: true }).selectOption({ label: 'Munchkin' });
      await page.getByLabel('Day', { exact: true }).selectOption('14');
      await page.getByLabel('Hour', { exact: true }).fill('8');
      await page.getByText('Reads: 14th of Munchkin, 40 YW, 08:00').waitFor();
      await expectAccessible(page, 'event form in a world calendar');
      await page.getByRole('button', { name: 'Create event' }).click();
      await page.waitForURL(new RegExp(`/worlds/${worldId}/events$`));

      await page.goto(`/worlds/${worldId}/timelines/${timelineId}`);
      const events = page
        .getByRole('list', { name: '1 event in story order' })
        .or(page.getByRole('list', { name: '1 events in story order' }));
      await events.getByRole('heading', { name: 'A farmhouse falls on the Wicked Witch of the East' }).waitFor();
      await events.getByText('14th of Munchkin, 40 YW, 08:00').waitFor();
    });
  });
});
