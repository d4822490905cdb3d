/**
 * Multi-table writes of membership (issue 11): adding, changing, removing a member and transferring
 * ownership. Each raises the world_version of the users whose worlds list changes, in the same transaction.
 */
import { ACCESS_MESSAGES, LIMITS, type MemberRole } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, forbidden } from '../../errors/app-error.js';
import { raiseMembersWorldVersion } from '../worlds/world.repository.js';
import type { WorldScope } from '../../access/world-scope.js';
import { requireMember } from './member.access.js';
import {
  type MemberRow,
  countMembers,
  deleteMember,
  findMember,
  findUserByNameOrEmail,
  insertMember,
  unassignCharacters,
  updateMemberRole,
} from './member.repository.js';

/**
 * Adds an existing account to the world.
 * @param user username or email.
 * @returns the new member.
 * @throws AppError 400 ACCESS_MESSAGES.userNotFound (field user); 409 alreadyMember; 409 when the world has
 * LIMITS.worldMembersMax members.
 */
export async function addMember(db: Db, scope: WorldScope, user: string, role: MemberRole): Promise<MemberRow> {
  const account = await findUserByNameOrEmail(db, user);
  if (!account) throw badRequest(ACCESS_MESSAGES.userNotFound, { user: ACCESS_MESSAGES.userNotFound });
  return joinWorld(db, scope.world.id, account.id, role);
}

/**
 * Makes an account a member with a role (an owner's add, or an accepted invitation).
 * @throws AppError 409 alreadyMember, or when the world is full.
 */
export async function joinWorld(db: Db, worldId: string, userId: string, role: MemberRole): Promise<MemberRow> {
  if (await findMember(db, worldId, userId)) throw conflict(ACCESS_MESSAGES.alreadyMember);
  if ((await countMembers(db, worldId)) >= LIMITS.worldMembersMax) {
    throw conflict(`A world can have at most ${LIMITS.worldMembersMax} members.`);
  }
  await insertMember(db, worldId, userId, role);
  await raiseMembersWorldVersion(db, worldId, [userId]);
  return requireMember(db, worldId, userId);
}

/**
 * Changes a member's role (not the owner's: ownership moves by transfer). A player who stops being one loses
 * their character assignments.
 * @throws AppError 404 'Member not found.'; 409 ownerRoleByTransfer for the owner.
 */
export async function changeMemberRole(db: Db, scope: WorldScope, userId: string, role: MemberRole): Promise<MemberRow> {
  const member = await requireMember(db, scope.world.id, userId);
  if (member.role === 'owner') throw conflict(ACCESS_MESSAGES.ownerRoleByTransfer);
  await updateMemberRole(db, scope.world.id, userId, role);
  if (role !== 'player') await unassignCharacters(db, scope.world.id, userId);
  await raiseMembersWorldVersion(db, scope.world.id, [userId]);
  return requireMember(db, scope.world.id, userId);
}

/**
 * Removes a member: the owner removes anyone else; any member removes themself (leaves). Their character
 * assignments go; reveals naming them stay inert (they no longer reach the world).
 * @throws AppError 404 'Member not found.'; 403 ownerOnly when a non-owner removes someone else; 409
 * ownerCannotLeave when the owner removes themself.
 */
export async function removeMember(db: Db, scope: WorldScope, userId: string): Promise<void> {
  const self = userId === scope.userId;
  if (!self && scope.role !== 'owner') throw forbidden(ACCESS_MESSAGES.ownerOnly);
  const member = await requireMember(db, scope.world.id, userId);
  if (member.role === 'owner') throw conflict(ACCESS_MESSAGES.ownerCannotLeave);
  await unassignCharacters(db, scope.world.id, userId);
  await deleteMember(db, scope.world.id, userId);
  await raiseMembersWorldVersion(db, scope.world.id, [userId]);
}

/**
 * Makes another member the owner; the old owner becomes an editor.
 * @throws AppError 404 'Member not found.' when the new owner is not a member; 400 when it is the owner already.
 */
export async function transferOwnership(db: Db, scope: WorldScope, userId: string): Promise<void> {
  if (userId === scope.userId) throw badRequest('You already own this world.', { userId: 'You already own this world.' });
  await requireMember(db, scope.world.id, userId);
  await unassignCharacters(db, scope.world.id, userId);
  await updateMemberRole(db, scope.world.id, userId, 'owner');
  await updateMemberRole(db, scope.world.id, scope.userId, 'editor');
  await raiseMembersWorldVersion(db, scope.world.id, [userId, scope.userId]);
}
