/**
 * The timeline engine's routes (issue 5 "API"): a timeline's state at a moment, a character's history, two
 * timelines compared, an item's provenance and a timeline's consistency issues. Every route checks that the caller
 * owns the world; anything not theirs is a 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CharacterHistoryQuerySchema,
  CharacterHistorySchema,
  ItemProvenanceQuerySchema,
  ItemProvenanceSchema,
  TimelineDiffQuerySchema,
  TimelineDiffSchema,
  TimelineIssuesSchema,
  TimelineStateQuerySchema,
  TimelineStateSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors } from '../../lib/route-parts.js';
import { invalidField } from '../../errors/app-error.js';
import { requireCharacter } from '../characters/character.access.js';
import { requireItem } from '../items/item.access.js';
import { momentOfQuery, worldClocks } from './timeline-engine.clock.js';
import { replayIssues } from './engine/replay.js';
import { answerDiff, answerHistory, answerProvenance, answerState } from './timeline-engine.answers.js';
import { presentIssue } from './timeline-engine.presenter.js';
import { findObjectivesCompletedOutsideActiveQuests } from './timeline-engine.repository.js';
import { withEngineSnapshot } from './timeline-engine.service.js';

const TimelineParams = WorldParams.extend({ timelineId: uuidField('timelineId') });
const tags = ['timeline engine'];
const model =
  "A timeline's state at T is the world's stored characters, inventories and relationships with the timeline's events up to T " +
  'applied in order (dateTime, then creation). A branch starts from its parent just after its branching event. Changes that ' +
  'cannot apply are skipped and listed by GET …/issues.';

/** Registers the engine's routes (docs/timeline-engine.md). */
export const timelineEngineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/timelines/:timelineId/state',
    {
      schema: {
        tags,
        summary: "Every (or one) character's attributes, inventory and relationships at a moment of a timeline",
        description:
          `${model} Give at (a date-time), instant or date (in the timeline's calendar) or eventId (just after that event), ` +
          "only one; the default is the timeline's now. The answer dates the moment and events in the timeline's calendar too. " +
          "Without search, page or limit, every character is answered, ordered by name then id (a large world's state is large). With any of " +
          'them, one page of the characters whose name contains search (case-insensitive; all when absent), ordered by name then id, ' +
          "with a pagination block like the lists' (page from 1, default 1; limit 1 to 1000, default 20; nextCursor always null). " +
          'characterId narrows either answer to that character.',
        params: TimelineParams,
        querystring: TimelineStateQuerySchema,
        response: { 200: TimelineStateSchema, ...errors },
      },
    },
    async (request) => {
      const { at, instant, date, eventId, characterId, search, page, limit } = request.query;
      if (at !== null && eventId !== null) throw invalidField('eventId', 'Give either at or eventId, not both.');
      const scope = request.world;
      const clockOf = await worldClocks(app.db, app.engineCache, scope.world);
      return withEngineSnapshot(
        app.db,
        app.engineCache,
        scope,
        async ({ replay, stored }) => {
          const replayed = await replay(request.params.timelineId);
          const moment = momentOfQuery(clockOf(replayed.timeline.id), { at, instant, date, eventId });
          return answerState(replayed, moment, { characterId, search, page, limit }, stored, clockOf);
        },
        scope.world.content_version,
      );
    },
  );

  app.get(
    '/worlds/:worldId/characters/:characterId/history',
    {
      schema: {
        tags,
        summary: 'The events of a timeline that changed a character, each with what changed',
        description: `${model} Events before a branch point come from the parent timeline. Each event is dated in its timeline's calendar too.`,
        params: WorldParams.extend({ characterId: uuidField('characterId') }),
        querystring: CharacterHistoryQuerySchema,
        response: { 200: CharacterHistorySchema, ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      const character = await requireCharacter(app.db, scope, request.params.characterId);
      const clockOf = await worldClocks(app.db, app.engineCache, scope.world);
      return withEngineSnapshot(
        app.db,
        app.engineCache,
        scope,
        async ({ replay }) => answerHistory(await replay(request.query.timelineId), character.id, clockOf),
        scope.world.content_version,
      );
    },
  );

  app.get(
    '/worlds/:worldId/timelines/:timelineId/diff',
    {
      schema: {
        tags,
        summary: 'How two timelines (say a branch and its parent) differ at a moment, per character and field',
        description:
          `${model} Give at (a date-time), or instant or date in the first timeline's calendar, only one; the default is ` +
          "the first timeline's now. The answer dates the moment in that calendar too.",
        params: TimelineParams,
        querystring: TimelineDiffQuerySchema,
        response: { 200: TimelineDiffSchema, ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      const { at, instant, date, against, characterId } = request.query;
      const clockOf = await worldClocks(app.db, app.engineCache, scope.world);
      return withEngineSnapshot(
        app.db,
        app.engineCache,
        scope,
        async ({ replay }) => {
          const [first, second] = [await replay(request.params.timelineId), await replay(against)];
          const moment = momentOfQuery(clockOf(first.timeline.id), { at, instant, date });
          return answerDiff(first, second, moment, characterId, clockOf);
        },
        scope.world.content_version,
      );
    },
  );

  app.get(
    '/worlds/:worldId/items/:itemId/provenance',
    {
      schema: {
        tags,
        summary: 'Who held an item on a timeline, from when to when',
        description: `${model} A period with a null start was held from the start; a null end is still held.`,
        params: WorldParams.extend({ itemId: uuidField('itemId') }),
        querystring: ItemProvenanceQuerySchema,
        response: { 200: ItemProvenanceSchema, ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      const item = await requireItem(app.db, scope, request.params.itemId);
      const clockOf = await worldClocks(app.db, app.engineCache, scope.world);
      return withEngineSnapshot(
        app.db,
        app.engineCache,
        scope,
        async ({ replay, stored }) => answerProvenance(await replay(request.query.timelineId), item, stored, clockOf),
        scope.world.content_version,
      );
    },
  );

  app.get(
    '/worlds/:worldId/timelines/:timelineId/issues',
    {
      schema: {
        tags,
        summary: "A timeline's consistency problems, each with its event and a message",
        description:
          'Changes in the old free form, invalid entries, quantities going below zero, items equipped but not held, changes naming a ' +
          'missing character or item, relationships with oneself, events dated before their branch point, and quest objectives ' +
          'completed while their quest is still pending (those have no event).',
        params: TimelineParams,
        response: { 200: TimelineIssuesSchema, ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      const replay = await withEngineSnapshot(
        app.db,
        app.engineCache,
        scope,
        ({ replay: load }) => load(request.params.timelineId),
        scope.world.content_version,
      );
      const objectives = await findObjectivesCompletedOutsideActiveQuests(app.db, scope);
      const questIssues = objectives.map((objective) => ({
        kind: 'objectiveCompletedQuestNotActive' as const,
        message: `Objective "${objective.description}" is complete while its quest "${objective.questName}" is ${objective.questStatus}, not active.`,
        eventId: null,
        eventName: null,
        dateTime: null,
        timelineId: null,
        location: `quest ${objective.questId}`,
        characterId: null,
      }));
      return {
        timelineId: replay.timeline.id,
        data: [...replayIssues(replay).map((issue) => presentIssue(replay, issue)), ...questIssues],
      };
    },
  );
};
