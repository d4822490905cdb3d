/**
 * Queries on `member_note` (issue 11, a member's own notes). Every read is limited to one author, and to notes
 * whose target the reader may still see: the world itself, or an entity of the world that exists and passes
 * the visibility rule (access/visibility.ts). Every function takes `db` first so it runs in a
 * transaction too.
 */
import { type SqlBool, sql } from 'kysely';
import type { NoteTargetType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { MemberNoteTable } from '../../db/tables/member-note.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import { isVisible, visibleCondition } from '../../access/visibility.js';
import type { ReadScope, WorldScope } from '../../access/world-scope.js';

/** Entity kinds a note can be on (every target type but the world). */
export type NoteEntityType = Exclude<NoteTargetType, 'world'>;

/** The scope a note read needs: the world, the author (the signed-in user) and who reads (for visibility). */
export type NoteScope = Pick<WorldScope, 'world' | 'userId' | 'viewer' | 'seesSecrets'>;

/** `exists` a row of the target's table in the world that the reader may see. */
function targetVisible(scope: ReadScope, type: NoteEntityType, worldId: string) {
  const rule = visibleCondition(scope, type, 'noted') ?? sql<SqlBool>`true`;
  return sql<SqlBool>`(member_note.entity_type = ${type} and exists (select 1 from ${sql.table(type)} as noted where noted.id = member_note.entity_id and noted.world_id = ${worldId} and ${rule}))`;
}

const ENTITY_TYPES: readonly NoteEntityType[] = ['character', 'item', 'quest', 'event', 'timeline', 'map', 'goal'];

/** The author's notes of the scope's world whose target the reader may see. */
function ownVisibleNotes(db: Db, scope: NoteScope) {
  const kinds = [
    sql<SqlBool>`member_note.entity_type = 'world'`,
    ...ENTITY_TYPES.map((type) => targetVisible(scope, type, scope.world.id)),
  ];
  return db
    .selectFrom('member_note')
    .selectAll('member_note')
    .where('member_note.world_id', '=', scope.world.id)
    .where('member_note.author_id', '=', scope.userId)
    .where(sql<SqlBool>`(${sql.join(kinds, sql` or `)})`);
}

/**
 * Whether the entity exists in the scope's world and its reader may see it (a note's target).
 * @returns false for a missing or hidden entity alike.
 */
export async function isNoteTargetVisible(db: Db, scope: NoteScope, type: NoteEntityType, id: string): Promise<boolean> {
  const row = await db.selectFrom(type).select('id').where('id', '=', id).where('world_id', '=', scope.world.id).executeTakeFirst();
  return row !== undefined && (await isVisible(db, scope, type, id));
}

/**
 * One page of the author's notes, newest first by default, optionally of one target.
 * @returns the page and its pagination (exact totals).
 * @throws AppError 400 for an unknown sort field or a malformed cursor.
 */
export function listNotes(
  db: Db,
  scope: NoteScope,
  params: ListParams & { entityType?: NoteTargetType | undefined; entityId?: string | undefined },
): Promise<ListResult<MemberNoteTable>> {
  let query = ownVisibleNotes(db, scope);
  if (params.entityType) query = query.where('member_note.entity_type', '=', params.entityType);
  if (params.entityId) query = query.where('member_note.entity_id', '=', params.entityId.toLowerCase());
  return paginate({
    query,
    sortColumns: timestampSortColumns('member_note'),
    idColumn: 'member_note.id',
    searchColumns: ['member_note.body'],
    params,
  });
}

/** The author's note with this id, when its target is still visible to the reader; else undefined. */
export function findNote(db: Db, scope: NoteScope, noteId: string): Promise<MemberNoteTable | undefined> {
  return ownVisibleNotes(db, scope).where('member_note.id', '=', noteId).executeTakeFirst();
}

/** How many notes the author keeps in the world (every target, seen or not). */
export async function countAuthorNotes(db: Db, worldId: string, authorId: string): Promise<number> {
  const row = await db
    .selectFrom('member_note')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('world_id', '=', worldId)
    .where('author_id', '=', authorId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Inserts a note. */
export async function insertNote(db: Db, note: MemberNoteTable): Promise<void> {
  await db.insertInto('member_note').values(note).execute();
}

/** Replaces a note's text and version. */
export async function updateNoteBody(db: Db, noteId: string, body: string, updatedAt: string): Promise<void> {
  await db.updateTable('member_note').set({ body, updated_at: updatedAt }).where('id', '=', noteId).execute();
}

/** Deletes a note. */
export async function deleteNote(db: Db, noteId: string): Promise<void> {
  await db.deleteFrom('member_note').where('id', '=', noteId).execute();
}
