/**
 * Goal routes (SPEC §7 Goals): the world's goals at /worlds/{worldId}/goals[/{goalId}] (every goal of the
 * world, characters' included) and one character's at /worlds/{worldId}/characters/{characterId}/goals[/{goalId}].
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import {
  ErrorResponseSchema,
  GOAL_SORT_FIELDS,
  GoalCreateSchema,
  GoalSchema,
  GoalUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { requireCharacter } from '../characters/character.access.js';
import { requireWorldAccess } from '../worlds/world.access.js';
import { cachedWorldRead } from '../../lib/read-cache.js';
import { checkGoalCharacter, createGoal, deleteGoal, updateGoal } from './goal.commands.js';
import { type GoalScopeParams, requireGoal, resolveGoalScope } from './goal.access.js';
import { presentGoal } from './goal.presenter.js';
import { listGoals } from './goal.repository.js';
import { IfMatchHeaders, claimVersion } from '../../lib/versioned-update.js';

const WorldParams = z.object({ worldId: uuidField('worldId') });
const WorldGoalParams = WorldParams.extend({ goalId: uuidField('goalId') });
const CharacterParams = WorldParams.extend({ characterId: uuidField('characterId') });
const CharacterGoalParams = CharacterParams.extend({ goalId: uuidField('goalId') });
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
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

type GoalParams = GoalScopeParams & { goalId: string };

/**
 * GET a page of the goals in the route's scope, from the read cache under the world's version.
 * @param url the request URL, naming the answer in the cache.
 * @throws AppError 404 for a world or character out of reach.
 */
async function listGoalsIn(db: Db, params: GoalScopeParams, userId: string, query: Parameters<typeof listGoals>[2], url: string) {
  const world = await requireWorldAccess(db, params.worldId, userId);
  return cachedWorldRead(db, world, url, async () => {
    const scope = await resolveGoalScope(db, params, userId);
    const { rows, pagination } = await listGoals(db, scope, query);
    return { data: rows.map(presentGoal), pagination };
  });
}

/**
 * GET one goal within the route's scope, from the read cache under the world's version.
 * @throws AppError 404 for a world, character or goal out of reach.
 */
async function readGoal(db: Db, params: GoalParams, userId: string, url: string) {
  const world = await requireWorldAccess(db, params.worldId, userId);
  return cachedWorldRead(db, world, url, async () => {
    const scope = await resolveGoalScope(db, params, userId);
    return presentGoal(await requireGoal(db, scope, params.goalId));
  });
}

/**
 * DELETE one goal within the route's scope, honouring If-Match.
 * @throws AppError 404 for a world, character or goal out of reach; 409 for a stale If-Match.
 */
async function removeGoal(db: Db, request: FastifyRequest, params: GoalParams, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await claimVersion(trx, request, { table: 'goal', id: params.goalId, entity: 'goal' });
    const scope = await resolveGoalScope(trx, params, userId);
    await deleteGoal(trx, await requireGoal(trx, scope, params.goalId));
  });
}

