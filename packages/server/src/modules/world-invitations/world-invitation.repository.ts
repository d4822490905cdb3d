/** Queries on `world_invitation` (issue 11): links an account accepts to join a world with a role. */
import type { Db } from '../../db/database.js';
import type { WorldInvitationTable } from '../../db/tables/world-member.table.js';

/** Inserts an invitation. */
export async function insertInvitation(db: Db, row: WorldInvitationTable): Promise<void> {
  await db.insertInto('world_invitation').values(row).execute();
}

/** A world's invitations, newest first (revoked ones included, so the owner sees what was revoked). */
export function listInvitations(db: Db, worldId: string): Promise<WorldInvitationTable[]> {
  return db
    .selectFrom('world_invitation')
    .selectAll()
    .where('world_id', '=', worldId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One invitation of a world, or undefined. */
export function findInvitation(db: Db, worldId: string, invitationId: string): Promise<WorldInvitationTable | undefined> {
  return db.selectFrom('world_invitation').selectAll().where('world_id', '=', worldId).where('id', '=', invitationId).executeTakeFirst();
}

/** Marks an invitation revoked (kept for the record; it no longer works). */
export async function revokeInvitation(db: Db, invitationId: string, now: string): Promise<void> {
  await db
    .updateTable('world_invitation')
    .set({ revoked_at: now })
    .where('id', '=', invitationId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A usable invitation by its code with its world's name and owner, or undefined (missing, revoked, expired, used up). */
export function findUsableInvitation(db: Db, code: string, now: string) {
  return db
    .selectFrom('world_invitation')
    .innerJoin('world', 'world.id', 'world_invitation.world_id')
    .innerJoin('world_member', (join) => join.onRef('world_member.world_id', '=', 'world.id').on('world_member.role', '=', 'owner'))
    .innerJoin('user', 'user.id', 'world_member.user_id')
    .select([
      'world_invitation.id',
      'world_invitation.world_id',
      'world_invitation.role',
      'world.name as world_name',
      'user.username as owner_username',
    ])
    .where('world_invitation.code', '=', code)
    .where('world_invitation.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('world_invitation.expires_at', 'is', null), eb('world_invitation.expires_at', '>', now)]))
    .where((eb) =>
      eb.or([eb('world_invitation.max_uses', 'is', null), eb('world_invitation.uses', '<', eb.ref('world_invitation.max_uses'))]),
    )
    .executeTakeFirst();
}

/**
 * Counts one use of an invitation if it is still usable, in one statement (two accounts accepting the last
 * use of a single-use link at once: one wins).
 * @returns whether the use was counted.
 */
export async function claimInvitationUse(db: Db, invitationId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('world_invitation')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', invitationId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
