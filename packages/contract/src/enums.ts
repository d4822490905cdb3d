/** Closed lists of values from SPEC §3–§5, as const tuples usable by zod and by select inputs. */

/** SPEC §3 goal types. */
export const GOAL_TYPES = ['Primary', 'Secondary', 'Personal', 'PlotDriven'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** SPEC §4 goal statuses, with their Bootstrap badge variants. */
export const GOAL_STATUSES = ['Pending', 'InProgress', 'Completed', 'Failed', 'Abandoned'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export const GOAL_STATUS_BADGE: Record<GoalStatus, string> = {
  Pending: 'secondary',
  InProgress: 'primary',
  Completed: 'success',
  Failed: 'danger',
  Abandoned: 'warning',
};

/** SPEC §4 quest statuses. */
export const QUEST_STATUSES = ['pending', 'active', 'completed', 'failed'] as const;
export type QuestStatus = (typeof QUEST_STATUSES)[number];

/** SPEC §5 relationship types, spelled as the spec spells them. Default: Stranger. */
export const RELATIONSHIP_TYPES = [
  'Stranger',
  'Parent to',
  'Child of',
  'Sibling of',
  'immediate_family_general',
  'extended_family',
  'like_family',
  'friend',
  'distant friend',
  'acquaintence',
  'aware of',
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

/** SPEC §5 communication styles. */
export const COMMUNICATION_STYLES = ['Open', 'Reserved', 'Deceptive', 'Manipulative', 'functional', 'mute'] as const;
export type CommunicationStyle = (typeof COMMUNICATION_STYLES)[number];

/** Entity kinds a connection may join, and a map point may link to. */
export const CONNECTABLE_TYPES = ['character', 'item', 'timeline', 'event', 'map', 'quest', 'goal'] as const;
export type ConnectableType = (typeof CONNECTABLE_TYPES)[number];
export const POINT_ENTITY_TYPES = ['character', 'item'] as const;
export type PointEntityType = (typeof POINT_ENTITY_TYPES)[number];

/** Sort directions of the generic list (SPEC §4). */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Inventory slot filter (SPEC §7 inventory list). */
export const SLOT_FILTERS = ['all', 'equipped', 'unequipped'] as const;
export type SlotFilter = (typeof SLOT_FILTERS)[number];

/** Machine-readable error codes: the closed union every error response's `code` comes from. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  /** 503: the database is away for now (restarting, failing over, not answering); retry after `Retry-After`. */
  'SERVICE_UNAVAILABLE',
  /** 507: the database's disk is full; writes fail until space is freed. */
  'INSUFFICIENT_STORAGE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Entity types that have a name (a goal's title): what the world search finds by name and a mention may name. */
export const NAMED_ENTITY_TYPES = ['character', 'item', 'quest', 'event', 'timeline', 'map', 'mapPoint', 'mapArea', 'goal'] as const;

/** Entity types a mention may name: every named type the world search finds. */
export const MENTION_ENTITY_TYPES = NAMED_ENTITY_TYPES;
export type MentionEntityType = (typeof MENTION_ENTITY_TYPES)[number];

/**
 * Entity types of an export bundle (`bundle.ts`), in the order an import creates them (a record only names records of earlier
 * types or of its own). Kept here, without zod, for the import summary of the home page.
 */
export const BUNDLE_ENTITY_TYPES = [
  'calendars',
  'characters',
  'items',
  'inventory',
  'goals',
  'relationships',
  'timelines',
  'events',
  'maps',
  'mapPoints',
  'mapAreas',
  'quests',
  'objectives',
  'connections',
  'tags',
] as const;
export type BundleEntityType = (typeof BUNDLE_ENTITY_TYPES)[number];
