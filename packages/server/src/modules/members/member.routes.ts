/**
 * Member routes (issue 11 shared worlds): GET/POST /worlds/{worldId}/members,
 * PATCH/DELETE /worlds/{worldId}/members/{userId}, POST /worlds/{worldId}/transfer.
 * Any member may list the members and leave (DELETE themself); only the owner adds, changes and removes
 * others and transfers ownership.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_MESSAGES,
  ErrorResponseSchema,
  MemberAddSchema,
  MemberUpdateSchema,
  OwnershipTransferSchema,
  WorldMemberSchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses, singlePage } from '../../lib/route-parts.js';
import { requireOwner } from '../../access/world-scope.js';
import { addMember, changeMemberRole, removeMember, transferOwnership } from './member.commands.js';
import { presentMember } from './member.presenter.js';
import { listMembers } from './member.repository.js';

const MemberParams = WorldParams.extend({ userId: uuidField('userId') });
const errors = { ...errorResponses, 409: ErrorResponseSchema };
const tags = ['members'];

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/members',
    {
      schema: {
        tags,
        summary: "List a world's members (the owner first), all on one page",
        description: 'Any member may list them. A world has at most 200 members.',
        params: WorldParams,
        response: { 200: listResponseSchema(WorldMemberSchema), ...errors },
      },
    },
    async (request) => {
      const rows = await listMembers(app.db, request.world.world.id);
      return { data: rows.map(presentMember), pagination: singlePage(rows.length) };
    },
  );

  app.post(
    '/worlds/:worldId/members',
    {
      schema: {
        tags,
        summary: 'Add an existing account as editor, player or viewer (owner only)',
        description: `400 '${ACCESS_MESSAGES.userNotFound}'; 409 '${ACCESS_MESSAGES.alreadyMember}'; 403 '${ACCESS_MESSAGES.ownerOnly}'.`,
        params: WorldParams,
        body: MemberAddSchema,
        response: { 201: WorldMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireOwner(request.world);
      const member = await app.db.transaction().execute((trx) => addMember(trx, request.world, request.body.user, request.body.role));
      return reply.status(201).send(presentMember(member));
    },
  );

  app.patch(
    '/worlds/:worldId/members/:userId',
    {
      schema: {
        tags,
        summary: "Change a member's role (owner only)",
        description: `409 '${ACCESS_MESSAGES.ownerRoleByTransfer}' for the owner; a player who stops being one loses their assigned characters.`,
        params: MemberParams,
        body: MemberUpdateSchema,
        response: { 200: WorldMemberSchema, ...errors },
      },
    },
    async (request) => {
      requireOwner(request.world);
      const member = await app.db
        .transaction()
        .execute((trx) => changeMemberRole(trx, request.world, request.params.userId, request.body.role));
      return presentMember(member);
    },
  );

  app.delete(
    '/worlds/:worldId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (owner), or leave the world (any member, with their own userId)',
        description: `The removed member's next request to the world is a 404. 409 '${ACCESS_MESSAGES.ownerCannotLeave}'.`,
        params: MemberParams,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await app.db.transaction().execute((trx) => removeMember(trx, request.world, request.params.userId));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/worlds/:worldId/transfer',
    {
      schema: {
        tags,
        summary: 'Make another member the owner (owner only); the old owner becomes an editor',
        params: WorldParams,
        body: OwnershipTransferSchema,
        response: { 200: listResponseSchema(WorldMemberSchema).describe('The members after the transfer'), ...errors },
      },
    },
    async (request) => {
      requireOwner(request.world);
      await app.db.transaction().execute((trx) => transferOwnership(trx, request.world, request.body.userId.toLowerCase()));
      const rows = await listMembers(app.db, request.world.world.id);
      return { data: rows.map(presentMember), pagination: singlePage(rows.length) };
    },
  );
};
