/**
 * Shared worlds (roles, members, world invitations) and secrets (visibility, reveals, GM notes): the shapes
 * server and web agree on. Who may see what is decided on the server from these values only.
 *
 * Roles inside a world:
 * - `owner` (exactly one): everything, including deleting the world, managing members and invitations.
 * - `editor` (co-author): creates, edits and deletes all content, sees every secret and GM note.
 * - `player`: reads what is not secret (or revealed to them); edits only the characters assigned to them,
 *   accepts quests for them and records progress on the quests they hold, and writes their own notes.
 * - `viewer`: reads what is not secret.
 */
import { z } from 'zod';
import { enumField, requiredText, uuidField } from './fields.js';
import { LIMITS } from './limits.js';
import { richTextField, richTextOutput } from './rich-text.js';
import { MEMBER_ROLES, VISIBILITIES, WORLD_ROLES } from './world-roles.js';

/**
 * Access fields accepted on create and update of every secret-capable entity (character, item, inventory
 * entry, goal, relationship, timeline, event, map, map point, map area, quest, objective, connection).
 * Only editors and the owner may send them; from anyone else they are a 403.
 * Absent on update means "keep as is"; absent on create means everyone / no reveals / no notes.
 */
export const AccessInputSchema = z.object({
  visibility: enumField('Visibility', VISIBILITIES)
    .optional()
    .describe("'everyone' (default) or 'editors' (a secret only editors and the owner see)."),
  revealedTo: z
    .array(uuidField('Revealed To'), { error: () => 'Revealed To must be a list of user ids.' })
    .max(LIMITS.revealedToMax)
    .optional()
    .describe('userIds of players who may see this secret although it is for editors (a player who found the clue).'),
  gmNotes: z
    .string({ error: () => 'GM Notes must be text.' })
    .max(LIMITS.textMax, `GM Notes must be no more than ${LIMITS.textMax} characters.`)
    .nullish()
    // As every optional text field (optionalText): '' means "no notes" and is kept as null; absent keeps them.
    .transform((value) => (value === '' ? null : value))
    .describe('Notes only editors and the owner see; empty clears them.'),
  gmNotesHtml: richTextField('GM Notes').describe(
    'GM notes as HTML (as descriptionHtml: sanitised on the server; when given, the plain gmNotes is derived from it). ' +
      "Mentions in it show under the mentioned entity's backlinks for editors and the owner only.",
  ),
});
export type AccessInput = z.input<typeof AccessInputSchema>;

/**
 * Access fields of every secret-capable entity in answers. For a reader who is not an editor,
 * `revealedTo` is [], `gmNotes` and `gmNotesHtml` are null (they never learn who else was shown a secret, nor its notes).
 */
export const AccessFieldsSchema = z.object({
  visibility: z.enum(VISIBILITIES),
  revealedTo: z.array(z.string()),
  gmNotes: z.string().nullable(),
  gmNotesHtml: richTextOutput().describe(
    'GM notes as sanitised HTML (mentions rendered for the reader); null for plain notes and for readers who are not editors.',
  ),
  createdBy: z.string().nullable().describe('userId of who created it (null for data older than shared worlds).'),
  updatedBy: z.string().nullable().describe('userId of who changed it last.'),
});
export type AccessFields = z.infer<typeof AccessFieldsSchema>;

/** A member of a world (GET /worlds/{worldId}/members). */
export const WorldMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  role: z.enum(WORLD_ROLES),
  joinedAt: z.string(),
});
export type WorldMember = z.infer<typeof WorldMemberSchema>;

/** POST /worlds/{worldId}/members: add an existing account by its username or email. */
export const MemberAddSchema = z.object({
  user: requiredText('User', { max: LIMITS.emailMax }).describe('Username or email of an existing account.'),
  role: enumField('Role', MEMBER_ROLES),
});
export type MemberAddInput = z.input<typeof MemberAddSchema>;

/** PATCH /worlds/{worldId}/members/{userId}: change a member's role. */
export const MemberUpdateSchema = z.object({ role: enumField('Role', MEMBER_ROLES) });
export type MemberUpdateInput = z.input<typeof MemberUpdateSchema>;

/** POST /worlds/{worldId}/transfer: make another member the owner (the old owner becomes an editor). */
export const OwnershipTransferSchema = z.object({ userId: uuidField('New Owner') });
export type OwnershipTransferInput = z.input<typeof OwnershipTransferSchema>;

/** POST /worlds/{worldId}/invitations: a link an account can accept to join with a role. */
export const WorldInvitationCreateSchema = z.object({
  role: enumField('Role', MEMBER_ROLES),
  maxUses: z
    .number({ error: () => 'Max Uses must be a number.' })
    .int('Max Uses must be a whole number.')
    .min(1, 'Max Uses must be at least 1.')
    .max(1000, 'Max Uses must be no more than 1000.')
    .nullish()
    .transform((value) => value ?? null)
    .describe('1 for a single-use link; null or absent for a link usable until revoked or expired.'),
  expiresAt: z.iso
    .datetime({ offset: true, error: () => 'Expires At must be a date and time such as 2026-12-31T23:59:00Z.' })
    .nullish()
    .transform((value) => value ?? null)
    .describe('When the link stops working (ISO 8601 with a zone); null for never.'),
});
export type WorldInvitationCreateInput = z.input<typeof WorldInvitationCreateSchema>;

/** A world invitation as its owner sees it. `code` is the secret part of the link /join/{code}. */
export const WorldInvitationSchema = z.object({
  invitationId: z.string(),
  worldId: z.string(),
  code: z.string(),
  role: z.enum(MEMBER_ROLES),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type WorldInvitation = z.infer<typeof WorldInvitationSchema>;

/** GET /world-invitations/{code}: what a signed-in account is invited to, before accepting. */
export const WorldInvitationPreviewSchema = z.object({
  worldId: z.string(),
  worldName: z.string(),
  ownerUsername: z.string(),
  role: z.enum(MEMBER_ROLES),
  alreadyMember: z.boolean(),
});
export type WorldInvitationPreview = z.infer<typeof WorldInvitationPreviewSchema>;
