/**
 * Who may see and do what in a world: the one value every world-scoped route reads from and writes with.
 * `resolveWorldScope` turns (world, signed-in user, optional view-as header) into a `WorldScope`, once per
 * request (world-scope.plugin.ts). Repositories take it right after `db`, so a read without a scope does not
 * type-check; visibility.ts turns it into SQL.
 */
import { ACCESS_MESSAGES, type WorldRole, isEditorRole } from '@loreforge/contract';
import { noteReadSince } from '../db/change-clock.js';
import type { Db } from '../db/database.js';
import type { WorldTable } from '../db/tables/world.table.js';
import { badRequest, forbidden, notFound } from '../errors/app-error.js';
import { compiledQuery } from '../lib/compiled-query.js';
import { readKeptAccessRow } from './kept-access-rows.js';
import { assertTokenVersion } from '../lib/token-version.js';

/** The reader answers are built for: the signed-in member, or the member an editor views the world as. */
export interface Viewer {
  userId: string;
  role: WorldRole;
}

/** A request's access to one world (resolved once per request, never from the body). */
export interface WorldScope {
  /**
   * The world row as read when the scope was resolved (its content_version keys the caches; on SQLite the
   * database's change stamp taken before the read is noted for it, db/change-clock.ts).
   */
  readonly world: WorldTable;
  /** The signed-in user: every write is theirs. */
  readonly userId: string;
  /** The signed-in user's role: every write is checked against it. */
  readonly role: WorldRole;
  /** Who reads: the signed-in user, or the player or viewer named by `x-view-as` on a read. */
  readonly viewer: Viewer;
  /** Whether the reader sees secrets, GM notes and reveals (owner or editor, not viewing as someone else). */
  readonly seesSecrets: boolean;
  /**
   * Names the reader's class for caches: editors (and the owner) share `editors`, viewers share `viewers`,
   * each player has `player:<userId>` (reveals differ per player).
   */
  readonly cacheKey: string;
}

/** The part of a scope reads depend on: who reads. */
export type ReadScope = Pick<WorldScope, 'viewer' | 'seesSecrets'>;

/**
 * The world with the caller's role in it and their token's version, in one statement (the access check and the
 * token check of a world-scoped request): no row when the world is missing, `member_role` null when the caller
 * is not a member, `user_token_version` null when the user is gone. Written with scalar subqueries rather than
 * joins: SQLite ran the joined form (user, then membership, then world) in 24 µs and this one in 7 µs, on every
 * world-scoped request (docs/performance.md).
 */
const selectWorldWithRole = compiledQuery((db, worldId: string, userId: string) =>
  db
    .selectFrom('world')
    .selectAll('world')
    .select((eb) => [
      eb
        .selectFrom('world_member')
        .select('world_member.role')
        .whereRef('world_member.world_id', '=', 'world.id')
        .where('world_member.user_id', '=', userId)
        .as('member_role'),
      eb.selectFrom('user').select('user.token_version').where('user.id', '=', userId).as('user_token_version'),
    ])
    .where('world.id', '=', worldId),
);

/** A user's token version (the token check of a request whose world is missing). */
const selectTokenVersion = compiledQuery((db, userId: string) =>
  db.selectFrom('user').select('user.token_version').where('user.id', '=', userId),
);

/**
 * Reads the caller's membership of a world, checking the token's version in the same statement when asked. On
 * SQLite the row is kept while nothing is committed (kept-access-rows.ts), so a member's requests under reads
 * run no statement for it.
 * @returns the world row and the caller's role, or undefined when the world is missing or they are not a member.
 * @throws AppError 401 when `tokenVersion` is given and the user is gone or their version moved on.
 */
async function membershipOf(
  db: Db,
  worldId: string,
  userId: string,
  tokenVersion: number | undefined,
): Promise<{ world: WorldTable; role: WorldRole } | undefined> {
  const { row, stamp } = await readKeptAccessRow(
    db,
    worldId,
    `${worldId} ${userId}`,
    async () => (await selectWorldWithRole(db, worldId, userId))[0],
  );
  if (tokenVersion !== undefined) {
    // A missing world says nothing of the user: their version is then read on its own (a 404's path only).
    assertTokenVersion(tokenVersion, row ? row.user_token_version : (await selectTokenVersion(db, userId))[0]?.token_version);
  }
  if (!row?.member_role) return undefined;
  const { member_role: role, user_token_version: _version, ...world } = row;
  // The read cache keeps an answer only when nothing was committed since this stamp (db/change-clock.ts).
  if (stamp !== undefined) noteReadSince(world, stamp);
  return { world, role: role as WorldRole };
}

