/**
 * Access rows kept while nothing is committed (kept-access-rows.ts): a member's access read on an earlier request
 * must never outlive a change to it, whoever makes the change (the app itself, another instance, a script).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, MESSAGES } from '@loreforge/contract';
import type { DatabaseHandle } from '../db/connect.js';
import type { TestApp } from '../../test/app.js';
import { DIALECTS } from '../../test/dialects.js';
import { createSharedWorld } from '../../test/factories/shared-world.js';
import { createWorld } from '../../test/factories/world.js';
import type { TestUser } from '../../test/factories/user.js';
import { buildTestAppWithSecondConnection } from '../../test/second-connection.js';

describe.each(DIALECTS)('access read on an earlier request, on %s', (dialect) => {
  let t: TestApp, other: DatabaseHandle, close: () => Promise<void>;
  beforeAll(async () => ({ t, other, close } = await buildTestAppWithSecondConnection(dialect)));
  afterAll(async () => close());

  const read = (user: TestUser, worldId: string) =>
    t.app.inject({ url: `/api/worlds/${worldId}/characters`, headers: { authorization: `Bearer ${user.token}` } });
  const create = (user: TestUser, worldId: string, name: string) =>
    t.app.inject({ method: 'POST', url: `/api/worlds/${worldId}/characters`, headers: user.headers, payload: { name } });
  /** Two reads in a row, so the member's access is one read on an earlier request with nothing committed since. */
  const readTwice = async (user: TestUser, worldId: string) => {
    expect((await read(user, worldId)).statusCode).toBe(200);
    expect((await read(user, worldId)).statusCode).toBe(200);
  };

  it('answers 404 to a member removed by another connection, on their very next request', async () => {
    const { world, members } = await createSharedWorld(t.app, 'Oz', ['player']);
    await readTwice(members.player, world.worldId);

    await other.db
      .deleteFrom('world_member')
      .where('world_id', '=', world.worldId)
      .where('user_id', '=', members.player.user.userId)
      .execute();
    const gone = await read(members.player, world.worldId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'World not found.' });
  });

  it('answers 401 to a token revoked by another connection, on the very next request', async () => {
    const { world, members } = await createSharedWorld(t.app, 'Oz', ['editor']);
    await readTwice(members.editor, world.worldId);

    const { token_version } = await other.db
      .selectFrom('user')
      .select('token_version')
      .where('id', '=', members.editor.user.userId)
      .executeTakeFirstOrThrow();
    await other.db
      .updateTable('user')
      .set({ token_version: Number(token_version) + 1 })
      .where('id', '=', members.editor.user.userId)
      .execute();
    const revoked = await read(members.editor, world.worldId);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: MESSAGES.invalidToken, code: 'UNAUTHORIZED' });
  });

  it("refuses an editor's write once another connection made them a viewer, and shows their new role's reads", async () => {
    const { world, members } = await createSharedWorld(t.app, 'Oz', ['editor']);
    await readTwice(members.editor, world.worldId);
    expect((await create(members.editor, world.worldId, 'Dorothy')).statusCode).toBe(201);

    await other.db
      .updateTable('world_member')
      .set({ role: 'viewer' })
      .where('world_id', '=', world.worldId)
      .where('user_id', '=', members.editor.user.userId)
      .execute();
    const refused = await create(members.editor, world.worldId, 'Toto');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: ACCESS_MESSAGES.forbidden });
    const names = (await read(members.editor, world.worldId)).json<{ data: Array<{ name: string }> }>().data.map((c) => c.name);
    expect(names).toEqual(['Dorothy']);
  });

  it("answers 404 to a member the owner removed through the API, on the member's very next request", async () => {
    const { world, owner, members } = await createSharedWorld(t.app, 'Oz', ['viewer']);
    await readTwice(members.viewer, world.worldId);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/worlds/${world.worldId}/members/${members.viewer.user.userId}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await read(members.viewer, world.worldId)).statusCode).toBe(404);
  });

  it("refuses a demoted editor's writes in that world at once and keeps their other world's role", async () => {
    const first = await createSharedWorld(t.app, 'Oz', ['editor']);
    const { editor } = first.members;
    const second = await createWorld(t.app, { name: 'Ev' });
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${second.world.worldId}/members`,
      headers: second.owner.headers,
      payload: { user: editor.user.username, role: 'editor' },
    });
    expect(joined.statusCode).toBe(201);
    await readTwice(editor, first.world.worldId);
    await readTwice(editor, second.world.worldId);

    const demoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/worlds/${first.world.worldId}/members/${editor.user.userId}`,
      headers: first.owner.headers,
      payload: { role: 'viewer' },
    });
    expect(demoted.statusCode).toBe(200);
    const refused = await create(editor, first.world.worldId, 'Toto');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: ACCESS_MESSAGES.forbidden });
    expect((await create(editor, second.world.worldId, 'Ozma')).statusCode).toBe(201);
  });

  it('answers 401 in every world on the very next request after the user signs out everywhere through the API', async () => {
    const first = await createSharedWorld(t.app, 'Oz', ['player']);
    const { player } = first.members;
    const second = await createWorld(t.app, { name: 'Ev' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/worlds/${second.world.worldId}/members`,
          headers: second.owner.headers,
          payload: { user: player.user.username, role: 'player' },
        })
      ).statusCode,
    ).toBe(201);
    await readTwice(player, first.world.worldId);
    await readTwice(player, second.world.worldId);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: player.headers });
    expect(out.statusCode).toBeLessThan(300);
    for (const worldId of [first.world.worldId, second.world.worldId]) {
      const revoked = await read(player, worldId);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ message: MESSAGES.invalidToken, code: 'UNAUTHORIZED' });
    }
  });

  it('shows each world its own new characters when creates in several worlds are written together', async () => {
    const worlds = await Promise.all(['Oz', 'Ev', 'Ix'].map((name) => createSharedWorld(t.app, name, ['viewer'])));
    for (const { world, members } of worlds) await readTwice(members.viewer, world.worldId);

    const created = await Promise.all(
      worlds.flatMap(({ world, owner }) => [1, 2].map((n) => create(owner, world.worldId, `${world.name} ${n}`))),
    );
    expect(created.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    for (const { world, members } of worlds) {
      const names = (await read(members.viewer, world.worldId)).json<{ data: Array<{ name: string }> }>().data.map((c) => c.name);
      expect(names.sort()).toEqual([`${world.name} 1`, `${world.name} 2`]);
    }
  });
});
