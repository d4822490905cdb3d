import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { addMember } from '../../../test/factories/member.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('own notes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A world with an editor, a player and a viewer, and Dorothy. */
  async function table() {
    const { world, owner } = await createWorld(t.app);
    const editor = await addMember(t.app, owner, world.worldId, 'editor');
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const viewer = await addMember(t.app, owner, world.worldId, 'viewer');
    const { character } = await createCharacter(t.app, { world, owner, name: 'Dorothy' });
    const notesUrl = `/api/worlds/${world.worldId}/notes`;
    return { world, owner, editor, player, viewer, character, notesUrl };
  }

  async function write(url: string, user: TestUser, payload: object): Promise<Note> {
    const response = await t.app.inject({ method: 'POST', url, headers: user.headers, payload });
    expect(response.statusCode).toBe(201);
    return response.json<Note>();
  }

  const bodies = (response: { json: () => { data: Note[] } }) => response.json().data.map((note) => note.text);

  it('lets every member write notes on the world and on an entity, and read back only their own', async () => {
    const { world, owner, editor, player, viewer, character, notesUrl } = await table();
    const onDorothy = await write(notesUrl, player, {
      entityType: 'character',
      entityId: character.characterId,
      text: 'She trusts the Scarecrow.',
    });
    expect(onDorothy).toMatchObject({
      worldId: world.worldId,
      entityType: 'character',
      entityId: character.characterId,
      text: 'She trusts the Scarecrow.',
    });
    const onWorld = await write(notesUrl, player, { entityType: 'world', text: 'Ask about the silver shoes.' });
    expect(onWorld.entityId).toBe(world.worldId);
    await write(notesUrl, viewer, { entityType: 'world', text: 'Viewer thoughts' });
    await write(notesUrl, editor, { entityType: 'character', entityId: character.characterId, text: 'Editor plan' });

    const mine = await t.app.inject({ method: 'GET', url: notesUrl, headers: player.headers });
    expect(bodies(mine).sort()).toEqual(['Ask about the silver shoes.', 'She trusts the Scarecrow.']);
    const ofDorothy = await t.app.inject({
      method: 'GET',
      url: `${notesUrl}?entityType=character&entityId=${character.characterId}`,
      headers: player.headers,
    });
    expect(bodies(ofDorothy)).toEqual(['She trusts the Scarecrow.']);
    expect(bodies(await t.app.inject({ method: 'GET', url: notesUrl, headers: editor.headers }))).toEqual(['Editor plan']);
    expect(bodies(await t.app.inject({ method: 'GET', url: notesUrl, headers: owner.headers }))).toEqual([]);

    // Nobody else reaches the player's note, the owner included: it answers as a missing one.
    for (const other of [owner, editor, viewer]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await t.app.inject({
          method,
          url: `${notesUrl}/${onDorothy.noteId}`,
          headers: other.headers,
          ...(method === 'PUT' ? { payload: { text: 'Mine now' } } : {}),
        });
        expect(response.statusCode).toBe(404);
        expect(response.json<{ message: string }>().message).toBe('Note not found.');
      }
    }
    // Viewing the world as the player does not show the player's notes to the owner.
    const asPlayer = await t.app.inject({ method: 'GET', url: notesUrl, headers: { ...owner.headers, 'x-view-as': player.user.userId } });
    expect(bodies(asPlayer)).toEqual([]);
  });

  it('edits with If-Match (409 on a stale version) and deletes', async () => {
    const { player, notesUrl } = await table();
    const note = await write(notesUrl, player, { entityType: 'world', text: 'First' });
    const url = `${notesUrl}/${note.noteId}`;
    const edited = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...player.headers, 'if-match': `W/"${note.updatedAt}"` },
      payload: { text: 'Second' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Note>().text).toBe('Second');
    expect(edited.json<Note>().updatedAt > note.updatedAt).toBe(true);
    const stale = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...player.headers, 'if-match': `W/"${note.updatedAt}"` },
      payload: { text: 'Third' },
    });
    expect(stale.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url, headers: player.headers })).json<Note>().text).toBe('Second');
    expect((await t.app.inject({ method: 'DELETE', url, headers: player.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers: player.headers })).statusCode).toBe(404);
  });

  it('refuses bad input with messages a person can act on', async () => {
    const { player, notesUrl } = await table();
    const cases: Array<[object, string, string]> = [
      [{ entityType: 'world' }, 'text', 'Note is required.'],
      [{ entityType: 'world', text: '   ' }, 'text', 'Note is required.'],
      [{ entityType: 'world', text: 'x'.repeat(20_001) }, 'text', 'Note must be no more than 20000 characters.'],
      [
        { entityType: 'character', text: 'Who?' },
        'entityId',
        'Entity is required: the id of the character, item, quest, event, timeline, map or goal the note is on.',
      ],
      [
        { entityType: 'dragon', entityId: crypto.randomUUID(), text: 'x' },
        'entityType',
        'Entity Type must be one of: world, character, item, quest, event, timeline, map, goal.',
      ],
      [{ entityType: 'item', entityId: 'nope', text: 'x' }, 'entityId', 'Must be a valid UUID.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url: notesUrl, headers: player.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    }
  });

  it('never lets a note betray a secret: none on a hidden entity, and a note goes out of sight with its entity', async () => {
    const { world, owner, player, character, notesUrl } = await table();
    const { character: wizard } = await createCharacter(t.app, { world, owner, name: 'Wizard', visibility: 'editors' });
    const onSecret = await t.app.inject({
      method: 'POST',
      url: notesUrl,
      headers: player.headers,
      payload: { entityType: 'character', entityId: wizard.characterId, text: 'x' },
    });
    const onMissing = await t.app.inject({
      method: 'POST',
      url: notesUrl,
      headers: player.headers,
      payload: { entityType: 'character', entityId: crypto.randomUUID(), text: 'x' },
    });
    expect(onSecret.statusCode).toBe(404);
    expect(onSecret.body).toBe(onMissing.body);

    const note = await write(notesUrl, player, { entityType: 'character', entityId: character.characterId, text: 'Dorothy note' });
    const characterUrl = `/api/worlds/${world.worldId}/characters/${character.characterId}`;
    const hide = await t.app.inject({
      method: 'PUT',
      url: characterUrl,
      headers: owner.headers,
      payload: { name: 'Dorothy', attributes: {}, visibility: 'editors' },
    });
    expect(hide.statusCode).toBe(200);
    expect(bodies(await t.app.inject({ method: 'GET', url: notesUrl, headers: player.headers }))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `${notesUrl}/${note.noteId}`, headers: player.headers })).statusCode).toBe(404);

    await t.app.inject({
      method: 'PUT',
      url: characterUrl,
      headers: owner.headers,
      payload: { name: 'Dorothy', attributes: {}, visibility: 'everyone' },
    });
    expect(bodies(await t.app.inject({ method: 'GET', url: notesUrl, headers: player.headers }))).toEqual(['Dorothy note']);
    await t.app.inject({ method: 'DELETE', url: characterUrl, headers: owner.headers });
    expect(bodies(await t.app.inject({ method: 'GET', url: notesUrl, headers: player.headers }))).toEqual([]);
  });

  it('answers 404 to a non-member and 401 to a signed-out caller', async () => {
    const { notesUrl } = await table();
    const { owner: stranger } = await createWorld(t.app);
    expect((await t.app.inject({ method: 'GET', url: notesUrl, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: notesUrl })).statusCode).toBe(401);
  });
});
