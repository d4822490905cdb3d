/** Queries on `world_member` (issue 11 shared worlds): who belongs to a world, with which role. */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';

/** A member with their username. */
export interface MemberRow {
  user_id: string;
  username: string;
  role: string;
  created_at: string;
}

const memberColumns = ['world_member.user_id', 'user.username', 'world_member.role', 'world_member.created_at'] as const;

/** Every member of a world, the owner first, then by when they joined. */
export function listMembers(db: Db, worldId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('world_member')
    .innerJoin('user', 'user.id', 'world_member.user_id')
    .select(memberColumns)
    .where('world_member.world_id', '=', worldId)
    .orderBy(sql`case when world_member.role = 'owner' then 0 else 1 end`)
    .orderBy('world_member.created_at')
    .orderBy('world_member.user_id')
    .execute();
}

/** One member of a world, or undefined. */
export function findMember(db: Db, worldId: string, userId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('world_member')
    .innerJoin('user', 'user.id', 'world_member.user_id')
    .select(memberColumns)
    .where('world_member.world_id', '=', worldId)
    .where('world_member.user_id', '=', userId)
    .executeTakeFirst();
}

/** Number of members of a world (the owner included). */
export async function countMembers(db: Db, worldId: string): Promise<number> {
  const row = await db
    .selectFrom('world_member')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('world_id', '=', worldId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The account with this username or email (any case), or undefined. */
export function findUserByNameOrEmail(db: Db, text: string): Promise<{ id: string } | undefined> {
  const lower = text.trim().toLowerCase();
  return db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', lower), eb(sql`lower(username)`, '=', lower)]))
    .executeTakeFirst();
}

/** Adds a member. */
export async function insertMember(db: Db, worldId: string, userId: string, role: string): Promise<void> {
  const now = nowIso();
  await db.insertInto('world_member').values({ world_id: worldId, user_id: userId, role, created_at: now, updated_at: now }).execute();
}

/** Changes a member's role. */
export async function updateMemberRole(db: Db, worldId: string, userId: string, role: string): Promise<void> {
  await db
    .updateTable('world_member')
    .set({ role, updated_at: nowIso() })
    .where('world_id', '=', worldId)
    .where('user_id', '=', userId)
    .execute();
}

/** Removes a member. @returns whether a row was removed. */
export async function deleteMember(db: Db, worldId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('world_member').where('world_id', '=', worldId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Unassigns a user's characters in a world (they left or are no longer a player). Raises the world's
 * content version through the character triggers, so no cached answer names them any more.
 */
export async function unassignCharacters(db: Db, worldId: string, userId: string): Promise<void> {
  await db
    .updateTable('character')
    .set({ assigned_to: null, updated_at: nowIso() })
    .where('world_id', '=', worldId)
    .where('assigned_to', '=', userId)
    .execute();
}
