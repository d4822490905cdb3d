/**
 * The timeline engine's data model (issue 5, docs/timeline-engine.md): the start state of a world, the events of a
 * timeline and its ancestors, the state they produce, what each event changed, and the problems found on the way.
 * Everything here is plain data; the engine never does I/O.
 */

/** A JSON value as stored in attributes and change fields. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
/** A JSON object (a character's attributes). */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** The three change fields of an event, by their API names. */
export type ChangeField = 'characterAttributeChanges' | 'inventoryChanges' | 'relationshipChanges';
export const CHANGE_FIELDS: readonly ChangeField[] = ['characterAttributeChanges', 'inventoryChanges', 'relationshipChanges'];

/** How many of an item a character holds, and whether it is equipped. Never mutated once built. */
export interface Holding {
  readonly quantity: number;
  readonly equipped: boolean;
}

/** A relationship's values (SPEC §3 Relationship, without ids). Never mutated once built. */
export interface RelationshipValues {
  readonly relationshipType: string;
  readonly description: string | null;
  readonly affinity: number;
  readonly powerBalance: number;
  readonly trustLevel: number;
  readonly communicationStyle: string | null;
  readonly pastInteractions: string | null;
  readonly currentGoalAlignment: string | null;
  readonly dependenceLevel: string | null;
}

/**
 * One character's state at a moment. Read-only: states are shared between snapshots (and characters without
 * an inventory or relationships share one empty map); the replay writes only to its own copies
 * (`WritableCharacterState`, from `StateDraft.write`).
 */
export interface CharacterState {
  readonly attributes: JsonObject;
  /** itemId → holding; an item held in quantity 0 is absent. */
  readonly inventory: ReadonlyMap<string, Holding>;
  /** targetCharacterId → values of the relationship from this character to the target. */
  readonly relationships: ReadonlyMap<string, RelationshipValues>;
}

/** A character's state owned by one replay step, which may change it in place. */
export interface WritableCharacterState extends CharacterState {
  readonly inventory: Map<string, Holding>;
  readonly relationships: Map<string, RelationshipValues>;
}

/** A world's state at a moment: characterId → state. Treat as read-only; the engine shares unchanged parts. */
export type WorldState = ReadonlyMap<string, CharacterState>;

/**
 * The stored state of some characters of a world: what a replay starts from. A replay holds only the characters
 * its events name (its cast); any other character's stored state is its state at every moment and is read from
 * the database when an answer needs it. In-memory tests may pass every character of a world.
 */
export interface StartState {
  /** characterId → stored attributes, inventory and relationships; a character absent here does not exist for the replay. */
  characters: Map<string, CharacterState>;
  /** Names of these characters and of the characters their relationships point at. */
  characterNames: Map<string, string>;
  /** Names of the items asked for that exist, and of the items these characters hold; an item named by an event and absent here does not exist. */
  itemNames: Map<string, string>;
}

/** An event as the engine reads it; the change fields are the stored JSON values (anything, or null). */
export interface EngineEvent {
  id: string;
  timelineId: string;
  name: string;
  /** ISO 8601 UTC on a Gregorian timeline; on one with its own calendar, a sort key of the instant. */
  dateTime: string;
  /**
   * Minutes since the calendar's epoch (issue 12): what orders events. Absent or null: read from dateTime
   * (Gregorian ISO 8601).
   */
  instant?: bigint | null;
  /** ISO 8601 UTC; breaks ties between events at the same dateTime. */
  createdAt: string;
  characterAttributeChanges: unknown;
  inventoryChanges: unknown;
  relationshipChanges: unknown;
}

/**
 * What a replay keeps of an event once its changes are read (`PlannedEvent.parsed`): what answers and issues show.
 * A cached replay holds one per event, so it leaves out the change fields and `createdAt` (used only to sort).
 */
export type EventSummary = Pick<EngineEvent, 'id' | 'timelineId' | 'name' | 'dateTime' | 'instant'>;

/** A timeline as the engine reads it. */
export interface EngineTimeline {
  id: string;
  name: string;
  /** The timeline's "now" (ISO 8601 UTC): the default moment of a state. */
  currentDateTime: string;
  /** The "now" as minutes since the calendar's epoch; absent or null: read from currentDateTime. */
  currentInstant?: bigint | null;
  parentTimelineId: string | null;
  branchingEventId: string | null;
}

/** A timeline with its own events, in any order (the engine sorts them). */
export interface TimelineEvents {
  timeline: EngineTimeline;
  events: EngineEvent[];
}

/** Kinds of consistency problems (the list of issue 5, plus the format ones). */
export type IssueKind =
  | 'freeFormChanges'
  | 'invalidChange'
  | 'missingCharacter'
  | 'missingItem'
  | 'quantityBelowZero'
  | 'quantityAboveMax'
  | 'equippedNotHeld'
  | 'selfRelationship'
  | 'relationshipExists'
  | 'relationshipMissing'
  | 'attributePathBlocked'
  | 'attributeNotNumber'
  | 'attributeNumberOutOfRange'
  | 'scoreOutOfRange'
  | 'eventBeforeBranchPoint'
  | 'invalidDateTime'
  | 'branchingEventMissing'
  | 'objectiveCompletedQuestNotActive';

/** One consistency problem; eventId is null for problems of a timeline or quest rather than an event. */
export interface EngineIssue {
  kind: IssueKind;
  eventId: string | null;
  timelineId: string | null;
  /** `inventoryChanges.changes[2]` or a field name; null when not about a change entry. */
  location: string | null;
  message: string;
  /** The character the problem concerns, when there is one. */
  characterId: string | null;
}

/** One change an event applied, with the values before and after (null: absent). */
export type AppliedChange =
  | { kind: 'attribute'; characterId: string; path: string; before: JsonValue | null; after: JsonValue | null }
  | { kind: 'inventory'; characterId: string; itemId: string; before: Holding | null; after: Holding | null }
  | {
      kind: 'relationship';
      characterId: string;
      targetCharacterId: string;
      before: RelationshipValues | null;
      after: RelationshipValues | null;
    };
