/**
 * The web of relationships (issue "Linked lore"): on the Oz demo, the graph focused on Dorothy shows her
 * companions, and as the scrubber moves along the story their feelings (affinities) change; a player's graph has no
 * secret node; and a world of 2,000 characters is drawn and still answers the reader's filters.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { unwrap } from '@loreforge/client';
import { type DemoLoadResult, runDemo } from '@loreforge/demo';
import { apiClientFor } from './api.js';
import { expectAccessible, newContext, surfaceOf } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

const DEMO_ACCOUNT = { username: 'dorothy_graph', email: 'graph@oz.example.test', password: 'there-is-no-place-like-home' };
const SECRET_NAME = 'Mombi the Hidden';
const LARGE_WORLD = 2000;

/** The id the demo loader gave a key of the data file. */
function idOf(result: DemoLoadResult, kind: string, key: string): string {
  const id = result.ids[kind]?.[key];
  if (!id) throw new Error(`The demo loader made no ${kind} "${key}".`);
  return id;
}

/** The rows of the focused character's links table, as "From | Link | To | Affinity". */
async function focusRows(page: Page): Promise<string[]> {
  const rows = await page.getByRole('table').locator('tbody tr').all();
  return Promise.all(rows.map(async (row) => (await row.locator('td').allInnerTexts()).map((cell) => cell.trim()).join(' | ')));
}

/** The fill of the family tree's own character (FamilyTreeCanvas), as red, green, blue. */
const DOROTHY_FILL = [0x0d, 0x6e, 0xfd] as const;

/**
 * How wide the longest run of one colour is in a Cytoscape drawing, in CSS pixels: the on-screen width of the box
 * drawn in that colour, read from the canvases' pixels as a reader would see them.
 */
async function drawnWidth(drawing: Locator, colour: readonly [number, number, number]): Promise<number> {
  return drawing.evaluate((element: Element, [r, g, b]: readonly [number, number, number]) => {
    let widest = 0;
    for (const canvas of Array.from(element.querySelectorAll('canvas'))) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.clientWidth === 0) continue;
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let y = 0; y < height; y += 2) {
        let run = 0;
        for (let x = 0; x < width; x += 1) {
          const at = (y * width + x) * 4;
          const [red, green, blue, alpha] = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0, data[at + 3] ?? 0];
          const same = Math.abs(red - r) + Math.abs(green - g) + Math.abs(blue - b) < 24 && alpha > 200;
          run = same ? run + 1 : 0;
          widest = Math.max(widest, run / (canvas.width / canvas.clientWidth));
        }
      }
    }
    return widest;
  }, colour);
}

/** Moves the time scrubber with the keyboard, as a reader would, until it reads the event named. */
async function scrubTo(page: Page, eventName: string): Promise<void> {
  const scrubber = page.getByLabel('Time scrubber');
  await scrubber.focus();
  await page.keyboard.press('Home');
  for (let step = 0; step < 80; step += 1) {
    if ((await page.locator('output').innerText()).includes(eventName)) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`The scrubber never reached "${eventName}".`);
}

/** Runs `make` for 0..count-1, `width` at a time. */
async function inBatches(count: number, width: number, make: (index: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += width) {
    await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, offset) => make(start + offset)));
  }
}

