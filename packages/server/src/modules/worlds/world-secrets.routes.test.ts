import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, type Character, type World } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createSharedWorld } from '../../../test/factories/shared-world.js';
import { exportWorld, readJson } from '../../../test/transfer/bundle-compare.js';

describe.each(DIALECTS)('secrets and roles on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A world with a public Dorothy (assigned to the player), a secret Wizard with GM notes, a secret event and a relationship to the Wizard. */
  async function ozWithSecrets() {
    const { world, owner, members, post } = await createSharedWorld(t.app, 'Oz', ['player', 'viewer', 'editor']);
    const { player, viewer, editor } = members;
    const dorothy = await post('/characters', { name: 'Dorothy', assignedTo: player.user.userId });
    const wizard = await post('/characters', { name: 'Oscar Diggs', visibility: 'editors', gmNotes: 'The Wizard is a humbug from Omaha.' });
    const glinda = await post('/characters', { name: 'Glinda', visibility: 'editors', revealedTo: [player.user.userId] });
    await post(`/characters/${dorothy.characterId}/relationships`, { targetCharacterId: wizard.characterId, relationshipType: 'friend' });
    const timeline = await post('/timelines', { name: 'The story', currentDateTime: '1900-12-31T00:00:00Z' });
    await post('/events', {
      name: 'The Wizard is unmasked',
      timelineId: timeline.timelineId,
      dateTime: '1900-01-02T00:00:00Z',
      visibility: 'editors',
      characterAttributeChanges: {
        version: 1,
        changes: [{ op: 'set', characterId: dorothy.characterId, path: 'knowsTheTruth', value: true }],
      },
    });
    return { world, owner, player, viewer, editor, dorothy, wizard, glinda, timeline };
  }

  const get = (user: TestUser, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api${url}`, headers: { ...user.headers, ...headers } });

  it('hides a secret from a player and a viewer in lists, counts, searches, one-entity reads and relationships', async () => {
    const oz = await ozWithSecrets();
    const base = `/worlds/${oz.world.worldId}`;
    const names = async (user: TestUser, query = '') =>
      (await get(user, `${base}/characters${query}`)).json<{ data: Character[]; pagination: { totalItems: number } }>();

    const forOwner = await names(oz.owner, '?sortBy=name');
    expect(forOwner.data.map((c) => c.name)).toEqual(['Dorothy', 'Glinda', 'Oscar Diggs']);
    expect(forOwner.data.find((c) => c.name === 'Oscar Diggs')?.gmNotes).toBe('The Wizard is a humbug from Omaha.');
    expect((await names(oz.editor, '?sortBy=name')).data).toHaveLength(3);

    const forPlayer = await names(oz.player, '?sortBy=name');
    expect(forPlayer.data.map((c) => c.name)).toEqual(['Dorothy', 'Glinda']);
    expect(forPlayer.pagination.totalItems).toBe(2);
    expect(forPlayer.data.every((c) => c.gmNotes === null && c.revealedTo.length === 0)).toBe(true);
    const forViewer = await names(oz.viewer);
    expect(forViewer.data.map((c) => c.name)).toEqual(['Dorothy']);
    expect((await names(oz.player, '?search=Oscar')).pagination.totalItems).toBe(0);

    const playerWorld = (await get(oz.player, base)).json<World>();
    expect(playerWorld).toMatchObject({ role: 'player', counts: { characters: 2, events: 0, timelines: 1 } });
    expect((await get(oz.owner, base)).json<World>().counts).toMatchObject({ characters: 3, events: 1 });
    const list = (await get(oz.viewer, '/worlds')).json<{ data: World[] }>().data;
    expect(list[0]?.counts.characters).toBe(1);

    const secret = await get(oz.player, `${base}/characters/${oz.wizard.characterId}`);
    expect(secret.statusCode).toBe(404);
    expect(secret.json()).toMatchObject({ message: 'Character not found.' });
    expect(secret.body).not.toContain('Oscar');
    const relationships = await get(oz.player, `${base}/characters/${oz.dorothy.characterId}/relationships`);
    expect(relationships.json<{ data: unknown[] }>().data).toEqual([]);
    expect(relationships.body).not.toContain(oz.wizard.characterId);
    expect(
      (await get(oz.owner, `${base}/characters/${oz.dorothy.characterId}/relationships`)).json<{ data: unknown[] }>().data,
    ).toHaveLength(1);
    const events = await get(oz.player, `${base}/events`);
    expect(events.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it("keeps a secret event's changes and a secret character out of a player's engine state", async () => {
    const oz = await ozWithSecrets();
    const url = `/worlds/${oz.world.worldId}/timelines/${oz.timeline.timelineId}/state`;
    const owner = await get(oz.owner, url);
    expect(owner.statusCode).toBe(200);
    expect(owner.body).toContain('knowsTheTruth');
    expect(owner.body).toContain('Oscar Diggs');
    const player = await get(oz.player, url);
    expect(player.statusCode).toBe(200);
    expect(player.body).not.toContain('knowsTheTruth');
    expect(player.body).not.toContain('Oscar Diggs');
    expect(player.body).not.toContain(oz.wizard.characterId);
    expect(player.body).toContain('Dorothy');
  });

  it('answers an editor viewing as a player exactly as that player, and refuses view-as of a non-player', async () => {
    const oz = await ozWithSecrets();
    const url = `/worlds/${oz.world.worldId}/characters?sortBy=name`;
    const asPlayer = await get(oz.owner, url, { 'x-view-as': oz.player.user.userId });
    expect(asPlayer.json()).toEqual((await get(oz.player, url)).json());
    const asViewer = await get(oz.editor, url, { 'x-view-as': oz.viewer.user.userId });
    expect(asViewer.json<{ data: Character[] }>().data.map((c) => c.name)).toEqual(['Dorothy']);
    const asEditor = await get(oz.owner, url, { 'x-view-as': oz.editor.user.userId });
    expect(asEditor.statusCode).toBe(400);
    expect(asEditor.json()).toMatchObject({ message: ACCESS_MESSAGES.viewAsNotMember });
    expect((await get(oz.player, url, { 'x-view-as': oz.viewer.user.userId })).statusCode).toBe(403);
  });

  it('answers a forbidden write on a visible entity 403 and on a secret one 404, and lets a player edit only their character', async () => {
    const oz = await ozWithSecrets();
    const base = `/api/worlds/${oz.world.worldId}/characters`;
    const put = (user: TestUser, id: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `${base}/${id}`, headers: user.headers, payload });
    const own = await put(oz.player, oz.dorothy.characterId, { name: 'Dorothy Gale', attributes: { from: 'Kansas' } });
    expect(own.statusCode).toBe(200);
    expect(own.json<Character>()).toMatchObject({
      name: 'Dorothy Gale',
      assignedTo: oz.player.user.userId,
      updatedBy: oz.player.user.userId,
    });
    const makeSecret = await put(oz.player, oz.dorothy.characterId, { name: 'Dorothy', visibility: 'editors' });
    expect(makeSecret.statusCode).toBe(403);
    expect(makeSecret.json()).toMatchObject({ message: ACCESS_MESSAGES.accessFieldsEditorsOnly });
    const others = await put(oz.player, oz.glinda.characterId, { name: 'Glinda the Good' });
    expect(others.statusCode).toBe(403);
    expect(others.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await put(oz.player, oz.wizard.characterId, { name: 'Humbug' })).statusCode).toBe(404);
    const create = await t.app.inject({ method: 'POST', url: base, headers: oz.viewer.headers, payload: { name: 'Toto' } });
    expect(create.statusCode).toBe(403);
    const editorWrite = await put(oz.editor, oz.wizard.characterId, { name: 'The Wizard', gmNotes: 'Still a humbug.' });
    expect(editorWrite.json<Character>()).toMatchObject({
      name: 'The Wizard',
      gmNotes: 'Still a humbug.',
      updatedBy: oz.editor.user.userId,
    });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/worlds/${oz.world.worldId}`, headers: oz.editor.headers })).statusCode).toBe(
      403,
    );
  });
  it("leaves secrets, GM notes and others' reveals out of a player's and a viewer's export, and keeps them in an editor's", async () => {
    const oz = await ozWithSecrets();
    const exported = async (user: TestUser, headers: Record<string, string> = {}) => {
      const { files } = await exportWorld(t.app, { ...user.headers, ...headers }, oz.world.worldId);
      return { text: [...files.values()].map((bytes) => Buffer.from(bytes).toString('utf8')).join('\n'), files };
    };
    const forEditor = await exported(oz.editor);
    expect(forEditor.text).toContain('The Wizard is a humbug from Omaha.');
    expect(forEditor.text).toContain(oz.player.user.userId);

    const forPlayer = await exported(oz.player);
    expect(forPlayer.text).not.toContain('Oscar Diggs');
    expect(forPlayer.text).not.toContain('humbug');
    expect(forPlayer.text).not.toContain('The Wizard is unmasked');
    expect(forPlayer.text).not.toContain(oz.wizard.characterId);
    // Glinda is revealed to this player: there, without the list of whom she is revealed to.
    expect(
      readJson<Array<{ name: string; revealedTo: string[] }>>(forPlayer.files, 'characters.json').map((c) => [c.name, c.revealedTo]),
    ).toEqual(
      expect.arrayContaining([
        ['Dorothy', []],
        ['Glinda', []],
      ]),
    );
    expect(readJson<unknown[]>(forPlayer.files, 'relationships.json')).toEqual([]);

    const forViewer = await exported(oz.viewer);
    expect(readJson<Array<{ name: string }>>(forViewer.files, 'characters.json').map((c) => c.name)).toEqual(['Dorothy']);
    // An editor viewing as the viewer gets the viewer's export.
    const asViewer = await exported(oz.editor, { 'x-view-as': oz.viewer.user.userId });
    expect(readJson<Array<{ name: string }>>(asViewer.files, 'characters.json').map((c) => c.name)).toEqual(['Dorothy']);
  });
});
