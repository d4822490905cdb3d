/**
 * The plain values of shared worlds (roles, visibilities, the view-as header, their messages), apart from the
 * schemas of access.ts so that a client reading them does not load zod. See access.ts for what each role may do.
 */

/** Every role a member of a world can have. */
export const WORLD_ROLES = ['owner', 'editor', 'player', 'viewer'] as const;
export type WorldRole = (typeof WORLD_ROLES)[number];

/** Roles the owner can give (ownership moves only by transfer). */
export const MEMBER_ROLES = ['editor', 'player', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Roles that see every secret and GM note, and may write all content. */
export const EDITOR_ROLES: readonly WorldRole[] = ['owner', 'editor'];

/** Whether a role sees secrets and may write all content of the world. */
export const isEditorRole = (role: WorldRole): boolean => role === 'owner' || role === 'editor';

/** Who may see an entity: `everyone` in the world (default) or its `editors` only (a secret). */
export const VISIBILITIES = ['everyone', 'editors'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * Request header with which an editor or the owner reads the world exactly as one of its players or viewers
 * sees it ("view as player"). Its value is that member's userId. Ignored on writes: a write is always made as
 * the signed-in user. A value that is not a player or viewer of the world is a 400.
 */
export const VIEW_AS_HEADER = 'x-view-as';

/** Messages of shared worlds. */
export const ACCESS_MESSAGES = {
  forbidden: 'Your role in this world does not allow this.',
  ownerOnly: "Only the world's owner can do this.",
  editorsOnly: "Only the world's editors can do this.",
  accessFieldsEditorsOnly: 'Only editors can set Visibility, Revealed To or GM Notes.',
  userNotFound: 'No account has that username or email.',
  alreadyMember: 'This account is already a member of the world.',
  ownerRoleByTransfer: "The owner's role changes only by transferring ownership to another member.",
  ownerCannotLeave: 'The owner cannot leave the world. Transfer ownership to another member first.',
  invitationInvalid: 'This invitation link is not valid, has expired or has been used up.',
  viewAsNotMember: 'View as: that account is not a player or viewer of this world.',
  revealedToNotPlayer: 'Revealed To must name players of this world.',
  assignedToNotPlayer: 'Assigned To must be a player of this world.',
  questForOwnCharacter: 'Players accept a quest only for a character assigned to them: choose your character.',
  questNotYours: 'Players record progress only on quests their character has accepted.',
} as const;
