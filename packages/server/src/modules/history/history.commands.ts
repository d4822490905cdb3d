/**
 * Restore (issue 15 "History"): writes the fields of an earlier version of an entity back as a new write. The
 * write goes through the entity's own PUT route, as the signed-in editor, so it is exactly an edit: the same
 * validation (a referenced entity that no longer exists is refused), If-Match (409 when the entity moved on),
 * counts, caches and change log entry (the restore is itself in the history, by whoever restored).
 * Fields the version does not hold (a character's active quests live in their own table) keep their current
 * values. A deleted entity is written back as a new row with its id (history.undelete.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  type ErrorResponse,
  HISTORY_MESSAGES,
  type HistoryEntityType,
  RESTORABLE_ENTITY_TYPES,
  type RestorableEntityType,
} from '@loreforge/contract';
import { AppError, badRequest, conflict } from '../../errors/app-error.js';
import type { WorldScope } from '../../access/world-scope.js';
import { snapshotFields } from './history-fields.js';
import { parseSnapshot } from './history.access.js';
import { findEntityChange, findEntityRow } from './history.repository.js';
import { restoreDeleted } from './history.undelete.js';

/** The path of an entity under its world, from its current row (parents' ids included). */
const ENTITY_PATHS: Record<RestorableEntityType, (row: Record<string, unknown>) => string> = {
  character: (row) => `characters/${String(row.id)}`,
  item: (row) => `items/${String(row.id)}`,
  inventoryEntry: (row) => `characters/${String(row.character_id)}/inventory/${String(row.id)}`,
  goal: (row) => `goals/${String(row.id)}`,
  relationship: (row) => `characters/${String(row.character_id)}/relationships/${String(row.id)}`,
  timeline: (row) => `timelines/${String(row.id)}`,
  event: (row) => `events/${String(row.id)}`,
  map: (row) => `maps/${String(row.id)}`,
  mapPoint: (row) => `maps/${String(row.map_id)}/points/${String(row.id)}`,
  mapArea: (row) => `maps/${String(row.map_id)}/areas/${String(row.id)}`,
  connection: (row) => `connections/${String(row.id)}`,
  quest: (row) => `quests/${String(row.id)}`,
  objective: (row) => `quests/${String(row.quest_id)}/objectives/${String(row.id)}`,
};

const isRestorable = (type: string): type is RestorableEntityType => (RESTORABLE_ENTITY_TYPES as readonly string[]).includes(type);

/** A version's value in the shape the entity's answer has for that field (true/false for 0/1 columns). */
function asAnswered(current: unknown, value: unknown): unknown {
  if (typeof current === 'boolean' && typeof value === 'number') return value !== 0;
  return value;
}

/**
 * The PUT body of a restore: the entity as it reads now, with every field the version holds put back (matched
 * case-insensitively, since a few answers capitalise their fields as SPEC spells them).
 */
export function restoreBody(current: Record<string, unknown>, version: Record<string, unknown>): Record<string, unknown> {
  const byName = new Map(Object.entries(version).map(([name, value]) => [name.toLowerCase(), value]));
  const body: Record<string, unknown> = { ...current };
  for (const [name, value] of Object.entries(current)) {
    const key = name.toLowerCase();
    if (byName.has(key)) body[name] = asAnswered(value, byName.get(key));
  }
  return body;
}

/** What a restore answers: the PUT's status, body and ETag. */
export interface RestoreOutcome {
  status: number;
  body: Record<string, unknown>;
  etag: string | undefined;
}

/** The entity as its own GET answers it now, with its ETag. */
async function answerAsRead(
  app: FastifyInstance,
  worldId: string,
  type: RestorableEntityType,
  entityId: string,
  authorization: string,
): Promise<RestoreOutcome> {
  const row = await findEntityRow(app.db, worldId, type, entityId);
  if (!row) throw conflict(HISTORY_MESSAGES.restoreClash(type));
  const read = await app.inject({ method: 'GET', url: `/api/worlds/${worldId}/${ENTITY_PATHS[type](row)}`, headers: { authorization } });
  const etag = read.headers.etag;
  return { status: read.statusCode, body: read.json<Record<string, unknown>>(), etag: typeof etag === 'string' ? etag : undefined };
}

/**
 * Restores version `sequence` of an entity; a deleted entity comes back from it (history.undelete.ts).
 * @param headers the caller's authorization and optional If-Match, passed to the entity's routes.
 * @returns the entity's PUT outcome (200 and the entity as it now reads).
 * @throws AppError 400 HISTORY_MESSAGES.notRestorable for a type without plain fields to write back, 400
 * deleteVersion for a version that is a deletion of an entity that exists; 404 noSuchVersion; for a deleted
 * entity, restoreDeleted's 409s (what it belongs to is gone, or it clashes);
 * 409 with the entity route's message when the version cannot be written now (a referenced entity no longer
 * exists, a name no longer allowed …); 409 from If-Match when the entity changed since the caller read it.
 */
export async function restoreVersion(
  app: FastifyInstance,
  scope: WorldScope,
  type: HistoryEntityType,
  entityId: string,
  sequence: number,
  headers: { authorization: string; 'if-match'?: string },
): Promise<RestoreOutcome> {
  if (!isRestorable(type)) throw badRequest(HISTORY_MESSAGES.notRestorable);
  const worldId = scope.world.id;
  const change = await findEntityChange(app.db, worldId, type, entityId, sequence);
  if (!change) throw new AppError(404, 'NOT_FOUND', HISTORY_MESSAGES.noSuchVersion);
  const current = await findEntityRow(app.db, worldId, type, entityId);
  if (!current) {
    await restoreDeleted(app, scope, type, entityId, change);
    return answerAsRead(app, worldId, type, entityId, headers.authorization);
  }
  if (change.after === null) throw badRequest(HISTORY_MESSAGES.deleteVersion);
  const row = current;

  const url = `/api/worlds/${worldId}/${ENTITY_PATHS[type](row)}`;
  const read = await app.inject({ method: 'GET', url, headers: { authorization: headers.authorization } });
  if (read.statusCode !== 200) return { status: read.statusCode, body: read.json<Record<string, unknown>>(), etag: undefined };
  const version = snapshotFields(parseSnapshot(change.after), entityId);
  const written = await app.inject({
    method: 'PUT',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(restoreBody(read.json<Record<string, unknown>>(), version)),
  });
  if (written.statusCode === 400) {
    const problem = written.json<ErrorResponse>();
    throw new AppError(409, 'CONFLICT', `Version ${sequence} cannot be written back as it is: ${problem.message}`, problem.fields);
  }
  const etag = written.headers.etag;
  return { status: written.statusCode, body: written.json<Record<string, unknown>>(), etag: typeof etag === 'string' ? etag : undefined };
}
