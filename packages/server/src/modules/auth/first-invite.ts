import type { Db } from '../../db/database.js';
import { countUsers } from './user.repository.js';
import { createInviteCode, findUnusedInviteCode } from '../invites/invite.repository.js';

/**
 * On a start with no accounts, makes sure an unused invite code exists so the first person can register.
 * @returns that code, or undefined when accounts already exist.
 */
export async function ensureFirstInvite(db: Db): Promise<string | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  return (await findUnusedInviteCode(db)) ?? (await createInviteCode(db));
}
