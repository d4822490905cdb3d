import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MESSAGES, type PresenceList } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { addMember } from '../../../test/factories/member.js';
import { createWorld } from '../../../test/factories/world.js';
import type { TestUser } from '../../../test/factories/user.js';
import { listenLocally, openStream } from '../../../test/live-streams.js';

describe.each(DIALECTS)('presence on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    base = await listenLocally(t.app);
  });
  afterAll(async () => t.close());

  const beat = (worldId: string, user: TestUser, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/worlds/${worldId}/presence`, headers: user.headers, payload });

  it('shows who is in the world and who is editing which entity', async () => {
    const { world, owner } = await createWorld(t.app);
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const { character } = await createCharacter(t.app, { world, owner, name: 'Cowardly Lion' });
    expect((await beat(world.worldId, owner, { entityType: 'character', entityId: character.characterId, editing: true })).statusCode).toBe(
      200,
    );
    const seen = await beat(world.worldId, player, {});
    expect(seen.statusCode).toBe(200);
    const byUser = new Map(seen.json<PresenceList>().data.map((entry) => [entry.userId, entry]));
    expect(byUser.get(owner.user.userId)).toMatchObject({
      username: owner.user.username,
      entityType: 'character',
      entityId: character.characterId,
      editing: true,
    });
    expect(byUser.get(player.user.userId)).toMatchObject({ entityType: null, editing: false });
  });

  it('does not tell a player which secret someone else has open, only that they are here', async () => {
    const { world, owner } = await createWorld(t.app);
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const { character: secret } = await createCharacter(t.app, { world, owner, name: 'Ozma', visibility: 'editors' });
    await beat(world.worldId, owner, { entityType: 'character', entityId: secret.characterId, editing: true });
    const list = await t.app.inject({ url: `/api/worlds/${world.worldId}/presence`, headers: player.headers });
    expect(list.json<PresenceList>().data).toEqual([
      expect.objectContaining({ userId: owner.user.userId, entityId: null, editing: false }),
    ]);
    expect(list.body).not.toContain(secret.characterId);
  });

  it('sends presence changes on the live stream', async () => {
    const { world, owner } = await createWorld(t.app);
    const editor = await addMember(t.app, owner, world.worldId, 'editor');
    const { character } = await createCharacter(t.app, { world, owner });
    const stream = await openStream(base, world.worldId, owner.headers);
    try {
      await beat(world.worldId, editor, { entityType: 'character', entityId: character.characterId, editing: true });
      await stream.waitFor((events) =>
        events.some(
          (event) =>
            event.event === 'presence' &&
            (event.data as PresenceList).data.some((entry) => entry.userId === editor.user.userId && entry.editing),
        ),
      );
    } finally {
      stream.close();
    }
  });

  it('answers 400 with a message for an entity type without an id', async () => {
    const { world, owner } = await createWorld(t.app);
    const response = await beat(world.worldId, owner, { entityType: 'character', editing: true });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(LIVE_MESSAGES.entityPair);
  });
});
