/** The member lookup of the member routes. */
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors/app-error.js';
import { type MemberRow, findMember } from './member.repository.js';

/**
 * Loads a member of a world.
 * @throws AppError 404 'Member not found.' when that account is not a member.
 */
export async function requireMember(db: Db, worldId: string, userId: string): Promise<MemberRow> {
  const member = await findMember(db, worldId, userId);
  if (!member) throw notFound('Member');
  return member;
}