describe.each(DIALECTS)('the web of relationships, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it("shows Dorothy's companions and their feelings changing along the story; a player's graph has no secret", async () => {
    const { server } = env();
    const result = await runDemo({ baseUrl: server.baseUrl, account: DEMO_ACCOUNT, inviteCode: async () => server.newInviteCode() });
    const worldId = result.worldId;
    const dorothyId = idOf(result, 'character', 'dorothy');
    let playerName = '';

    await journey(env(), 'graph-owner', async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(DEMO_ACCOUNT.email);
      await page.getByLabel(/^Password/).fill(DEMO_ACCOUNT.password);
      await page.getByRole('button', { name: /sign in|log in|login/i }).click();
      await page.getByText(`Signed in as: ${DEMO_ACCOUNT.username}`).waitFor();

      // A secret the owner keeps: a character only editors see, who knows Dorothy.
      const api = await apiClientFor(page, server.baseUrl);
      const secret = unwrap(
        await api.POST('/api/worlds/{worldId}/characters', {
          params: { path: { worldId } },
          body: {
            name: SECRET_NAME,
            description: null,
            attributes: {},
            currentLocationId: null,
            activeQuests: null,
            visibility: 'editors',
          },
        }),
      );
      unwrap(
        await api.POST('/api/worlds/{worldId}/characters/{characterId}/relationships', {
          params: { path: { worldId, characterId: secret.characterId } },
          body: { targetCharacterId: dorothyId, relationshipType: 'aware of', affinity: -40, powerBalance: 0, trustLevel: 0 },
        }),
      );

      // At night, the darkest sky: what sits below the first screen lies on the page's dark floor.
      await page.clock.setFixedTime(new Date('2026-12-21T23:00:00'));
      await page.goto(`/worlds/${worldId}/graph`);
      await page.getByRole('heading', { name: 'Web of relationships' }).waitFor();
      await page.getByLabel('Focus on').selectOption({ label: 'Dorothy' });
      await page.getByRole('table').getByText('Links of Dorothy').waitFor();
      expect(await focusRows(page)).toContain(`${SECRET_NAME} | Aware of | Dorothy | -40`);
      // The summary and the links' caption are dark text: they sit on a white surface, not on the night sky.
      for (const text of [page.getByText('Links of Dorothy'), page.getByText(/ links\. Drag to move, scroll to zoom/)]) {
        expect(await surfaceOf(text), String(text)).toBe('rgb(255, 255, 255)');
      }

      // Along the story: just after she lifts the Scarecrow from his pole, then after the forest road.
      await page.getByLabel('Timeline', { exact: true }).selectOption({ label: 'On The Wonderful Wizard of Oz' });
      await scrubTo(page, 'Dorothy lifts the Scarecrow from his pole');
      await expect.poll(() => focusRows(page)).toContain('Dorothy | Friend | The Scarecrow | 50');
      const early = await focusRows(page);
      expect(early.some((row) => row.includes('Tin Woodman'))).toBe(false);
      await scrubTo(page, 'The road through the forest');
      await expect.poll(() => focusRows(page)).toContain('Dorothy | Friend | The Scarecrow | 60');
      await scrubTo(page, 'The Cowardly Lion');
      await expect.poll(() => focusRows(page)).toContain('Dorothy | Acquaintance | The Cowardly Lion | -10');
      expect(await focusRows(page)).toContain('The Tin Woodman | Friend | Dorothy | 70');
      await scrubTo(page, 'The Kalidahs at the chasm');
      await expect.poll(() => focusRows(page)).toContain('Dorothy | Friend | The Cowardly Lion | 30');
      await expectAccessible(page, 'graph focused on Dorothy with the scrubber');

      // Her family tree, from her page.
      await page.goto(`/worlds/${worldId}/characters/${dorothyId}`);
      await page.getByRole('link', { name: 'Family tree' }).click();
      await page.getByRole('heading', { name: 'Family tree of Dorothy' }).waitFor();
      await page.getByRole('link', { name: 'Aunt Em', exact: true }).waitFor();
      const tree = page.getByRole('img', { name: /^Family tree of \d+ people/ });
      await tree.waitFor();
      // Her family is one generation: on a desktop it is shown whole in a frame as short as the row, names large.
      await expect.poll(() => drawnWidth(tree, DOROTHY_FILL)).toBeGreaterThan(130);
      expect((await tree.boundingBox())?.height).toBeLessThan(220);
      expect(await page.getByText('Drag the tree to see the rest of the family.').count()).toBe(0);
      await expectAccessible(page, "Dorothy's family tree");
      // On a phone the row is too wide to fit: the boxes stay readable, and the reader is told to drag.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByText('Drag the tree to see the rest of the family.').waitFor();
      await expect.poll(() => drawnWidth(tree, DOROTHY_FILL)).toBeGreaterThan(85);
      expect((await tree.boundingBox())?.height).toBeLessThan(220);
      await expectAccessible(page, "Dorothy's family tree on a phone");
      await page.setViewportSize({ width: 1280, height: 900 });

      // A player joins.
      const playerContext = await newContext(env().browser, server.baseUrl);
      try {
        const playerPage = await playerContext.newPage();
        playerName = (await registerThroughUi(playerPage, env())).username;
      } finally {
        await playerContext.close();
      }
      unwrap(
        await api.POST('/api/worlds/{worldId}/members', { params: { path: { worldId } }, body: { user: playerName, role: 'player' } }),
      );
    });

    await journey(env(), 'graph-player', async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(`${playerName}@example.test`);
      await page.getByLabel(/^Password/).fill('yellow-brick-road');
      await page.getByRole('button', { name: /sign in|log in|login/i }).click();
      await page.getByText(`Signed in as: ${playerName}`).waitFor();
      await page.goto(`/worlds/${worldId}/graph`);
      await page.getByLabel('Focus on').selectOption({ label: 'Dorothy' });
      await page.getByRole('table').getByText('Links of Dorothy').waitFor();
      expect((await focusRows(page)).join('\n')).not.toContain(SECRET_NAME);
      expect(await page.getByLabel('Focus on').locator('option', { hasText: SECRET_NAME }).count()).toBe(0);
      expect(await page.locator('body').innerText()).not.toContain(SECRET_NAME);
      const api = await apiClientFor(page, server.baseUrl);
      const graph = unwrap(await api.GET('/api/worlds/{worldId}/graph', { params: { path: { worldId } } }));
      expect(graph.nodes.map((node) => node.name)).not.toContain(SECRET_NAME);
      expect(graph.nodes.map((node) => node.name)).toContain('Dorothy');
    });
  });

  it('draws a world of 2,000 characters and still answers the filters and the focus', async () => {
    await journey(env(), 'graph-large', async (page) => {
      await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Great Crowd of Oz');
      const api = await apiClientFor(page, env().server.baseUrl);
      const ids: string[] = new Array<string>(LARGE_WORLD);
      const nameOf = (n: number) => `Winkie ${String(n).padStart(4, '0')}`;
      await inBatches(LARGE_WORLD, 16, async (n) => {
        ids[n] = unwrap(
          await api.POST('/api/worlds/{worldId}/characters', {
            params: { path: { worldId } },
            body: { name: nameOf(n), description: null, attributes: {}, currentLocationId: null, activeQuests: null },
          }),
        ).characterId;
      });
      // A ring: each knows the next, so every character has two neighbours.
      await inBatches(LARGE_WORLD, 16, async (n) => {
        unwrap(
          await api.POST('/api/worlds/{worldId}/characters/{characterId}/relationships', {
            params: { path: { worldId, characterId: ids[n] ?? '' } },
            body: {
              targetCharacterId: ids[(n + 1) % LARGE_WORLD] ?? '',
              relationshipType: 'acquaintence',
              affinity: 10,
              powerBalance: 0,
              trustLevel: 0,
            },
          }),
        );
      });

      await page.goto(`/worlds/${worldId}/graph`);
      await page.getByText(`${LARGE_WORLD} entities, ${LARGE_WORLD} links.`).waitFor({ timeout: 60_000 });
      await page.getByRole('img', { name: `Graph of ${LARGE_WORLD} entities and ${LARGE_WORLD} links` }).waitFor();
      // The page still answers: a filter, then a focus with a depth, each redrawn.
      await page.getByLabel('Relationships').uncheck();
      await page.getByText(`${LARGE_WORLD} entities, 0 links.`).waitFor();
      await page.getByLabel('Relationships').check();
      await page.getByLabel('Focus on').selectOption({ label: nameOf(1000) });
      await page.getByText('3 entities, 2 links.').waitFor();
      await page.getByLabel('Depth').fill('3');
      await page.getByText('7 entities, 6 links.').waitFor();
      expect(await page.evaluate(() => document.querySelectorAll('canvas').length)).toBeGreaterThan(0);
    });
  });
});