export const goalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/worlds/:worldId/goals', {
    schema: {
      tags,
      summary: "List every goal of a world, characters' goals included (search on title and description)",
      params: WorldParams,
      querystring: listQuerySchema(GOAL_SORT_FIELDS),
      response: { 200: listResponseSchema(GoalSchema), ...errors },
    },
  }, async (request) => listGoalsIn(app.db, request.params, request.userId, request.query, request.url));

  app.post('/worlds/:worldId/goals', {
    schema: {
      tags,
      summary: 'Create a world goal, or a goal of one of its characters when characterId is given',
      params: WorldParams,
      body: WorldGoalBodySchema,
      response: { 201: GoalSchema, ...errors },
    },
  }, async (request, reply) => {
    const goal = await app.db.transaction().execute(async (trx) => {
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      const characterId = await checkGoalCharacter(trx, world.id, request.body.characterId || null);
      return createGoal(trx, world.id, characterId, request.body);
    });
    return reply.status(201).send(presentGoal(goal));
  });

  app.get('/worlds/:worldId/goals/:goalId', {
    schema: { tags, summary: 'One goal of the world', params: WorldGoalParams, response: { 200: GoalSchema, ...errors } },
  }, async (request) => readGoal(app.db, request.params, request.userId, request.url));

  app.put('/worlds/:worldId/goals/:goalId', {
    schema: {
      tags,
      summary: 'Replace a goal of the world (validated like create)',
      description: 'Without characterId the goal keeps its character; null or empty makes it a world goal.',
      params: WorldGoalParams,
      headers: IfMatchHeaders,
      body: WorldGoalBodySchema,
      response: { 200: GoalSchema, ...errors },
    },
  }, async (request) => {
    const goal = await app.db.transaction().execute(async (trx) => {
      await claimVersion(trx, request, { table: 'goal', id: request.params.goalId, entity: 'goal' });
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      const existing = await requireGoal(trx, { worldId: world.id }, request.params.goalId);
      const wanted = request.body.characterId === undefined ? existing.character_id : request.body.characterId || null;
      const characterId = await checkGoalCharacter(trx, world.id, wanted);
      return updateGoal(trx, existing, characterId, request.body);
    });
    return presentGoal(goal);
  });

  app.delete('/worlds/:worldId/goals/:goalId', {
    schema: {
      tags,
      summary: 'Delete a goal of the world (irreversible)',
      params: WorldGoalParams,
      headers: IfMatchHeaders,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
  }, async (request, reply) => {
    await removeGoal(app.db, request, request.params, request.userId);
    return reply.status(204).send(null);
  });

  app.get('/worlds/:worldId/characters/:characterId/goals', {
    schema: {
      tags,
      summary: "List a character's goals (search on title and description)",
      params: CharacterParams,
      querystring: listQuerySchema(GOAL_SORT_FIELDS),
      response: { 200: listResponseSchema(GoalSchema), ...errors },
    },
  }, async (request) => listGoalsIn(app.db, request.params, request.userId, request.query, request.url));

  app.post('/worlds/:worldId/characters/:characterId/goals', {
    schema: {
      tags,
      summary: 'Create a goal for a character',
      params: CharacterParams,
      body: GoalCreateSchema,
      response: { 201: GoalSchema, ...errors },
    },
  }, async (request, reply) => {
    const goal = await app.db.transaction().execute(async (trx) => {
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      const character = await requireCharacter(trx, world.id, request.params.characterId);
      return createGoal(trx, world.id, character.id, request.body);
    });
    return reply.status(201).send(presentGoal(goal));
  });

  app.get('/worlds/:worldId/characters/:characterId/goals/:goalId', {
    schema: { tags, summary: "One of a character's goals", params: CharacterGoalParams, response: { 200: GoalSchema, ...errors } },
  }, async (request) => readGoal(app.db, request.params, request.userId, request.url));

  app.put('/worlds/:worldId/characters/:characterId/goals/:goalId', {
    schema: {
      tags,
      summary: "Replace one of a character's goals (validated like create)",
      params: CharacterGoalParams,
      headers: IfMatchHeaders,
      body: GoalUpdateSchema,
      response: { 200: GoalSchema, ...errors },
    },
  }, async (request) => {
    const goal = await app.db.transaction().execute(async (trx) => {
      await claimVersion(trx, request, { table: 'goal', id: request.params.goalId, entity: 'goal' });
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      const character = await requireCharacter(trx, world.id, request.params.characterId);
      const existing = await requireGoal(trx, { worldId: world.id, characterId: character.id }, request.params.goalId);
      return updateGoal(trx, existing, character.id, request.body);
    });
    return presentGoal(goal);
  });

  app.delete('/worlds/:worldId/characters/:characterId/goals/:goalId', {
    schema: {
      tags,
      summary: "Delete one of a character's goals (irreversible)",
      params: CharacterGoalParams,
      headers: IfMatchHeaders,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
  }, async (request, reply) => {
    await removeGoal(app.db, request, request.params, request.userId);
    return reply.status(204).send(null);
  });
};
