/**
 * Quest objective routes (SPEC §7 Quests: objective progress; objectives designed in the API contract):
 * GET/POST /worlds/{worldId}/quests/{questId}/objectives, GET/PUT/DELETE …/objectives/{objectiveId} and
 * POST …/objectives/{objectiveId}/progress. Any change may complete an active quest whose required objectives
 * are all done.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  ObjectiveCreateSchema,
  ObjectiveProgressSchema,
  ObjectiveSchema,
  ObjectiveUpdateSchema,
  QuestSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { requireObjective, requireQuest } from './quest.access.js';
import { accessColumns } from '../worlds/access-fields.js';
import { saveGmNotesMentions } from '../mentions/rich-text.write.js';
import { requireEditor } from '../../access/world-scope.js';
import { recordObjectiveProgress } from './quest.commands.js';
import { presentObjective } from './quest.presenter.js';
import { completeQuestIfDone } from './quest.repository.js';
import { deleteObjective, insertObjective, listObjectives, updateObjective } from './objective.repository.js';
import { IfMatchHeaders, claimVersion } from '../../lib/versioned-update.js';

const QuestParams = WorldParams.extend({ questId: uuidField('questId') });
const ObjectiveParams = QuestParams.extend({ objectiveId: uuidField('objectiveId') });
const OBJECTIVE_SORT_FIELDS = ['createdAt', 'updatedAt'] as const;
const tags = ['quests'];

const objectiveColumns = (input: z.output<typeof ObjectiveCreateSchema>, now: string) => ({
  description: input.description,
  target: input.target,
  progress: input.progress,
  is_optional: input.isOptional ? 1 : 0,
  updated_at: now,
});

/** Registers the objective and progress routes; each checks the quest (visible to the reader) first (404 otherwise). */
export const objectiveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/quests/:questId/objectives',
    {
      schema: {
        tags,
        summary: "List a quest's objectives",
        params: QuestParams,
        querystring: listQuerySchema(OBJECTIVE_SORT_FIELDS),
        response: { 200: listResponseSchema(ObjectiveSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      const quest = await requireQuest(app.db, scope, request.params.questId);
      return listReply(await listObjectives(app.db, scope, quest.id, request.query), (row) => presentObjective(row, scope));
    },
  );

  app.post(
    '/worlds/:worldId/quests/:questId/objectives',
    {
      schema: {
        tags,
        summary: 'Add an objective: {description, target (≥ 1), progress (0…target), isOptional}',
        params: QuestParams,
        body: ObjectiveCreateSchema,
        response: { 201: ObjectiveSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      const now = nowIso();
      const objective = await app.db.transaction().execute(async (trx) => {
        const quest = await requireQuest(trx, scope, request.params.questId);
        requireEditor(scope);
        const row = {
          id: newId(),
          quest_id: quest.id,
          ...objectiveColumns(request.body, now),
          ...(await accessColumns(trx, scope, request.body)),
          created_at: now,
        };
        await insertObjective(trx, row);
        await saveGmNotesMentions(trx, scope, 'questObjective', row.id);
        await completeQuestIfDone(trx, quest.id);
        return row;
      });
      return reply.status(201).send(presentObjective(objective, scope));
    },
  );

  app.get(
    '/worlds/:worldId/quests/:questId/objectives/:objectiveId',
    {
      schema: { tags, summary: 'One objective', params: ObjectiveParams, response: { 200: ObjectiveSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      const quest = await requireQuest(app.db, scope, request.params.questId);
      return presentObjective(await requireObjective(app.db, scope, quest.id, request.params.objectiveId), scope);
    },
  );

  app.put(
    '/worlds/:worldId/quests/:questId/objectives/:objectiveId',
    {
      schema: {
        tags,
        summary: 'Replace an objective',
        params: ObjectiveParams,
        headers: IfMatchHeaders,
        body: ObjectiveUpdateSchema,
        response: { 200: ObjectiveSchema, ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      const updated = await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'quest_objective', id: request.params.objectiveId, entity: 'objective' });
        const quest = await requireQuest(trx, scope, request.params.questId);
        const objective = await requireObjective(trx, scope, quest.id, request.params.objectiveId);
        requireEditor(scope);
        await updateObjective(trx, objective.id, {
          ...objectiveColumns(request.body, nowIso()),
          ...(await accessColumns(trx, scope, request.body, objective)),
        });
        await saveGmNotesMentions(trx, scope, 'questObjective', objective.id);
        await completeQuestIfDone(trx, quest.id);
        // Read back: the stored version may be a millisecond later than now (see the version-trigger migration).
        return requireObjective(trx, scope, quest.id, objective.id);
      });
      return presentObjective(updated, scope);
    },
  );

  app.delete(
    '/worlds/:worldId/quests/:questId/objectives/:objectiveId',
    {
      schema: {
        tags,
        summary: 'Delete an objective',
        params: ObjectiveParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'quest_objective', id: request.params.objectiveId, entity: 'objective' });
        const quest = await requireQuest(trx, scope, request.params.questId);
        const objective = await requireObjective(trx, scope, quest.id, request.params.objectiveId);
        requireEditor(scope);
        await deleteObjective(trx, objective.id);
        await completeQuestIfDone(trx, quest.id);
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/worlds/:worldId/quests/:questId/objectives/:objectiveId/progress',
    {
      schema: {
        tags,
        summary: 'Record progress ({progress} or {increment}) on an active quest; answers the quest, completed when done',
        description:
          'Editors and the owner record progress on any quest; a player only on a quest a character assigned to them holds as active (403 otherwise).',
        params: ObjectiveParams,
        body: ObjectiveProgressSchema,
        response: { 200: QuestSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const scope = request.world;
      const { progress, increment } = request.body;
      const change = progress !== undefined ? { progress } : { increment: increment ?? 0 };
      return app.db
        .transaction()
        .execute((trx) => recordObjectiveProgress(trx, scope, request.params.questId, request.params.objectiveId, change));
    },
  );
};
