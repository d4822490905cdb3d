/**
 * Optimistic concurrency for every entity (issue 7, Concurrency): a row's `updated_at` is its version.
 *
 * - Responses that carry one entity (GET, POST, PUT, PATCH) get `ETag: W/"<updatedAt>"`. The tag is weak on
 *   purpose: it names the version of the entity's editable fields, not the bytes of the body (derived parts
 *   such as a world's counts change without a new version).
 * - PUT, PATCH and DELETE accept `If-Match` with that tag (`W/"…"` or `"…"`, weak comparison; `*` or no
 *   header means "no check", so older clients keep last-write-wins). A stale tag answers 409 and changes
 *   nothing.
 * - The check and the write are one atomic step: `claimVersion` runs
 *   `SELECT … WHERE id = ? AND updated_at = <If-Match> FOR UPDATE` first inside the route's transaction, and
 *   the route's own write moves the version on. On PostgreSQL the row stays locked until commit, so a
 *   concurrent claim waits, then finds the newer version and fails; on SQLite the transaction holds the one
 *   writer's lock from its start (BEGIN IMMEDIATE), so no other write comes between. A database trigger makes
 *   every new `updated_at` strictly later than the old one, even within one millisecond.
 * - The check writes nothing itself, so an edit is one change of the row: one entry of the change feed and one
 *   change-log snapshot, as the same edit without If-Match.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PostgresAdapter, sql } from 'kysely';
import { z } from 'zod';
import type { Database, Db } from '../db/database.js';
import { badRequest, conflict } from '../errors/app-error.js';

/** Tables whose rows carry a version in `updated_at` (see the version-trigger migration). */
export type VersionedTable = Exclude<keyof Database, 'invite_code' | 'invite_request' | 'character_active_quest' | 'map_image' | 'user'>;

/** The row a request edits: its table, id, and the entity name used in the conflict message. */
export interface VersionTarget {
  table: VersionedTable;
  id: string;
  /** Lower-case name for messages: 'character', 'map point'. */
  entity: string;
}

/** The 409 message of a stale If-Match, naming the entity (e.g. 'character'). */
export const staleVersionMessage = (entity: string): string =>
  `Someone else changed this ${entity} since you loaded it. Reload to see their changes, then try again.`;

/** The OpenAPI description of the If-Match header, shared by every PUT, PATCH and DELETE route. */
const IF_MATCH_DESCRIPTION =
  'Optional. The ETag of the version you loaded (W/"<updatedAt>"). When the entity has changed since, the ' +
  'request is refused with 409 CONFLICT and nothing changes. Without it the last write wins.';

/**
 * The weak ETag of an entity version.
 * @param updatedAt the entity's `updatedAt` (ISO 8601 with milliseconds).
 * @returns `W/"<updatedAt>"`.
 */
export const etagFor = (updatedAt: string): string => `W/"${updatedAt}"`;

const ENTITY_TAG = /^\s*(?:W\/)?"([^"]*)"\s*(?:,|$)/;

/**
 * Reads the If-Match header.
 * @param request the incoming request.
 * @returns the versions (`updatedAt` values) any of which the client accepts, or undefined when there is no
 *   header or it is `*` (no check).
 * @throws AppError 400 when the header is not a list of entity tags.
 */
export function parseIfMatch(request: FastifyRequest): string[] | undefined {
  const header = request.headers['if-match'];
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value.trim() === '' || value.trim() === '*') return undefined;
  const versions: string[] = [];
  let rest = value;
  while (rest.trim() !== '') {
    const match = ENTITY_TAG.exec(rest);
    if (match?.[1] === undefined) {
      throw badRequest('If-Match must be the ETag you received, such as W/"2026-01-02T03:04:05.678Z".');
    }
    versions.push(match[1]);
    rest = rest.slice(match[0].length);
  }
  return versions;
}

/**
 * Authorship condition: the row is a world, or lies in a world, where the user writes everything (its owner or an
 * editor; SPEC roles of issue 11), or is a character assigned to the user. Players and viewers are left to the route's own 403 or 404, so a stale version
 * never tells them that an entity they may not see exists.
 */
