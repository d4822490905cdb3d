import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { unwrap } from '@loreforge/client';
import { apiClientFor } from './api.js';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const LONG_DESCRIPTION = 'A land ringed by a great desert that none could live to cross. '.repeat(8);
const LONG_EVENT = 'The Scarecrow is lifted from his pole in the field'; // 50 characters: the spec's limit

/** Whether two boxes on the page overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The colour of one pixel of a whole-page capture, decoded by the page itself (an image on a canvas).
 * @returns [red, green, blue].
 */
async function pixelOfFullPage(page: Page, fromBottom: number): Promise<number[]> {
  const png = (await page.screenshot({ fullPage: true })).toString('base64');
  return page.evaluate(
    async ({ data, offset }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No canvas');
      context.drawImage(image, 0, 0);
      return Array.from(context.getImageData(5, image.height - offset, 1, 1).data.slice(0, 3));
    },
    { data: png, offset: fromBottom },
  );
}

describe.each(DIALECTS)('the first hour at the table, at desktop and phone sizes, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('reads well: whole timeline cards on the page, lists below the tabs, stacked tables, an opaque menu, the sky to the bottom', async () => {
    await journey(env(), 'first-hour-layout', async (page) => {
      await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Land of Oz', LONG_DESCRIPTION);
      const api = await apiClientFor(page, env().server.baseUrl);
      const inWorld = { path: { worldId } };
      const character = async (name: string) =>
        unwrap(
          await api.POST('/api/worlds/{worldId}/characters', {
            params: inWorld,
            body: { name, description: `${name} of Oz`, attributes: {}, currentLocationId: null, activeQuests: null },
          }),
        );
      const dorothy = await character('Dorothy');
      for (const name of ['Toto', 'Scarecrow', 'Tin Woodman']) {
        const friend = await character(name);
        unwrap(
          await api.POST('/api/worlds/{worldId}/characters/{characterId}/relationships', {
            params: { path: { worldId, characterId: dorothy.characterId } },
            body: {
              targetCharacterId: friend.characterId,
              relationshipType: 'extended_family',
              affinity: 80,
              trustLevel: 70,
              description: 'Met on the road',
            },
          }),
        );
      }
      const timeline = unwrap(
        await api.POST('/api/worlds/{worldId}/timelines', {
          params: inWorld,
          body: { name: 'The Story', currentDateTime: '1900-06-20T14:00:00.000Z' },
        }),
      );
      for (let day = 1; day <= 12; day += 1) {
        unwrap(
          await api.POST('/api/worlds/{worldId}/events', {
            params: inWorld,
            body: {
              timelineId: timeline.timelineId,
              name: day === 3 ? LONG_EVENT : `Day ${day} on the road`,
              description: `What happened on day ${day}`,
              dateTime: `1900-06-${String(day).padStart(2, '0')}T12:00:00.000Z`,
            },
          }),
        );
      }

      // Desktop: the timeline scrolls with the page, six or more whole cards fit a screen, and a 50-character name is whole.
      await page.goto(`/worlds/${worldId}/timelines/${timeline.timelineId}`);
      const track = page.getByRole('list', { name: '12 events in story order' });
      await track.waitFor();
      await track.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70));
      const scrollBoxes = await track.evaluate((el) => {
        const boxes: string[] = [];
        for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
          const { overflowY } = getComputedStyle(node);
          if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) boxes.push(node.className);
        }
        return boxes;
      });
      expect(scrollBoxes, 'boxes scrolling the events inside the page').toEqual([]);
      await expect
        .poll(() =>
          track.locator('.lf-timeline-card').evaluateAll(
            (cards) =>
              cards.filter((card) => {
                const r = card.getBoundingClientRect();
                return r.top >= 0 && r.bottom <= window.innerHeight;
              }).length,
          ),
        )
        .toBeGreaterThanOrEqual(6);
      const longTitle = track.getByRole('heading', { name: LONG_EVENT });
      expect(await longTitle.getAttribute('title')).toBe(LONG_EVENT);
      expect(await longTitle.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      // Back at the top, once the navbar has slid back in over the sky (axe reads colours as they settle).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('header[data-visible="true"]').waitFor();
      await page.waitForTimeout(400);
      await expectAccessible(page, 'timeline at desktop size');

      // The sky goes on to the bottom of a long page captured whole, rather than ending at one screen's height.
      await page.goto(`/worlds/${worldId}/characters/${dorothy.characterId}/relationships`);
      await page.getByRole('link', { name: 'Toto' }).first().waitFor();
      await page.setViewportSize({ width: DESKTOP.width, height: 500 });
      const [red = 255, green = 255, blue = 255] = await pixelOfFullPage(page, 3);
      expect(red + green + blue, `colour at the bottom of the page: ${red},${green},${blue}`).toBeLessThan(3 * 250);

      // Phone: the list starts in the first half of the screen, every tab shows, rows stack with every column and action.
      await page.setViewportSize(PHONE);
      await page.goto(`/worlds/${worldId}/characters`);
      const search = page.getByRole('searchbox', { name: 'Search characters' });
      await search.waitFor();
      expect((await search.boundingBox())?.y ?? Infinity).toBeLessThan(PHONE.height / 2);
      const tabs = page.getByRole('navigation', { name: 'World sections' }).getByRole('link');
      for (const box of await tabs.evaluateAll((links) => links.map((l) => l.getBoundingClientRect().right)))
        expect(box).toBeLessThanOrEqual(PHONE.width);
      expect(await tabs.count()).toBe(7);
      await expectAccessible(page, 'characters list on a phone');

      await page.goto(`/worlds/${worldId}/characters/${dorothy.characterId}/relationships`);
      await page.getByRole('link', { name: 'Toto' }).first().waitFor();
      // Phone: the trail shows Home, "…" and its last two steps, each whole rather than cut to its first letters.
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li');
      const shownCrumbs = await crumbs.evaluateAll((items) =>
        items
          .filter((item) => item.getBoundingClientRect().width > 0)
          .map((item) => ({ text: item.textContent.trim(), whole: item.scrollWidth <= item.clientWidth + 1 })),
      );
      expect(shownCrumbs).toEqual(['Home', '…', 'Dorothy', 'Relationships'].map((text) => ({ text, whole: true })));
      const table = page.getByRole('table');
      expect(
        await table.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth + 1 && el.scrollWidth <= el.clientWidth + 1),
      ).toBe(true);
      const row = page.getByRole('row', { name: /Toto/ });
      await expect.poll(() => row.innerText()).toMatch(/Extended family/);
      for (const name of ['Edit Toto', 'Delete Toto']) {
        const box = await page.getByRole('button', { name }).or(page.getByRole('link', { name })).first().boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${name} on screen`).toBe(true);
      }
      const add = await page.getByRole('button', { name: 'Add relationship' }).boundingBox();
      for (const rowBox of await page
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(add && overlaps(add, rowBox), 'the add button covers a row').toBe(false);
      }
      await expectAccessible(page, 'relationships on a phone');

      // Phone: home's add button sits by Create World above the worlds, not under them, and its popover opens on screen.
      await page.goto('/');
      const worldCard = page.getByRole('link', { name: 'The Land of Oz', exact: true });
      await worldCard.waitFor();
      const addWorld = page.getByRole('button', { name: 'Add world' });
      const [addWorldBox, worldCardBox] = [await addWorld.boundingBox(), await worldCard.boundingBox()];
      expect(addWorldBox && worldCardBox && addWorldBox.y + addWorldBox.height <= worldCardBox.y, 'Add world above the worlds').toBe(true);
      await addWorld.click();
      await page.getByRole('textbox', { name: /Name/ }).waitFor();
      const popover = await page.locator('.lf-quick-create').boundingBox();
      expect(popover && popover.y >= 0 && popover.y + popover.height <= PHONE.height, 'the quick-create popover on screen').toBe(true);
      await page.keyboard.press('Escape');
      await page.locator('.lf-quick-create').waitFor({ state: 'detached' });

      // Phone: the open menu hides the page under it.
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      const alpha = await page.getByRole('banner').evaluate((el) => {
        const colour = getComputedStyle(el).backgroundColor;
        const parts = /rgba?\(([^)]+)\)/.exec(colour)?.[1]?.split(',') ?? [];
        return parts.length === 4 ? Number(parts[3]) : 1;
      });
      expect(alpha).toBe(1);
    });
  });
});
