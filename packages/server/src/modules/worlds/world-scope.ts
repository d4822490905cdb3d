/**
 * Who may see and do what in a world: the one value every world-scoped route reads from and writes with.
 * `resolveWorldScope` turns (world, signed-in user, optional view-as header) into a `WorldScope`, once per
 * request (world-scope.plugin.ts). Repositories take it right after `db`, so a read without a scope does not
 * type-check; visibility.ts turns it into SQL.
 */
import { ACCESS_MESSAGES, type WorldRole, isEditorRole } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { WorldTable } from '../../db/tables/world.table.js';
import { badRequest, forbidden, notFound } from '../../errors/app-error.js';
import { compiledQuery } from '../../lib/compiled-query.js';

/** The reader answers are built for: the signed-in member, or the member an editor views the world as. */
export interface Viewer {
  userId: string;
  role: WorldRole;
}

/** A request's access to one world (resolved once per request, never from the body). */
export interface WorldScope {
  /** The world row as read when the scope was resolved (its content_version keys the caches). */
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

const selectMembership = compiledQuery((db, worldId: string, userId: string) =>
  db
    .selectFrom('world')
    .innerJoin('world_member', 'world_member.world_id', 'world.id')
    .selectAll('world')
    .select('world_member.role as member_role')
    .where('world.id', '=', worldId)
    .where('world_member.user_id', '=', userId),
);

const selectMemberRole = compiledQuery((db, worldId: string, userId: string) =>
  db.selectFrom('world_member').select('role').where('world_id', '=', worldId).where('user_id', '=', userId),
);

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
 * @returns the scope.
 * @throws AppError 404 'World not found.' when the world is missing or the user is not a member (the same
 * answer, so a non-member never learns that a world exists); 403 when someone other than an editor or the
 * owner sends `x-view-as`; 400 ACCESS_MESSAGES.viewAsNotMember when its value is not a player or viewer of
 * the world.
 */
export async function resolveWorldScope(db: Db, worldId: string, userId: string, viewAs?: string): Promise<WorldScope> {
  const [row] = await selectMembership(db, worldId, userId);
  if (!row) throw notFound('World');
  const { member_role: memberRole, ...world } = row;
  const role = memberRole as WorldRole;
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
