/**
 * Quest routes (SPEC §7 Quests, §4 quest status, §5 Quest): GET/POST /worlds/{worldId}/quests (optional status
 * filter), GET …/quests/active, GET/PUT/DELETE …/quests/{questId}, POST …/accept and DELETE …/abandon.
 * PUT may set any status, as the quest form allows; accept and abandon enforce their transitions (409).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  QUEST_SORT_FIELDS,
  QUEST_STATUSES,
  QuestCharacterSchema,
  QuestCreateSchema,
  QuestSchema,
  QuestUpdateSchema,
  enumField,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import type { Db } from '../../db/database.js';
import type { ListParams } from '../../lib/list/index.js';
import { newId } from '../../lib/ids.js';
import { removeReferencesTo } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import { requireQuest } from './quest.access.js';
import { accessColumns } from '../worlds/access-fields.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';
import { abandonQuest, acceptQuest, loadQuest } from './quest.commands.js';
import { findObjectivesOfQuests } from './objective.repository.js';
import { presentQuest } from './quest.presenter.js';
import { deleteQuest, insertQuest, listQuests, updateQuest } from './quest.repository.js';
import { IfMatchHeaders, claimVersion, withIfMatch } from '../../lib/versioned-update.js';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';

const QuestParams = WorldParams.extend({ questId: uuidField('questId') });
const QuestListQuery = listQuerySchema(QUEST_SORT_FIELDS).extend({
  status: enumField('status', QUEST_STATUSES).optional().describe('Only quests in this status.'),
});
const transitionErrors = { ...errors, 409: ErrorResponseSchema };
const tags = ['quests'];

const questColumns = (input: z.output<typeof QuestCreateSchema>, now: string) => ({
  name: input.name,
  description: input.description,
  status: input.status,
  is_optional: input.isOptional ? 1 : 0,
  difficulty: input.difficulty,
  updated_at: now,
});

/** One page of quests with their objectives, in the list envelope. */
async function questPage(db: Db, scope: WorldScope, params: ListParams & { status?: (typeof QUEST_STATUSES)[number] | undefined }) {
  const page = await listQuests(db, scope, params);
  const objectives = await findObjectivesOfQuests(
    db,
    scope,
    page.rows.map((row) => row.id),
  );
  return listReply(page, (row) => presentQuest(row, objectives.get(row.id) ?? [], scope));
}

/**
 * Registers the quest routes; the world scope step has checked membership (404 otherwise). Writes are the
 * owner's and editors', except accept, which a player may send for a character assigned to them (issue 11).
 */
export const questRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/quests',
    {
      schema: {
        tags,
        summary: "List a world's quests with their objectives, optionally in one status",
        params: WorldParams,
        querystring: QuestListQuery,
        response: { 200: listResponseSchema(QuestSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      return questPage(app.db, scope, request.query);
    },
  );

  app.get(
    '/worlds/:worldId/quests/active',
    {
      schema: {
        tags,
        summary: "List a world's active quests",
        params: WorldParams,
        querystring: listQuerySchema(QUEST_SORT_FIELDS),
        response: { 200: listResponseSchema(QuestSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      return questPage(app.db, scope, { ...request.query, status: 'active' });
    },
  );

  app.post(
    '/worlds/:worldId/quests',
    {
      schema: {
        tags,
        summary: 'Create a quest (status defaults to pending)',
        params: WorldParams,
        body: QuestCreateSchema,
        response: { 201: QuestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      requireEditor(scope);
      const now = nowIso();
      const richText = await prepareRichText(app.db, scope, request.body);
      const quest = {
        id: newId(),
        world_id: scope.world.id,
        ...questColumns(request.body, now),
        ...richTextRow(richText),
        ...(await accessColumns(app.db, scope, request.body)),
        created_at: now,
      };
      await app.db.transaction().execute(async (trx) => {
        await insertQuest(trx, quest);
        await saveMentions(trx, scope, 'quest', quest.id, richText);
      });
      return reply.status(201).send(presentQuest(quest, [], scope));
    },
  );

  app.get(
    '/worlds/:worldId/quests/:questId',
    {
      schema: { tags, summary: 'One quest with its objectives', params: QuestParams, response: { 200: QuestSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      return loadQuest(app.db, scope, request.params.questId);
    },
  );

  app.put(
    '/worlds/:worldId/quests/:questId',
    {
      schema: {
        tags,
        summary: 'Replace a quest; any status may be set (SPEC §4)',
        params: QuestParams,
        headers: IfMatchHeaders,
        body: QuestUpdateSchema,
        response: { 200: QuestSchema, ...errors },
      },
    },
    async (request) =>
      withIfMatch(app.db, request, { table: 'quest', id: request.params.questId, entity: 'quest' }, async (db) => {
        const scope = request.world;
        const quest = await requireQuest(db, scope, request.params.questId);
        requireEditor(scope);
        const { isOptional, difficulty } = request.body;
        const kept = {
          isOptional: isOptional ?? quest.is_optional === 1,
          difficulty: difficulty === undefined ? quest.difficulty : difficulty,
        };
        const richText = await prepareRichText(db, scope, request.body, quest);
        await updateQuest(db, quest.id, {
          ...questColumns({ ...request.body, ...kept }, nowIso()),
          ...richTextRow(richText),
          ...(await accessColumns(db, scope, request.body, quest)),
        });
        await saveMentions(db, scope, 'quest', quest.id, richText);
        return loadQuest(db, scope, quest.id);
      }),
  );

  app.delete(
    '/worlds/:worldId/quests/:questId',
    {
      schema: {
        tags,
        summary: 'Delete a quest with its objectives; it leaves every activeQuests list and connection',
        params: QuestParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'quest', id: request.params.questId, entity: 'quest' });
        const quest = await requireQuest(trx, scope, request.params.questId);
        requireEditor(scope);
        await removeReferencesTo(trx, 'quest', quest.id);
        await deleteQuest(trx, quest.id);
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/worlds/:worldId/quests/:questId/accept',
    {
      schema: {
        tags,
        summary: 'Accept a pending quest (→ active); with characterId, add it to that character’s activeQuests',
        description: 'Editors and the owner accept for any character; a player only for a character assigned to them (403 otherwise).',
        params: QuestParams,
        querystring: QuestCharacterSchema,
        body: QuestCharacterSchema.nullish(),
        response: { 200: QuestSchema, ...transitionErrors },
      },
    },
    async (request) => {
      const scope = request.world;
      const characterId = request.body?.characterId ?? request.query.characterId;
      return app.db.transaction().execute((trx) => acceptQuest(trx, scope, request.params.questId, characterId));
    },
  );

  app.delete(
    '/worlds/:worldId/quests/:questId/abandon',
    {
      schema: {
        tags,
        summary: 'Abandon an active quest (→ pending); removes it from that character’s activeQuests, or from everyone’s',
        params: QuestParams,
        headers: IfMatchHeaders,
        querystring: QuestCharacterSchema,
        body: QuestCharacterSchema.nullish(),
        response: { 200: QuestSchema, ...transitionErrors },
      },
    },
    async (request) => {
      const scope = request.world;
      const characterId = request.body?.characterId ?? request.query.characterId;
      return app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'quest', id: request.params.questId, entity: 'quest' });
        return abandonQuest(trx, scope, request.params.questId, characterId);
      });
    },
  );
};
