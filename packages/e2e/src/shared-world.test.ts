/**
 * A shared world (issue 11), in three browsers at once: the owner keeps a secret NPC and invites a player by
 * link; the player sees the world without the NPC anywhere (lists, counts, search, API); the owner checks it
 * with "view as player"; an editor edits; the owner hands Dorothy to the player, who accepts a quest for her,
 * ticks its objective and keeps a note only they can read; a removed player loses the world at their very next
 * request; and signing out from a world page (issue 18) lands on the sign-in page with no request refused (401).
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible, newContext } from './browser.js';
import { createWorldThroughUi, journey, newAccount, registerThroughUi, submitForm, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

const SECRET_NAME = 'Oscar Diggs';
const SECRET_NOTE = 'A humbug balloonist from Omaha';

/** Reads `/api{path}` with the token the page's user signed in with; @returns the status and the raw body. */
async function apiAs(page: Page, baseUrl: string, path: string): Promise<{ status: number; body: string }> {
  const token = await page.evaluate(() => window.localStorage.getItem('loreforge.token'));
  const response = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token ?? ''}` } });
  return { status: response.status, body: await response.text() };
}

/** Sends a JSON write to `/api{path}` with the page user's token. @returns the parsed answer. @throws Error on a non-2xx. */
async function sendAs(page: Page, baseUrl: string, method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => window.localStorage.getItem('loreforge.token'));
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The words that betray the secret NPC: its name and its GM note. */
async function expectNoSecret(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text, `${where} names the secret NPC`).not.toContain(SECRET_NAME);
  expect(text, `${where} shows the GM note`).not.toContain('Omaha');
}

/** Creates a character through the full form, as a secret with a GM note when asked; waits for its page. */
async function createCharacter(page: Page, worldId: string, name: string, secret = false): Promise<string> {
  await page.goto(`/worlds/${worldId}/characters/create`);
  await page.getByLabel(/^Name/).fill(name);
  if (secret) {
    await page.getByLabel('Visibility').selectOption('editors');
    await page.getByLabel('GM notes').fill(SECRET_NOTE);
  }
  await page.getByRole('button', { name: 'Create character' }).click();
  await page.waitForURL(/\/characters\/[0-9a-f-]{36}(\/details)?$/);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return new URL(page.url()).pathname.replace(/\/details$/, '');
}

/** Opens a world's characters list and waits for the row of `visible`. */
async function openCharacters(page: Page, worldId: string, visible: string): Promise<void> {
  await page.goto(`/worlds/${worldId}/characters`);
  await page.getByRole('link', { name: visible }).first().waitFor();
}

describe.each(DIALECTS)('a shared world with a secret, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('invites a player by link who never sees the secret NPC; view as player; an editor edits; removal is immediate', async () => {
    const contexts: BrowserContext[] = [];
    const second = async (): Promise<Page> => {
      const context = await newContext(env().browser, env().server.baseUrl);
      contexts.push(context);
      return context.newPage();
    };
    try {
      await journey(env(), 'shared-world', async (owner) => {
        const { baseUrl } = env().server;
        await registerThroughUi(owner, env(), newAccount('glinda'));
        const worldId = await createWorldThroughUi(owner, 'The Land of Oz');
        const dorothy = await createCharacter(owner, worldId, 'Dorothy Gale');
        await createCharacter(owner, worldId, SECRET_NAME, true);
        await owner.getByText('Secret').first().waitFor();
        await owner.getByText(SECRET_NOTE).waitFor();

        // The owner makes a single-use player link.
        await owner.goto(`/worlds/${worldId}/members`);
        await owner.getByLabel('Joins as').selectOption('player');
        await owner.getByRole('button', { name: 'Create link' }).click();
        const link = (await owner.locator('code', { hasText: '/join/' }).first().innerText()).trim();
        expect(link).toMatch(/\/join\/\S+$/);
        await expectAccessible(owner, 'members tab');

        // The player accepts it in another browser.
        const player = await second();
        const toto = await registerThroughUi(player, env(), newAccount('toto'));
        await player.goto(new URL(link).pathname);
        await player.getByText('as player').waitFor();
        await player.getByRole('button', { name: 'Join The Land of Oz' }).click();
        await player.waitForURL(new RegExp(`/worlds/${worldId}`));

        // Home: the shared world with the player's role.
        await player.goto('/');
        await player.getByRole('link', { name: 'The Land of Oz', exact: true }).waitFor();
        await player.getByText('Player', { exact: true }).waitFor();

        // Lists, counts and search show no trace of the secret.
        await openCharacters(player, worldId, 'Dorothy Gale');
        await expectNoSecret(player, 'the characters list');
        await player.getByLabel('Search characters').fill('Oscar');
        await player.getByText('No characters found.').waitFor();
        await player.goto(`/worlds/${worldId}`);
        const countCard = player.getByRole('button', { name: /Characters? : show help$/ });
        await countCard.waitFor();
        expect((await countCard.innerText()).trim()).toMatch(/^1\s/);
        await expectNoSecret(player, 'the world page');
        expect(await player.getByRole('link', { name: 'Edit World' }).count()).toBe(0);
        const search = await apiAs(player, baseUrl, `/worlds/${worldId}/characters?search=Oscar`);
        expect(search.status).toBe(200);
        expect((JSON.parse(search.body) as { pagination: { totalItems: number } }).pagination.totalItems).toBe(0);
        const all = await apiAs(player, baseUrl, `/worlds/${worldId}/characters?limit=100`);
        expect(all.body).toContain('Dorothy Gale');
        expect(all.body).not.toContain(SECRET_NAME);

        // The owner checks what the player sees, then comes back.
        await owner.goto(`/worlds/${worldId}/details`);
        await owner.getByRole('button', { name: 'View as player' }).click();
        await owner.getByRole('button', { name: `${toto.username} (player)` }).click();
        await owner.getByText(`Viewing as ${toto.username}`).waitFor();
        await openCharacters(owner, worldId, 'Dorothy Gale');
        await expectNoSecret(owner, 'the owner viewing as the player');
        await owner.getByText(`Viewing as ${toto.username}`).waitFor();
        await owner.getByRole('button', { name: 'Back to my view' }).click();
        await owner.getByRole('link', { name: SECRET_NAME, exact: true }).first().waitFor();

        // An editor, added by username, edits Dorothy.
        const editor = await second();
        const scarecrow = await registerThroughUi(editor, env(), newAccount('scarecrow'));
        // A summer afternoon: the sky is at its palest, the hardest background for the header's white text.
        await owner.clock.setFixedTime(new Date('2026-06-21T16:00:00'));
        await owner.goto(`/worlds/${worldId}/members`);
        await owner.getByLabel('Username or email').fill(scarecrow.username);
        await owner.getByLabel('Role', { exact: true }).selectOption('editor');
        await owner.getByRole('button', { name: 'Add member' }).click();
        await owner.getByText(`Added ${scarecrow.username} to the world.`).waitFor();
        // On a phone each member's and each link's row stacks, so the role and every action are whole and on screen.
        await owner.setViewportSize({ width: 390, height: 844 });
        await owner.getByRole('button', { name: 'Create link' }).click();
        await owner.getByRole('button', { name: /^Revoke link / }).waitFor();
        for (const control of [
          owner.getByLabel(`Role of ${scarecrow.username}`),
          owner.getByRole('row', { name: new RegExp(scarecrow.username) }).getByRole('button', { name: 'Make owner' }),
          owner.getByRole('button', { name: `Remove ${scarecrow.username}` }),
          owner.getByRole('button', { name: 'Copy link' }),
          owner.getByRole('button', { name: /^Revoke link / }),
        ]) {
          const box = await control.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= 390, `${String(control)} on screen`).toBe(true);
          expect(await control.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
        }
        // The header's buttons read over the sky at the top and over the page's pale floor once scrolled past it.
        await owner.evaluate(() => window.scrollTo(0, 0));
        await expectAccessible(owner, 'members tab on a phone');
        await owner.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        expect(await owner.evaluate(() => window.scrollY)).toBeGreaterThan(844);
        await expectAccessible(owner, 'members tab on a phone, scrolled');
        await owner.setViewportSize({ width: 1280, height: 900 });
        await editor.goto(`${dorothy}/edit`);
        await editor.getByLabel(/^Description/).fill('A girl from a grey Kansas farm');
        await submitForm(editor, /^(Save|Update)/);
        await editor.getByText('A girl from a grey Kansas farm').waitFor();
        // "Updated by" names the editor.
        await editor.getByText(scarecrow.username, { exact: true }).first().waitFor();

        // The owner hands Dorothy to the player on her form, and sets a quest with an objective.
        await owner.goto(`${dorothy}/edit`);
        await owner.getByLabel('Played by').selectOption({ label: toto.username });
        await submitForm(owner, /^(Save|Update)/);
        await owner.getByRole('heading', { name: 'Dorothy Gale', level: 1 }).waitFor();
        const quest = await sendAs(owner, baseUrl, 'POST', `/worlds/${worldId}/quests`, { name: 'Reach the Emerald City' });
        const questPath = `/worlds/${worldId}/quests/${String(quest.questId)}`;
        await sendAs(owner, baseUrl, 'POST', `${questPath}/objectives`, { description: 'Follow the yellow brick road', target: 2 });

        // The player accepts it for Dorothy and ticks the objective, with no control to edit or delete the quest.
        await player.goto(questPath);
        await player.getByRole('heading', { name: 'Reach the Emerald City', level: 1 }).waitFor();
        await player.getByLabel('For your character').waitFor();
        expect(await player.getByRole('link', { name: 'Edit Quest' }).count()).toBe(0);
        expect(await player.getByRole('button', { name: 'Delete Quest' }).count()).toBe(0);
        expect(await player.getByRole('button', { name: 'Add objective' }).count()).toBe(0);
        await player.getByRole('button', { name: 'Accept quest' }).click();
        await player.getByRole('button', { name: 'Increase progress of Follow the yellow brick road' }).click();
        await player.getByText('1/2', { exact: true }).waitFor();
        expect(await player.getByRole('button', { name: 'Abandon quest' }).count()).toBe(0);
        const progressed = await apiAs(owner, baseUrl, questPath);
        expect(JSON.parse(progressed.body)).toMatchObject({ status: 'active', objectives: [{ progress: 1 }] });

        // The player keeps a note on Dorothy that nobody else reads, the owner included.
        const note = 'Toto growls at the curtain in the Throne Room';
        await player.goto(dorothy);
        await player.getByLabel('New note').fill(note);
        await player.getByRole('button', { name: 'Add note' }).click();
        await player.getByText(note).waitFor();
        await owner.goto(dorothy);
        await owner.getByRole('heading', { name: 'My notes' }).waitFor();
        expect(await owner.getByText(note).count()).toBe(0);
        expect((await apiAs(owner, baseUrl, `/worlds/${worldId}/notes`)).body).not.toContain(note);

        // The owner removes the player, whose very next request is a 404.
        await owner.goto(`/worlds/${worldId}/members`);
        await owner.getByRole('button', { name: `Remove ${toto.username}` }).click();
        await owner.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
        await owner.getByText(`Removed ${toto.username} from the world.`).waitFor();
        const gone = await apiAs(player, baseUrl, `/worlds/${worldId}`);
        expect(gone.status).toBe(404);
        await player.goto(`/worlds/${worldId}`);
        await player.getByText('World not found.').waitFor();

        // Signing out from a world page lands on the sign-in page, and no request on the way is answered 401.
        await owner.goto(`/worlds/${worldId}/details`);
        // The world page holds its live change stream open, so the network never idles here; answers already in
        // flight are the page's own 200s.
        await owner.getByRole('heading', { name: 'My notes' }).waitFor();
        const unauthorized: string[] = [];
        owner.on('response', (response) => {
          if (response.status() === 401) unauthorized.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
        });
        await owner.getByRole('button', { name: 'Sign out' }).click();
        await owner.waitForURL(/\/login$/);
        await owner.getByRole('button', { name: /sign in|log in|login/i }).waitFor();
        await owner.waitForLoadState('networkidle');
        expect(unauthorized, 'requests answered 401 on the way out').toEqual([]);
      });
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
