/**
 * World invitation routes (issue 11): GET/POST /worlds/{worldId}/invitations and
 * DELETE /worlds/{worldId}/invitations/{invitationId} (owner only: list, create, revoke);
 * GET /world-invitations/{code} (preview) and POST /world-invitations/{code}/accept (any signed-in account).
 * A code is 192 random bits (crypto.randomBytes, base64url). A code that does not work, for whatever reason
 * (unknown, revoked, expired, used up), is a 404 with ACCESS_MESSAGES.invitationInvalid.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_MESSAGES,
  ErrorResponseSchema,
  type MemberRole,
  WorldInvitationCreateSchema,
  WorldInvitationPreviewSchema,
  WorldInvitationSchema,
  WorldSchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { newId } from '../../lib/ids.js';
import { WorldParams, errorResponses, singlePage } from '../../lib/route-parts.js';
import { nowIso } from '../../lib/time.js';
import { joinWorld } from '../members/member.commands.js';
import { findMember } from '../members/member.repository.js';
import { countsFor } from '../worlds/world-counts.js';
import { presentWorld } from '../worlds/world.presenter.js';
import { requireOwner, resolveWorldScope } from '../../access/world-scope.js';
import { invitationInvalid, requireInvitation, requireUsableInvitation } from './world-invitation.access.js';
import { presentInvitation } from './world-invitation.presenter.js';
import { claimInvitationUse, insertInvitation, listInvitations, revokeInvitation } from './world-invitation.repository.js';

const InvitationParams = WorldParams.extend({ invitationId: uuidField('invitationId') });
const CodeParams = z.object({ code: z.string().min(1).max(200) });
const errors = { ...errorResponses, 409: ErrorResponseSchema };
const tags = ['members'];
const INVALID_NOTE = `404 '${ACCESS_MESSAGES.invitationInvalid}' when the code is unknown, revoked, expired or used up.`;

export const worldInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/invitations',
    {
      schema: {
        tags,
        summary: "List a world's invitation links, newest first, revoked ones included (owner only)",
        params: WorldParams,
        response: { 200: listResponseSchema(WorldInvitationSchema), ...errors },
      },
    },
    async (request) => {
      requireOwner(request.world);
      const rows = await listInvitations(app.db, request.world.world.id);
      return { data: rows.map(presentInvitation), pagination: singlePage(rows.length) };
    },
  );

  app.post(
    '/worlds/:worldId/invitations',
    {
      schema: {
        tags,
        summary: 'Create an invitation link: single- or multi-use, optional expiry (owner only)',
        description: 'The link is /join/{code}; the code is 192 random bits.',
        params: WorldParams,
        body: WorldInvitationCreateSchema,
        response: { 201: WorldInvitationSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireOwner(request.world);
      const row = {
        id: newId(),
        world_id: request.world.world.id,
        code: crypto.randomBytes(24).toString('base64url'),
        role: request.body.role,
        max_uses: request.body.maxUses,
        uses: 0,
        // Kept in UTC so that expiry compares as text on both databases.
        expires_at: request.body.expiresAt === null ? null : new Date(request.body.expiresAt).toISOString(),
        revoked_at: null,
        created_at: nowIso(),
        created_by: request.userId,
      };
      await insertInvitation(app.db, row);
      return reply.status(201).send(presentInvitation(row));
    },
  );

  app.delete(
    '/worlds/:worldId/invitations/:invitationId',
    {
      schema: {
        tags,
        summary: 'Revoke an invitation link (owner only); it stops working at once',
        params: InvitationParams,
        response: { 204: z.null().describe('Revoked'), ...errors },
      },
    },
    async (request, reply) => {
      requireOwner(request.world);
      const invitation = await requireInvitation(app.db, request.world.world.id, request.params.invitationId);
      await revokeInvitation(app.db, invitation.id, nowIso());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/world-invitations/:code',
    {
      schema: {
        tags,
        summary: 'What an invitation link invites to (any signed-in account)',
        description: INVALID_NOTE,
        params: CodeParams,
        response: { 200: WorldInvitationPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const invitation = await requireUsableInvitation(app.db, request.params.code, nowIso());
      return {
        worldId: invitation.world_id,
        worldName: invitation.world_name,
        ownerUsername: invitation.owner_username,
        role: invitation.role as MemberRole,
        alreadyMember: (await findMember(app.db, invitation.world_id, request.userId)) !== undefined,
      };
    },
  );

  app.post(
    '/world-invitations/:code/accept',
    {
      schema: {
        tags,
        summary: "Join the world with the invitation's role (any signed-in account)",
        description:
          `${INVALID_NOTE} An account that is already a member keeps its role and uses nothing (200). ` +
          'Answers the world as the new member sees it.',
        params: CodeParams,
        response: { 200: WorldSchema, ...errors },
      },
    },
    async (request) => {
      const now = nowIso();
      const invitation = await requireUsableInvitation(app.db, request.params.code, now);
      await app.db.transaction().execute(async (trx) => {
        if (await findMember(trx, invitation.world_id, request.userId)) return;
        if (!(await claimInvitationUse(trx, invitation.id, now))) throw invitationInvalid();
        await joinWorld(trx, invitation.world_id, request.userId, invitation.role as MemberRole);
      });
      const scope = await resolveWorldScope(app.db, invitation.world_id, request.userId);
      return presentWorld(scope.world, scope.role, await countsFor(app.db, scope, scope.world));
    },
  );
};
