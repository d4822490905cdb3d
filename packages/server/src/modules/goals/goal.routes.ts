/**
 * Goal routes (SPEC §7 Goals): the world's goals at /worlds/{worldId}/goals[/{goalId}] (every goal of the
 * world, characters' included) and one character's at /worlds/{worldId}/characters/{characterId}/goals[/{goalId}].
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import {
  GOAL_SORT_FIELDS,
  GoalCreateSchema,
  GoalSchema,
  GoalUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { requireCharacter } from '../characters/character.access.js';
import { cachedScopedRead } from '../worlds/scoped-cache.js';
import { checkGoalCharacter, createGoal, deleteGoal, updateGoal } from './goal.commands.js';
import { requireGoal, resolveGoalFilter } from './goal.access.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';
import { presentGoal } from './goal.presenter.js';
import { listGoals } from './goal.repository.js';
import { IfMatchHeaders, claimVersion } from '../../lib/versioned-update.js';

const WorldGoalParams = WorldParams.extend({ goalId: uuidField('goalId') });
const CharacterParams = WorldParams.extend({ characterId: uuidField('characterId') });
const CharacterGoalParams = CharacterParams.extend({ goalId: uuidField('goalId') });
const tags = ['goals'];

/** A world goal's body: the goal fields plus the character pursuing it, if any. */
const WorldGoalBodySchema = GoalCreateSchema.extend({
  characterId: z
    .union([z.literal(''), uuidField('Character')])
    .nullish()
    .describe(
      'characterId of a character of this world pursuing the goal; null or empty for a world goal. ' +
        'On PUT, leaving it out keeps the current character.',
    ),
});

/** Route parameters that name where goals are looked for: a world, and optionally one of its characters. */
interface GoalRouteParams {
  worldId: string;
  characterId?: string;
}

/**
 * GET a page of the goals in the route's filter, from the read cache under the world's version and reader.
 * @param url the request URL, naming the answer in the cache.
 * @throws AppError 404 for a character out of reach.
 */
async function listGoalsIn(db: Db, scope: WorldScope, params: GoalRouteParams, query: Parameters<typeof listGoals>[3], url: string) {
  return cachedScopedRead(db, scope, url, async () => {
    const filter = await resolveGoalFilter(db, scope, params.characterId);
    return listReply(await listGoals(db, scope, filter, query), (row) => presentGoal(row, scope));
  });
}

/**
 * GET one goal within the route's filter, from the read cache under the world's version and reader.
 * @throws AppError 404 for a character or goal out of reach.
 */
async function readGoal(db: Db, scope: WorldScope, params: GoalRouteParams & { goalId: string }, url: string) {
  return cachedScopedRead(db, scope, url, async () => {
    const filter = await resolveGoalFilter(db, scope, params.characterId);
    return presentGoal(await requireGoal(db, scope, filter, params.goalId), scope);
  });
}

/**
 * DELETE one goal within the route's filter, honouring If-Match.
 * @throws AppError 404 for a character or goal out of reach; 403 for a player or viewer; 409 for a stale If-Match.
 */
async function removeGoal(db: Db, request: FastifyRequest, params: GoalRouteParams & { goalId: string }): Promise<void> {
  const scope = request.world;
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, request, { table: 'goal', id: params.goalId, entity: 'goal' });
    const filter = await resolveGoalFilter(trx, scope, params.characterId);
    const goal = await requireGoal(trx, scope, filter, params.goalId);
    requireEditor(scope);
    await deleteGoal(trx, goal);
  });
}

