/** Queries on `invite_code` and `invite_request`. */
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { InviteRequestTable } from '../../db/tables/invite.table.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new code such as 'LF-7KQ2-M9XD-4TRP' (60 bits of randomness, no look-alike characters). */
function generateInviteCode(): string {
  const bytes = crypto.randomBytes(12);
  const chars = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `LF-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** Creates and stores a new unused invite code; returns it. */
export async function createInviteCode(db: Db): Promise<string> {
  const code = generateInviteCode();
  await db.insertInto('invite_code').values({ code, created_at: nowIso(), used_by: null, used_at: null }).execute();
  return code;
}

/** An unused code, if any (the oldest), for the first-start banner. */
export async function findUnusedInviteCode(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('invite_code').select('code').where('used_by', 'is', null).orderBy('created_at').executeTakeFirst();
  return row?.code;
}

/**
 * True when a code exists and is unused (read only; `consumeInviteCode` is what claims it).
 * @param code as typed: trimmed and upper-cased like `consumeInviteCode`.
 */
export async function isInviteCodeUsable(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('invite_code')
    .select('code')
    .where('code', '=', code.trim().toUpperCase())
    .where('used_by', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks a code used by a user, atomically.
 * @returns true when the code existed and was unused; false otherwise (nothing changes).
 */
export async function consumeInviteCode(db: Db, code: string, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('invite_code')
    .set({ used_by: userId, used_at: nowIso() })
    .where('code', '=', code.trim().toUpperCase())
    .where('used_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps a visitor's invite request. */
export async function insertInviteRequest(db: Db, name: string, email: string): Promise<void> {
  await db.insertInto('invite_request').values({ id: newId(), name, email, created_at: nowIso() }).execute();
}

/** Every invite request, oldest first. */
export function listInviteRequests(db: Db): Promise<InviteRequestTable[]> {
  return db.selectFrom('invite_request').selectAll().orderBy('created_at').execute();
}
