/**
 * "Since you last looked" (issue 15 "History"):
 * GET /worlds/{worldId}/since-last-visit — the entities others changed since the signed-in member last opened
 * the world, grouped by type, with names, as the reader may see them (the change feed's visibility rule);
 * POST /worlds/{worldId}/visit — records that the member opened the world now (the web app calls it after
 * showing the list). Any member may call both; a visit is never a change of the world.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SinceLastVisitSchema, VisitRecordSchema } from '@loreforge/contract';
import { WorldParams, errorResponses } from '../../lib/route-parts.js';
import { nowIso } from '../../lib/time.js';
import { type ChangeRow, findLastSequence, listVisibleChanges } from '../changes/change.repository.js';
import { findUsernames } from '../history/history.repository.js';
import { nameOf, snapshotFields } from '../history/history-fields.js';
import { parseSnapshot } from '../history/history.access.js';
import { VISIT_ENTITIES_MAX, presentSinceLastVisit, summariseChanges } from './visit.presenter.js';
import { findChangeSnapshots, findVisit, saveVisit } from './visit.repository.js';

const tags = ['history'];

/** Changes read per page, and most pages read (older changes past that are not listed). */
const PAGE = 1000;
const PAGES_MAX = 10;

export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/since-last-visit',
    {
      schema: {
        tags,
        summary: 'What others changed since you last opened the world, grouped by entity type',
        description:
          `Each changed entity once (at most ${VISIT_ENTITIES_MAX}, newest first) with its name, what happened to it and who changed it ` +
          'last. Your own changes and entities you may not see are left out. Before your first recorded visit the list is empty.',
        params: WorldParams,
        response: { 200: SinceLastVisitSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = request.world;
      const worldId = scope.world.id;
      const visit = await findVisit(app.db, worldId, scope.userId);
      if (!visit) return presentSinceLastVisit({ previousVisitAt: null }, [], new Map(), new Map());

      const changes: ChangeRow[] = [];
      let after = Number(visit.last_seen_sequence);
      for (let page = 0; page < PAGES_MAX; page += 1) {
        const scan = await listVisibleChanges(app.db, scope, worldId, after, PAGE);
        changes.push(...scan.rows.filter((change) => change.by !== scope.userId));
        after = scan.scannedTo;
        if (!scan.hasMore) break;
      }
      const summaries = summariseChanges(changes);
      const listed = summaries.slice(0, VISIT_ENTITIES_MAX);
      const snapshots = await findChangeSnapshots(
        app.db,
        worldId,
        listed.map((summary) => summary.lastSequence),
      );
      const userIds = new Set<string>();
      for (const summary of listed) {
        if (summary.lastBy) userIds.add(summary.lastBy);
        if (summary.entityType === 'member') userIds.add(summary.entityId);
      }
      const usernames = await findUsernames(app.db, [...userIds]);
      const names = new Map(
        listed.map((summary) => [
          `${summary.entityType}:${summary.entityId}`,
          summary.entityType === 'member'
            ? (usernames.get(summary.entityId) ?? null)
            : nameOf(snapshotFields(parseSnapshot(snapshots.get(summary.lastSequence) ?? null), summary.entityId)),
        ]),
      );
      return presentSinceLastVisit({ previousVisitAt: visit.last_seen_at }, summaries, names, usernames);
    },
  );

  app.post(
    '/worlds/:worldId/visit',
    {
      schema: {
        tags,
        summary: 'Record that you opened the world now (the start of the next "since you last looked")',
        params: WorldParams,
        response: { 200: VisitRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = request.world;
      const sequence = await findLastSequence(app.db, scope.world.id);
      const visitedAt = nowIso();
      await saveVisit(app.db, { world_id: scope.world.id, user_id: scope.userId, last_seen_sequence: sequence, last_seen_at: visitedAt });
      return { visitedAt };
    },
  );
};