export const goalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/goals',
    {
      schema: {
        tags,
        summary: "List every goal of a world, characters' goals included (search on title and description)",
        params: WorldParams,
        querystring: listQuerySchema(GOAL_SORT_FIELDS),
        response: { 200: listResponseSchema(GoalSchema), ...errors },
      },
    },
    async (request) => listGoalsIn(app.db, request.world, request.params, request.query, request.url),
  );

  app.post(
    '/worlds/:worldId/goals',
    {
      schema: {
        tags,
        summary: 'Create a world goal, or a goal of one of its characters when characterId is given',
        params: WorldParams,
        body: WorldGoalBodySchema,
        response: { 201: GoalSchema, ...errors },
      },
    },
    async (request, reply) => {
      const goal = await app.db.transaction().execute(async (trx) => {
        const scope = request.world;
        const characterId = await checkGoalCharacter(trx, scope, request.body.characterId || null);
        return createGoal(trx, scope, characterId, request.body);
      });
      return reply.status(201).send(presentGoal(goal, request.world));
    },
  );

  app.get(
    '/worlds/:worldId/goals/:goalId',
    {
      schema: { tags, summary: 'One goal of the world', params: WorldGoalParams, response: { 200: GoalSchema, ...errors } },
    },
    async (request) => readGoal(app.db, request.world, request.params, request.url),
  );

  app.put(
    '/worlds/:worldId/goals/:goalId',
    {
      schema: {
        tags,
        summary: 'Replace a goal of the world (validated like create)',
        description: 'Without characterId the goal keeps its character; null or empty makes it a world goal.',
        params: WorldGoalParams,
        headers: IfMatchHeaders,
        body: WorldGoalBodySchema,
        response: { 200: GoalSchema, ...errors },
      },
    },
    async (request) => {
      const goal = await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'goal', id: request.params.goalId, entity: 'goal' });
        const scope = request.world;
        const existing = await requireGoal(trx, scope, {}, request.params.goalId);
        const wanted = request.body.characterId === undefined ? existing.character_id : request.body.characterId || null;
        const characterId = await checkGoalCharacter(trx, scope, wanted);
        return updateGoal(trx, scope, existing, characterId, request.body);
      });
      return presentGoal(goal, request.world);
    },
  );

  app.delete(
    '/worlds/:worldId/goals/:goalId',
    {
      schema: {
        tags,
        summary: 'Delete a goal of the world (irreversible)',
        params: WorldGoalParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await removeGoal(app.db, request, request.params);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/worlds/:worldId/characters/:characterId/goals',
    {
      schema: {
        tags,
        summary: "List a character's goals (search on title and description)",
        params: CharacterParams,
        querystring: listQuerySchema(GOAL_SORT_FIELDS),
        response: { 200: listResponseSchema(GoalSchema), ...errors },
      },
    },
    async (request) => listGoalsIn(app.db, request.world, request.params, request.query, request.url),
  );

  app.post(
    '/worlds/:worldId/characters/:characterId/goals',
    {
      schema: {
        tags,
        summary: 'Create a goal for a character',
        params: CharacterParams,
        body: GoalCreateSchema,
        response: { 201: GoalSchema, ...errors },
      },
    },
    async (request, reply) => {
      const goal = await app.db.transaction().execute(async (trx) => {
        const scope = request.world;
        const character = await requireCharacter(trx, scope, request.params.characterId);
        return createGoal(trx, scope, character.id, request.body);
      });
      return reply.status(201).send(presentGoal(goal, request.world));
    },
  );

  app.get(
    '/worlds/:worldId/characters/:characterId/goals/:goalId',
    {
      schema: { tags, summary: "One of a character's goals", params: CharacterGoalParams, response: { 200: GoalSchema, ...errors } },
    },
    async (request) => readGoal(app.db, request.world, request.params, request.url),
  );

  app.put(
    '/worlds/:worldId/characters/:characterId/goals/:goalId',
    {
      schema: {
        tags,
        summary: "Replace one of a character's goals (validated like create)",
        params: CharacterGoalParams,
        headers: IfMatchHeaders,
        body: GoalUpdateSchema,
        response: { 200: GoalSchema, ...errors },
      },
    },
    async (request) => {
      const goal = await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'goal', id: request.params.goalId, entity: 'goal' });
        const scope = request.world;
        const character = await requireCharacter(trx, scope, request.params.characterId);
        const existing = await requireGoal(trx, scope, { characterId: character.id }, request.params.goalId);
        return updateGoal(trx, scope, existing, character.id, request.body);
      });
      return presentGoal(goal, request.world);
    },
  );

  app.delete(
    '/worlds/:worldId/characters/:characterId/goals/:goalId',
    {
      schema: {
        tags,
        summary: "Delete one of a character's goals (irreversible)",
        params: CharacterGoalParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await removeGoal(app.db, request, request.params);
      return reply.status(204).send(null);
    },
  );
};
