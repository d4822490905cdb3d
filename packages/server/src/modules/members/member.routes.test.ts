import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, type World, type WorldInvitation, type WorldMember } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { addMember } from '../../../test/factories/member.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('members and invitations on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const members = async (worldId: string, headers: { authorization: string }) =>
    (await t.app.inject({ url: `/api/worlds/${worldId}/members`, headers })).json<{ data: WorldMember[] }>().data;

  describe('members', () => {
    it('lets the owner add an account by username or email, lists it with its role, and shares the world with it', async () => {
      const { world, owner } = await createWorld(t.app, { name: 'Oz' });
      const player = await createUser(t.app);
      const byEmail = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/members`,
        headers: owner.headers,
        payload: { user: player.user.email.toUpperCase(), role: 'player' },
      });
      expect(byEmail.statusCode).toBe(201);
      expect(byEmail.json<WorldMember>()).toMatchObject({ userId: player.user.userId, role: 'player' });
      expect((await members(world.worldId, player.headers)).map((m) => m.role)).toEqual(['owner', 'player']);

      const theirs = await t.app.inject({ url: '/api/worlds', headers: player.headers });
      expect(theirs.json<{ data: World[] }>().data.map((w) => [w.name, w.role])).toEqual([['Oz', 'player']]);

      const again = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/members`,
        headers: owner.headers,
        payload: { user: player.user.username, role: 'viewer' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: ACCESS_MESSAGES.alreadyMember });
      const nobody = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/members`,
        headers: owner.headers,
        payload: { user: 'nobody-at-all', role: 'viewer' },
      });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json()).toMatchObject({ message: ACCESS_MESSAGES.userNotFound });
    });

    it('lets only the owner manage members: an editor gets 403, a stranger 404', async () => {
      const { world, owner } = await createWorld(t.app);
      const editor = await addMember(t.app, owner, world.worldId, 'editor');
      const viewer = await addMember(t.app, owner, world.worldId, 'viewer');
      const stranger = await createUser(t.app);
      const url = `/api/worlds/${world.worldId}/members`;
      const byEditor = await t.app.inject({
        method: 'POST',
        url,
        headers: editor.headers,
        payload: { user: stranger.user.username, role: 'viewer' },
      });
      expect(byEditor.statusCode).toBe(403);
      expect(byEditor.json()).toMatchObject({ code: 'FORBIDDEN', message: ACCESS_MESSAGES.ownerOnly });
      const remove = await t.app.inject({ method: 'DELETE', url: `${url}/${viewer.user.userId}`, headers: editor.headers });
      expect(remove.statusCode).toBe(403);
      const byStranger = await t.app.inject({ url, headers: stranger.headers });
      expect(byStranger.statusCode).toBe(404);
      expect(byStranger.json()).toMatchObject({ message: 'World not found.' });
    });

    it('changes roles, lets a member leave, keeps the owner from leaving, and a removed member loses access at once', async () => {
      const { world, owner } = await createWorld(t.app);
      const member = await addMember(t.app, owner, world.worldId, 'player');
      const url = `/api/worlds/${world.worldId}/members`;
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `${url}/${member.user.userId}`,
        headers: owner.headers,
        payload: { role: 'editor' },
      });
      expect(patch.json<WorldMember>().role).toBe('editor');
      const ownerRole = await t.app.inject({
        method: 'PATCH',
        url: `${url}/${owner.user.userId}`,
        headers: owner.headers,
        payload: { role: 'viewer' },
      });
      expect(ownerRole.statusCode).toBe(409);
      const ownerLeaves = await t.app.inject({ method: 'DELETE', url: `${url}/${owner.user.userId}`, headers: owner.headers });
      expect(ownerLeaves.statusCode).toBe(409);
      expect(ownerLeaves.json()).toMatchObject({ message: ACCESS_MESSAGES.ownerCannotLeave });

      expect((await t.app.inject({ url: `/api/worlds/${world.worldId}`, headers: member.headers })).statusCode).toBe(200);
      const leave = await t.app.inject({ method: 'DELETE', url: `${url}/${member.user.userId}`, headers: member.headers });
      expect(leave.statusCode).toBe(204);
      expect((await t.app.inject({ url: `/api/worlds/${world.worldId}`, headers: member.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/worlds', headers: member.headers })).json<{ data: World[] }>().data).toEqual([]);
    });

    it('transfers ownership: the new owner manages members, the old one becomes an editor', async () => {
      const { world, owner } = await createWorld(t.app);
      const heir = await addMember(t.app, owner, world.worldId, 'editor');
      const transfer = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/transfer`,
        headers: owner.headers,
        payload: { userId: heir.user.userId },
      });
      expect(transfer.statusCode).toBe(200);
      const roles = Object.fromEntries((await members(world.worldId, heir.headers)).map((m) => [m.userId, m.role]));
      expect(roles).toEqual({ [heir.user.userId]: 'owner', [owner.user.userId]: 'editor' });
      const oldOwnerDeletes = await t.app.inject({ method: 'DELETE', url: `/api/worlds/${world.worldId}`, headers: owner.headers });
      expect(oldOwnerDeletes.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/worlds/${world.worldId}`, headers: heir.headers })).statusCode).toBe(204);
    });
  });

  describe('invitations', () => {
    it('joins by a single-use link with its role, then the link is used up; revoked and expired links are 404', async () => {
      const { world, owner } = await createWorld(t.app, { name: 'Oz' });
      const url = `/api/worlds/${world.worldId}/invitations`;
      const created = await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: { role: 'player', maxUses: 1 } });
      expect(created.statusCode).toBe(201);
      const invitation = created.json<WorldInvitation>();
      expect(invitation.code.length).toBeGreaterThanOrEqual(22);

      const guest = await createUser(t.app);
      const preview = await t.app.inject({ url: `/api/world-invitations/${invitation.code}`, headers: guest.headers });
      expect(preview.json()).toMatchObject({ worldName: 'Oz', role: 'player', alreadyMember: false, ownerUsername: owner.user.username });
      const accept = await t.app.inject({
        method: 'POST',
        url: `/api/world-invitations/${invitation.code}/accept`,
        headers: guest.headers,
      });
      expect(accept.statusCode).toBe(200);
      expect(accept.json<World>()).toMatchObject({ worldId: world.worldId, role: 'player' });

      const late = await createUser(t.app);
      const usedUp = await t.app.inject({ method: 'POST', url: `/api/world-invitations/${invitation.code}/accept`, headers: late.headers });
      expect(usedUp.statusCode).toBe(404);
      expect(usedUp.json()).toMatchObject({ message: ACCESS_MESSAGES.invitationInvalid });

      const multi = (
        await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: { role: 'viewer' } })
      ).json<WorldInvitation>();
      expect((await t.app.inject({ method: 'DELETE', url: `${url}/${multi.invitationId}`, headers: owner.headers })).statusCode).toBe(204);
      expect((await t.app.inject({ url: `/api/world-invitations/${multi.code}`, headers: late.headers })).statusCode).toBe(404);

      const expired = (
        await t.app.inject({
          method: 'POST',
          url,
          headers: owner.headers,
          payload: { role: 'viewer', expiresAt: '2020-01-01T00:00:00Z' },
        })
      ).json<WorldInvitation>();
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/world-invitations/${expired.code}/accept`, headers: late.headers })).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ url: '/api/world-invitations/not-a-real-code', headers: late.headers })).statusCode).toBe(404);
      const listed = (await t.app.inject({ url, headers: owner.headers })).json<{ data: WorldInvitation[] }>().data;
      expect(listed.map((i) => i.invitationId).sort()).toEqual([invitation.invitationId, multi.invitationId, expired.invitationId].sort());
      expect((await t.app.inject({ url, headers: guest.headers })).statusCode).toBe(403);
    });
  });
});
