/**
 * A world-scoped route checks the token's version in the statement that reads the caller's membership
 * (plugins/auth.ts, resolveWorldScope): revocation must hold there exactly as on other routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../test/app.js';
import { DIALECTS } from '../../test/dialects.js';
import { createSharedWorld } from '../../test/factories/shared-world.js';
import { createUser } from '../../test/factories/user.js';

describe.each(DIALECTS)('the token check of world-scoped routes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const get = (token: string, url: string) => t.app.inject({ url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });

  it('answers 401 to every token of a member who signed out everywhere, for reads and writes, and a new sign-in works', async () => {
    const { world, members } = await createSharedWorld(t.app, 'Oz', ['editor']);
    const { editor } = members;
    const path = `/worlds/${world.worldId}/characters`;
    expect((await get(editor.token, path)).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: editor.headers });
    expect(out.statusCode).toBe(200);

    const read = await get(editor.token, path);
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual({ message: MESSAGES.invalidToken, code: 'UNAUTHORIZED' });
    const write = await t.app.inject({ method: 'POST', url: `/api${path}`, headers: editor.headers, payload: { name: 'Dorothy' } });
    expect(write.statusCode).toBe(401);
    expect((await t.app.db.selectFrom('character').select('id').where('world_id', '=', world.worldId).execute()).length).toBe(0);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: editor.user.email, password: 'secret123' },
    });
    expect((await get(login.json<{ token: string }>().token, path)).statusCode).toBe(200);
  });

  it("answers 401 to a deleted member's token and 404 to a non-member's valid token", async () => {
    const { world, members } = await createSharedWorld(t.app, 'Oz', ['player']);
    const outsider = await createUser(t.app);
    const path = `/worlds/${world.worldId}/characters`;
    const stranger = await get(outsider.token, path);
    expect(stranger.statusCode).toBe(404);

    await t.app.db.deleteFrom('world_member').where('user_id', '=', members.player.user.userId).execute();
    await t.app.db.deleteFrom('user').where('id', '=', members.player.user.userId).execute();
    expect((await get(members.player.token, path)).statusCode).toBe(401);
    // A deleted user's token on a world that does not exist is a 401 too: the token is judged first.
    expect((await get(members.player.token, '/worlds/0191e5a2-0000-7000-8000-00000000dead/characters')).statusCode).toBe(401);
  });
});
