import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { unwrap } from '@loreforge/client';
import { apiClientFor } from './api.js';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

const CHARACTER_COUNT = 83; // 9 pages of 10: enough for ellipses on both sides of a middle page.
const nameOf = (n: number) => `Munchkin ${String(n).padStart(3, '0')}`;

/** The page labels the pager shows, in order, with gaps as '…'. */
async function pagerSlots(page: Page): Promise<string[]> {
  const pager = page.getByRole('navigation', { name: 'characters pages' });
  const items = pager.locator('li.page-item');
  const texts = await items.allInnerTexts();
  // Drop the Previous and Next arrows at either end; keep the visible first line (screen-reader extras follow it).
  return texts.slice(1, -1).map((t) => (t.split('\n')[0] ?? '').trim());
}

/** The character names in the list's rows, top to bottom (the page label follows a click at once, the rows may lag: poll them). */
async function rowNames(page: Page): Promise<string[]> {
  return page.locator('tbody tr td:first-child').allInnerTexts();
}

describe.each(DIALECTS)('searching, sorting and paging a long list, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('pages past 7 pages with a window and ellipses, narrows by search and sorts by a column', async () => {
    await journey(env(), 'list-paging', async (page) => {
      await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Munchkin Country');
      const api = await apiClientFor(page, env().server.baseUrl);
      for (let n = 1; n <= CHARACTER_COUNT; n += 1) {
        unwrap(
          await api.POST('/api/worlds/{worldId}/characters', {
            params: { path: { worldId } },
            body: { name: nameOf(n), description: `Munchkin number ${n}`, attributes: {}, currentLocationId: null, activeQuests: null },
          }),
        );
      }

      await page.goto(`/worlds/${worldId}/characters`);
      await page.getByText(`${CHARACTER_COUNT} characters · page 1 of 9`).waitFor();
      expect(await rowNames(page)).toHaveLength(10);
      // Default sort is newest first.
      expect((await rowNames(page))[0]).toBe(nameOf(CHARACTER_COUNT));
      expect(await pagerSlots(page)).toEqual(['1', '2', '3', '…', '9']);
      await expectAccessible(page, 'characters list, page 1');

      const pager = page.getByRole('navigation', { name: 'characters pages' });
      await pager.getByLabel('Page 3').first().click();
      await page.getByText('page 3 of 9').waitFor();
      await pager.getByLabel('Page 5').first().click();
      await page.getByText('page 5 of 9').waitFor();
      expect(await pagerSlots(page)).toEqual(['1', '…', '3', '4', '5', '6', '7', '…', '9']);
      await expect.poll(async () => (await rowNames(page))[0]).toBe(nameOf(CHARACTER_COUNT - 40));
      await pager.getByLabel('Page 9').first().click();
      await page.getByText('page 9 of 9').waitFor();
      expect(await pagerSlots(page)).toEqual(['1', '…', '7', '8', '9']);
      await expect.poll(() => rowNames(page)).toEqual([nameOf(3), nameOf(2), nameOf(1)]);
      await expectAccessible(page, 'characters list, last page');

      // Sorting by name starts ascending and goes back to page 1; toggling flips it.
      await page.getByRole('button', { name: 'Name' }).click();
      await page.getByText('page 1 of 9').waitFor();
      await expect.poll(() => rowNames(page)).toEqual(Array.from({ length: 10 }, (_, i) => nameOf(i + 1)));
      expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
      await pager.getByLabel('Page 2').first().click();
      await page.getByText('page 2 of 9').waitFor();
      await page.getByRole('button', { name: 'Name' }).click();
      await page.getByText('page 1 of 9').waitFor();
      await expect.poll(() => rowNames(page)).toEqual(Array.from({ length: 10 }, (_, i) => nameOf(CHARACTER_COUNT - i)));
      expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');

      // Search narrows the list (and the pager goes away with a single page).
      await page.getByRole('searchbox', { name: 'Search characters' }).fill('Munchkin 04');
      await page.getByText('10 characters · page 1 of 1').waitFor();
      await expect.poll(() => rowNames(page)).toEqual(Array.from({ length: 10 }, (_, i) => nameOf(49 - i)));
      expect(await pager.count()).toBe(0);
      await page.getByRole('searchbox', { name: 'Search characters' }).fill('Munchkin 083');
      await page.getByText('1 character · page 1 of 1').waitFor();
      await expect.poll(() => rowNames(page)).toEqual([nameOf(83)]);
      await page.getByRole('searchbox', { name: 'Search characters' }).fill('Nobody at all');
      await page.getByText('No characters found.').waitFor();
      await expectAccessible(page, 'characters list, searched');
    });
  });
});
