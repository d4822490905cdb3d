/**
 * If-Match for every member who may write (issue 7 Concurrency, issue 11 roles): an editor's and an assigned
 * player's stale version is refused with 409 like the owner's, while a viewer learns nothing from If-Match about an
 * entity they may not see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/app.js';
import { DIALECTS } from '../../test/dialects.js';
import { createCharacter } from '../../test/factories/character.js';
import { addMember } from '../../test/factories/member.js';

describe.each(DIALECTS)('If-Match for members on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it("refuses an editor's and an assigned player's stale version, and answers a viewer's If-Match on a secret with 404", async () => {
    const { character, world, owner } = await createCharacter(t.app, { name: 'Cowardly Lion' });
    const editor = await addMember(t.app, owner, world.worldId, 'editor');
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const viewer = await addMember(t.app, owner, world.worldId, 'viewer');
    const url = `/api/worlds/${world.worldId}/characters/${character.characterId}`;
    const loaded = `W/"${character.updatedAt}"`;
    const put = (headers: Record<string, string>, name: string, extra: object = {}) =>
      t.app.inject({ method: 'PUT', url, headers, payload: { name, attributes: {}, ...extra } });

    const assign = await put(owner.headers, 'Cowardly Lion', { assignedTo: player.user.userId });
    expect(assign.statusCode).toBe(200);
    const stale = await put({ ...editor.headers, 'if-match': loaded }, 'The Lion');
    expect(stale.statusCode).toBe(409);
    const current = `W/"${assign.json<{ updatedAt: string }>().updatedAt}"`;
    const fresh = await put({ ...editor.headers, 'if-match': current }, 'The Lion');
    expect(fresh.statusCode).toBe(200);
    const playerStale = await put({ ...player.headers, 'if-match': current }, 'King of Beasts', { assignedTo: player.user.userId });
    expect(playerStale.statusCode).toBe(409);
    expect((await t.app.inject({ url, headers: owner.headers })).json()).toMatchObject({ name: 'The Lion' });

    const secret = await createCharacter(t.app, { world, owner, name: 'Oscar Diggs', visibility: 'editors' });
    const viewerStale = await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${world.worldId}/characters/${secret.character.characterId}`,
      headers: { ...viewer.headers, 'if-match': 'W/"2000-01-01T00:00:00.000Z"' },
      payload: { name: 'x', attributes: {} },
    });
    expect(viewerStale.statusCode).toBe(404);
  });
});
