/** Lookups of the world invitation routes. */
import { ACCESS_MESSAGES } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { WorldInvitationTable } from '../../db/tables/world-member.table.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { findInvitation, findUsableInvitation } from './world-invitation.repository.js';

/**
 * Loads an invitation of a world (for its owner).
 * @throws AppError 404 'Invitation not found.'.
 */
export async function requireInvitation(db: Db, worldId: string, invitationId: string): Promise<WorldInvitationTable> {
  const invitation = await findInvitation(db, worldId, invitationId);
  if (!invitation) throw notFound('Invitation');
  return invitation;
}

/** The 404 of a code that does not work, whatever the reason (unknown, revoked, expired, used up). */
export const invitationInvalid = (): AppError => new AppError(404, 'NOT_FOUND', ACCESS_MESSAGES.invitationInvalid);

/**
 * Loads a usable invitation by code.
 * @throws AppError 404 ACCESS_MESSAGES.invitationInvalid when the code is unknown, revoked, expired or used
 * up (one answer for all, so a guesser learns nothing).
 */
export async function requireUsableInvitation(db: Db, code: string, now: string) {
  const invitation = await findUsableInvitation(db, code, now);
  if (!invitation) throw invitationInvalid();
  return invitation;
}