function writableBy(table: VersionedTable, userId: string) {
  const writableWorlds = sql`select world_id from ${sql.table('world_member')}
    where user_id = ${userId} and role in ('owner', 'editor')`;
  if (table === 'world') return sql`id in (${writableWorlds})`;
  // Objectives have no world of their own: they belong to their quest's.
  if (table === 'quest_objective') {
    return sql`quest_id in (select id from ${sql.table('quest')} where world_id in (${writableWorlds}))`;
  }
  // The player a character is assigned to edits it too (and sees it, whatever its visibility).
  if (table === 'character') return sql`(world_id in (${writableWorlds}) or assigned_to = ${userId})`;
  return sql`world_id in (${writableWorlds})`;
}

/**
 * The atomic version check of a PUT, PATCH or DELETE. Call it first inside the route's transaction, before
 * any read, so the compare and the write are one step. Without If-Match it does nothing.
 * When the claim succeeds the row is held for this transaction (locked on PostgreSQL; on SQLite the transaction
 * holds the writer's lock) until it ends, and the route's own update or delete of the row moves its version on.
 * A row that is missing, or in a world where the caller is not the owner or an editor, is left to the route's own
 * 403 or 404, so nothing is revealed.
 * @param db an open transaction.
 * @param request the request (its If-Match header and signed-in user).
 * @param target the row being edited or deleted.
 * @throws AppError 409 CONFLICT when the caller's version is not the current one.
 */
export async function claimVersion(db: Db, request: FastifyRequest, target: VersionTarget): Promise<void> {
  const versions = parseIfMatch(request);
  if (versions === undefined) return;
  const table = sql.table(target.table);
  const owned = writableBy(target.table, request.userId);
  // SQLite has no FOR UPDATE: its transaction already holds the only writer's lock.
  const lock = db.getExecutor().adapter instanceof PostgresAdapter ? sql` for update` : sql``;
  const claimed =
    versions.length === 0
      ? { rows: [] }
      : await sql`select 1 as found from ${table}
        where id = ${target.id} and ${owned} and updated_at in (${sql.join(versions)})${lock}`.execute(db);
  if (claimed.rows.length > 0) return;
  const current = await sql`select 1 as found from ${table} where id = ${target.id} and ${owned}`.execute(db);
  if (current.rows.length > 0) throw conflict(staleVersionMessage(target.entity));
}

/**
 * Runs a route's work with the If-Match check, for routes that do not open a transaction themselves:
 * without If-Match it runs on `db` exactly as before; with it, in a transaction that starts with
 * `claimVersion`.
 * @param db the app's database.
 * @param request the request.
 * @param target the row being edited or deleted.
 * @param work the route's reads and writes, on the handle it is given.
 * @returns what `work` returns.
 * @throws AppError 409 when the version is stale, and whatever `work` throws.
 */
export async function withIfMatch<T>(db: Db, request: FastifyRequest, target: VersionTarget, work: (db: Db) => Promise<T>): Promise<T> {
  if (parseIfMatch(request) === undefined) return work(db);
  if (db.isTransaction) {
    await claimVersion(db, request, target);
    return work(db);
  }
  return db.transaction().execute(async (trx) => {
    await claimVersion(trx, request, target);
    return work(trx);
  });
}

function isEntityPayload(payload: unknown): payload is { updatedAt: string } {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  if ('data' in payload && 'pagination' in payload) return false;
  return 'updatedAt' in payload && typeof payload.updatedAt === 'string';
}

const ENTITY_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH']);

/**
 * Adds `ETag: W/"<updatedAt>"` to a 200/201 answer that is one entity (not a list), unless the route set its
 * own ETag (map images carry a hash of their bytes). Synchronous, for a callback-style preSerialization hook.
 */
export function setVersionEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  if (!ENTITY_METHODS.has(request.method) || (reply.statusCode !== 200 && reply.statusCode !== 201)) return;
  if (reply.hasHeader('etag') || !isEntityPayload(payload)) return;
  reply.header('etag', etagFor(payload.updatedAt));
}

/**
 * The `headers` schema of PUT, PATCH and DELETE routes: documents If-Match in the OpenAPI and keeps every
 * other header as it came.
 */
export const IfMatchHeaders = z.looseObject({
  'if-match': z.string().optional().describe(IF_MATCH_DESCRIPTION),
});