const selectMemberRole = compiledQuery((db, worldId: string, userId: string) =>
  db.selectFrom('world_member').select('role').where('world_id', '=', worldId).where('user_id', '=', userId),
);

/**
 * The class of a reader whose visibility rules share one SQL text (a compiled list's shape key): `editors`
 * (everything), `viewers`, or `player` (the player's id is a bound value of the text).
 */
export function readerClass(scope: ReadScope): string {
  return scope.seesSecrets ? 'editors' : scope.viewer.role;
}

/**
 * The read scope of a reader of the same class with another user id (a placeholder while a list's shape is
 * compiled, see lib/list ListShape).
 */
export function readerOf(scope: ReadScope, userId: string): ReadScope {
  return { seesSecrets: scope.seesSecrets, viewer: { userId, role: scope.viewer.role } };
}

/**
 * The cache class of a reader (see WorldScope.cacheKey).
 * @returns 'editors', 'viewers' or 'player:<userId>'.
 */
function cacheKeyOf(viewer: Viewer): string {
  if (isEditorRole(viewer.role)) return 'editors';
  return viewer.role === 'player' ? `player:${viewer.userId}` : 'viewers';
}

/** Builds the scope of a reader from a world row, the writer and the reader. */
export function scopeOf(world: WorldTable, userId: string, role: WorldRole, viewer: Viewer = { userId, role }): WorldScope {
  return { world, userId, role, viewer, seesSecrets: isEditorRole(viewer.role), cacheKey: cacheKeyOf(viewer) };
}

/**
 * Resolves a user's access to a world.
 * @param viewAs the `x-view-as` header's userId, honoured on reads only (pass undefined on writes).
 * @param tokenVersion the bearer token's version when it is still to be checked (plugins/auth.ts defers the
 * check of world-scoped routes to this statement); undefined when authentication already checked it.
 * @returns the scope.
 * @throws AppError 401 MESSAGES.invalidToken when `tokenVersion` no longer holds (the user signed out
 * everywhere or is gone); 404 'World not found.' when the world is missing or the user is not a member (the same
 * answer, so a non-member never learns that a world exists); 403 when someone other than an editor or the
 * owner sends `x-view-as`; 400 ACCESS_MESSAGES.viewAsNotMember when its value is not a player or viewer of
 * the world.
 */
export async function resolveWorldScope(
  db: Db,
  worldId: string,
  userId: string,
  viewAs?: string,
  tokenVersion?: number,
): Promise<WorldScope> {
  const membership = await membershipOf(db, worldId, userId, tokenVersion);
  if (!membership) throw notFound('World');
  const { world, role } = membership;
  if (viewAs === undefined || viewAs === '' || viewAs === userId) return scopeOf(world, userId, role);
  if (!isEditorRole(role)) throw forbidden(ACCESS_MESSAGES.editorsOnly);
  const [target] = /^[0-9a-f-]{36}$/i.test(viewAs) ? await selectMemberRole(db, worldId, viewAs.toLowerCase()) : [];
  if (!target || isEditorRole(target.role as WorldRole)) {
    throw badRequest(ACCESS_MESSAGES.viewAsNotMember, { 'x-view-as': ACCESS_MESSAGES.viewAsNotMember });
  }
  return scopeOf(world, userId, role, { userId: viewAs.toLowerCase(), role: target.role as WorldRole });
}

/**
 * Requires the signed-in user to be an editor or the owner (content writes).
 * @throws AppError 403 ACCESS_MESSAGES.forbidden otherwise.
 */
export function requireEditor(scope: WorldScope): void {
  if (!isEditorRole(scope.role)) throw forbidden(ACCESS_MESSAGES.forbidden);
}

/**
 * Requires the signed-in user to be the world's owner (deleting the world, members, invitations, transfer).
 * @throws AppError 403 ACCESS_MESSAGES.ownerOnly otherwise.
 */
export function requireOwner(scope: WorldScope): void {
  if (scope.role !== 'owner') throw forbidden(ACCESS_MESSAGES.ownerOnly);
}
