/**
 * World routes (SPEC §7 Worlds, issue 11): GET/POST /worlds, GET/PUT/DELETE /worlds/{worldId}.
 * GET /worlds lists the worlds the caller owns or is a member of, with their role and the counts they may see.
 * createdBy comes from the token; the creator becomes the owner member. Editors may rename a world; only the
 * owner deletes it (everything in it goes in one transaction).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  WORLD_SORT_FIELDS,
  type WorldRole,
  WorldCreateSchema,
  WorldSchema,
  WorldUpdateSchema,
  listQuerySchema,
  listResponseSchema,
} from '@loreforge/contract';
import { unauthorized } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { findUserById } from '../auth/user.repository.js';
import { cachedUserWorldsRead } from '../../lib/read-cache.js';
import { WorldParams, errorResponses } from '../../lib/route-parts.js';
import { nowIso } from '../../lib/time.js';
import { countsFor, keptCounts } from './world-counts.js';
import { presentWorld } from './world.presenter.js';
import { deleteWorld, insertWorld, listWorlds, newWorldRow, updateWorld } from './world.repository.js';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';
import { requireEditor, requireOwner, scopeOf } from '../../access/world-scope.js';
import { takePendingTokenVersion } from '../../lib/token-version.js';
import { IfMatchHeaders, claimVersion, withIfMatch } from '../../lib/versioned-update.js';

const tags = ['worlds'];

export const worldRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds',
    {
      schema: {
        tags,
        summary: 'List the worlds I own and the worlds shared with me, with my role and counts',
        description: 'Counts are what the caller can see: a player or viewer never counts a secret.',
        querystring: listQuerySchema(WORLD_SORT_FIELDS),
        response: { 200: listResponseSchema(WorldSchema), ...errorResponses },
      },
      // The token's version is checked with the worlds' version, in one statement (cachedUserWorldsRead).
      config: { checksTokenVersion: true },
    },
    async (request) => {
      const user = { id: request.userId, tokenVersion: takePendingTokenVersion(request) };
      return cachedUserWorldsRead(app.db, user, request.url, async () => {
        const { rows, pagination } = await listWorlds(app.db, request.userId, request.query);
        const data = [];
        for (const { member_role: memberRole, ...world } of rows) {
          const role = memberRole as WorldRole;
          data.push(presentWorld(world, role, await countsFor(app.db, scopeOf(world, request.userId, role), world)));
        }
        return { data, pagination };
      });
    },
  );

  app.post(
    '/worlds',
    {
      schema: {
        tags,
        summary: 'Create a world (the caller becomes its owner)',
        body: WorldCreateSchema,
        response: { 201: WorldSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // A well-signed token whose account this database does not hold (data reset, a shared secret) is a
      // session that no longer holds: 401, so the client signs in again, instead of a foreign-key failure.
      if (!(await findUserById(app.db, request.userId))) throw unauthorized(MESSAGES.invalidToken);
      const now = nowIso();
      const world = newWorldRow(
        newId(),
        { name: request.body.name, ...richTextRow(await prepareRichText(app.db, null, request.body)), created_by: request.userId },
        now,
      );
      await app.db.transaction().execute((trx) => insertWorld(trx, world));
      return reply.status(201).send(presentWorld(world, 'owner', keptCounts(world)));
    },
  );

  app.get(
    '/worlds/:worldId',
    {
      schema: {
        tags,
        summary: 'One world with my role and the counts I may see',
        params: WorldParams,
        response: { 200: WorldSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = request.world;
      return presentWorld(scope.world, scope.role, await countsFor(app.db, scope, scope.world));
    },
  );

  app.put(
    '/worlds/:worldId',
    {
      schema: {
        tags,
        summary: "Update a world's name and description (owner and editors)",
        params: WorldParams,
        headers: IfMatchHeaders,
        body: WorldUpdateSchema,
        response: { 200: WorldSchema, ...errorResponses },
      },
    },
    async (request) =>
      withIfMatch(app.db, request, { table: 'world', id: request.params.worldId, entity: 'world' }, async (db) => {
        const scope = request.world;
        requireEditor(scope);
        const richText = await prepareRichText(db, scope, request.body, scope.world);
        const updated = (await updateWorld(db, scope.world.id, { name: request.body.name, ...richTextRow(richText) })) ?? scope.world;
        await saveMentions(db, scope, 'world', scope.world.id, richText);
        return presentWorld(updated, scope.role, keptCounts(updated));
      }),
  );

  app.delete(
    '/worlds/:worldId',
    {
      schema: {
        tags,
        summary: 'Delete a world and everything in it (owner only; irreversible)',
        params: WorldParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
    },
    async (request, reply) => {
      requireOwner(request.world);
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'world', id: request.params.worldId, entity: 'world' });
        await deleteWorld(trx, request.world.world.id);
      });
      return reply.status(204).send(null);
    },
  );
};
