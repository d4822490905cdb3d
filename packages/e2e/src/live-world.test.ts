/**
 * A live world (issue 15), in two browsers at once: the owner and a player have the same world open; the
 * player sees "… is editing" on the Cowardly Lion's page while the owner's form is open; an editor's rename
 * meanwhile is announced on the owner's open form, which reloads it; the owner's rename shows on the player's
 * open page within seconds, without a reload; the owner sees the player in the world header.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { newContext } from './browser.js';
import { createWorldThroughUi, journey, newAccount, registerThroughUi, submitForm, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

describe.each(DIALECTS)('a live world in two browsers, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it("shows the owner's rename of the Cowardly Lion on the player's open page without a reload, and who is editing", async () => {
    const contexts: BrowserContext[] = [];
    try {
      await journey(env(), 'live-world', async (owner) => {
        const glinda = await registerThroughUi(owner, env(), newAccount('glinda'));
        const worldId = await createWorldThroughUi(owner, 'The Land of Oz');
        await owner.goto(`/worlds/${worldId}/characters/create`);
        await owner.getByLabel(/^Name/).fill('Cowardly Lion');
        await owner.getByRole('button', { name: 'Create character' }).click();
        await owner.waitForURL(/\/characters\/[0-9a-f-]{36}(\/details)?$/);
        const lionPath = new URL(owner.url()).pathname.replace(/\/details$/, '');

        const context = await newContext(env().browser, env().server.baseUrl);
        contexts.push(context);
        const player = await context.newPage();
        const dorothy = await registerThroughUi(player, env(), newAccount('dorothy'));
        await owner.goto(`/worlds/${worldId}/members`);
        await owner.getByLabel('Username or email').fill(dorothy.username);
        await owner.getByLabel('Role', { exact: true }).selectOption('player');
        await owner.getByRole('button', { name: 'Add member' }).click();
        await owner.getByText(`Added ${dorothy.username} to the world.`).waitFor();

        // The player opens the Lion's page; the owner opens its form.
        await player.goto(lionPath);
        await player.getByRole('heading', { name: 'Cowardly Lion', level: 1 }).waitFor();
        await owner.goto(`${lionPath}/edit`);
        await owner.getByLabel(/^Name/).waitFor();
        await player.getByText(`${glinda.username} is editing`).waitFor({ timeout: 10_000 });

        // An editor renames the Lion meanwhile: the owner's open form says so before saving, and reloads.
        const editorContext = await newContext(env().browser, env().server.baseUrl);
        contexts.push(editorContext);
        const editorPage = await editorContext.newPage();
        const scarecrow = await registerThroughUi(editorPage, env(), newAccount('scarecrow'));
        await owner.goto(`/worlds/${worldId}/members`);
        await owner.getByLabel('Username or email').fill(scarecrow.username);
        await owner.getByLabel('Role', { exact: true }).selectOption('editor');
        await owner.getByRole('button', { name: 'Add member' }).click();
        await owner.getByText(`Added ${scarecrow.username} to the world.`).waitFor();
        await owner.goto(`${lionPath}/edit`);
        await owner.getByLabel(/^Name/).waitFor();
        const token = await editorPage.evaluate(() => window.localStorage.getItem('loreforge.token'));
        const url = `${env().server.baseUrl}/api${lionPath}`;
        const headers = { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json' };
        const lion = (await (await fetch(url, { headers })).json()) as Record<string, unknown>;
        const renamed = await fetch(url, { method: 'PUT', headers, body: JSON.stringify({ ...lion, name: 'Lion of Oz' }) });
        expect(renamed.status).toBe(200);
        await owner.getByText(/changed this character meanwhile/).waitFor({ timeout: 5_000 });
        await player.getByRole('heading', { name: 'Lion of Oz', level: 1 }).waitFor({ timeout: 3_000 });
        await owner.getByRole('button', { name: 'Reload' }).click();
        await expect.poll(() => owner.getByLabel(/^Name/).inputValue(), { timeout: 5_000 }).toBe('Lion of Oz');

        // The owner renames the Lion; the player's page follows without a reload.
        const before = await player.evaluate(() => performance.timeOrigin);
        await owner.getByLabel(/^Name/).fill('Brave Lion');
        await submitForm(owner, /^(Save|Update)/);
        await owner.getByRole('heading', { name: 'Brave Lion', level: 1 }).waitFor();
        await player.getByRole('heading', { name: 'Brave Lion', level: 1 }).waitFor({ timeout: 3_000 });
        expect(await player.evaluate(() => performance.timeOrigin)).toBe(before);
        await player.getByText(`${glinda.username} is editing`).waitFor({ state: 'detached', timeout: 10_000 });

        // The owner sees the player in the world's header.
        await owner.goto(`/worlds/${worldId}/details`);
        await owner.getByRole('list', { name: 'Who else is here' }).getByText(dorothy.username).waitFor({ timeout: 10_000 });
      });
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
