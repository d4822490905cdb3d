/**
 * Queries and answers of the timeline engine (issue 5, docs/timeline-engine.md): a world's state on a timeline at a
 * moment, a character's history, two timelines compared, an item's provenance and a timeline's consistency issues.
 */
import { z } from 'zod';
import { optionalDateTimeField, optionalUuidField, uuidField } from './fields.js';
import { PaginationSchema } from './list.js';
import * as m from './messages.js';

/** Kinds of consistency issues the engine reports. */
export const ENGINE_ISSUE_KINDS = [
  'freeFormChanges',
  'invalidChange',
  'missingCharacter',
  'missingItem',
  'quantityBelowZero',
  'quantityAboveMax',
  'equippedNotHeld',
  'selfRelationship',
  'relationshipExists',
  'relationshipMissing',
  'attributePathBlocked',
  'attributeNotNumber',
  'attributeNumberOutOfRange',
  'scoreOutOfRange',
  'eventBeforeBranchPoint',
  'invalidDateTime',
  'branchingEventMissing',
  'objectiveCompletedQuestNotActive',
] as const;
export type EngineIssueKind = (typeof ENGINE_ISSUE_KINDS)[number];

/** Largest page of characters the state route answers (`limit`). */
export const STATE_PAGE_MAX = 1000;
/** Page size of the state route when `page` or `search` is given without `limit`. */
export const STATE_PAGE_DEFAULT = 20;

/** An optional whole-number query parameter within [min, max]; absent or '' is null. */
const optionalIntParam = (label: string, min: number, max: number) =>
  z
    .preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.coerce
        .number({ error: () => m.mustBeNumber(label) })
        .int(m.mustBeWholeNumber(label))
        .min(min, m.atLeast(label, min))
        .max(max, m.noMoreThan(label, max))
        .optional(),
    )
    .transform((value) => value ?? null);

const calendarDateTextParam = (label: string) =>
  z
    .string({ error: () => m.mustBeText(label) })
    .max(300, m.maxLength(label, 300))
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));

const instantParam = (label: string) =>
  z
    .string({ error: () => `${label} must be a whole number of minutes.` })
    .regex(/^-?\d{1,20}$/, `${label} must be a whole number of minutes.`)
    .nullish()
    .transform((value) => value ?? null);

export const TimelineStateQuerySchema = z.object({
  at: optionalDateTimeField('at').describe("The moment (ISO 8601). Default: the timeline's currentDateTime."),
  instant: instantParam('instant').describe(
    "Instead of at: the moment as an instant of the timeline's calendar (minutes since its epoch), for timelines with their own calendar.",
  ),
  date: calendarDateTextParam('date').describe(
    "Instead of at: the moment as a date of the timeline's calendar, YEAR-MONTH-DAY[THH:MM][ ERA] (MONTH a number or a name): 1492-Flamerule-30 DR.",
  ),
  eventId: optionalUuidField('eventId').describe(
    'Instead of at: the state just after this event of the timeline (or of its history before its branch point).',
  ),
  characterId: optionalUuidField('characterId').describe('Only this character.'),
  search: z
    .string({ error: () => m.mustBeText('search') })
    .max(200, m.maxLength('search', 200))
    .nullish()
    .transform((value) => value ?? null)
    .describe('Only characters whose name contains this text (case-insensitive). Pages the answer.'),
  page: optionalIntParam('page', 1, 1_000_000_000).describe('Page of characters, starting at 1 (default 1). Pages the answer.'),
  limit: optionalIntParam('limit', 1, STATE_PAGE_MAX).describe(
    `Characters per page, 1 to ${STATE_PAGE_MAX} (default ${STATE_PAGE_DEFAULT}). Pages the answer.`,
  ),
});
export type TimelineStateQuery = z.input<typeof TimelineStateQuerySchema>;

export const CharacterHistoryQuerySchema = z.object({
  timelineId: uuidField('timelineId').describe('The timeline whose events (with its history before its branch point) are read.'),
});

export const TimelineDiffQuerySchema = z.object({
  against: uuidField('against').describe("The other timeline (say the branch's parent)."),
  at: optionalDateTimeField('at').describe("The moment (ISO 8601). Default: the first timeline's currentDateTime."),
  instant: instantParam('instant').describe("Instead of at: an instant of the first timeline's calendar (minutes since its epoch)."),
  date: calendarDateTextParam('date').describe(
    "Instead of at: a date of the first timeline's calendar, YEAR-MONTH-DAY[THH:MM][ ERA] (MONTH a number or a name).",
  ),
  characterId: optionalUuidField('characterId').describe('Only this character.'),
});

export const ItemProvenanceQuerySchema = z.object({
  timelineId: uuidField('timelineId').describe('The timeline whose events are read.'),
});

export const HoldingStateSchema = z.object({
  quantity: z.number().int(),
  equipped: z.boolean(),
});

const relationshipValueFields = {
  relationshipType: z.string(),
  description: z.string().nullable(),
  affinity: z.number().int(),
  powerBalance: z.number().int(),
  trustLevel: z.number().int(),
  communicationStyle: z.string().nullable(),
  pastInteractions: z.string().nullable(),
  currentGoalAlignment: z.string().nullable(),
  dependenceLevel: z.string().nullable(),
};
export const RelationshipValuesStateSchema = z.object(relationshipValueFields);

export const CharacterStateSchema = z.object({
  characterId: z.string(),
  name: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  inventory: z.array(z.object({ itemId: z.string(), name: z.string().nullable(), quantity: z.number().int(), equipped: z.boolean() })),
  relationships: z.array(
    z.object({
      targetCharacterId: z.string(),
      targetCharacterName: z.string().nullable(),
      ...relationshipValueFields,
    }),
  ),
});
export type CharacterState = z.infer<typeof CharacterStateSchema>;

const changeBase = { characterId: z.string(), characterName: z.string().nullable() };
export const AppliedChangeSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('attribute'), ...changeBase, path: z.string(), before: z.unknown(), after: z.unknown() })
    .describe('An attribute by dotted path; null before/after means absent.'),
  z
    .object({
      kind: z.literal('inventory'),
      ...changeBase,
      itemId: z.string(),
      itemName: z.string().nullable(),
      before: HoldingStateSchema.nullable(),
      after: HoldingStateSchema.nullable(),
    })
    .describe('A holding; null means not held.'),
  z
    .object({
      kind: z.literal('relationship'),
      ...changeBase,
      targetCharacterId: z.string(),
      targetCharacterName: z.string().nullable(),
      before: RelationshipValuesStateSchema.nullable(),
      after: RelationshipValuesStateSchema.nullable(),
    })
    .describe('A relationship from the character to the target; null means none.'),
]);
export type AppliedChange = z.infer<typeof AppliedChangeSchema>;

export const EngineIssueSchema = z.object({
  kind: z.enum(ENGINE_ISSUE_KINDS),
  message: z.string(),
  eventId: z.string().nullable(),
  eventName: z.string().nullable(),
  dateTime: z.string().nullable(),
  timelineId: z.string().nullable(),
  location: z.string().nullable().describe("The change entry concerned, e.g. 'inventoryChanges.changes[2]'."),
  characterId: z.string().nullable(),
});
export type EngineIssue = z.infer<typeof EngineIssueSchema>;

/** How answers date a moment besides ISO 8601 (issue 12): its instant and its words in the timeline's calendar. */
const calendarMomentFields = {
  instant: z.string().nullable().describe("Minutes since the calendar's epoch, as digits (null when not known)."),
  formattedDate: z.string().nullable().describe("The moment in the words of the timeline's calendar (null when not known)."),
};

export const EventSummarySchema = z.object({
  eventId: z.string(),
  name: z.string(),
  dateTime: z.string().nullable().describe('ISO 8601 on a Gregorian timeline; null on a timeline with its own calendar.'),
  ...calendarMomentFields,
  timelineId: z.string(),
});

export const TimelineStateSchema = z.object({
  timelineId: z.string(),
  at: z
    .string()
    .nullable()
    .describe('The moment asked for (ISO 8601), or null when the state is just after an event or the timeline keeps its own calendar.'),
  ...calendarMomentFields,
  eventCount: z.number().int().describe('How many events (including inherited ones before the branch point) took effect.'),
  lastEvent: EventSummarySchema.extend({ changes: z.array(AppliedChangeSchema) })
    .nullable()
    .describe('The last event that took effect, with what it changed.'),
  characters: z
    .array(CharacterStateSchema)
    .describe('Every character in stored order; with search, page or limit, one page of them ordered by name, then id.'),
  pagination: PaginationSchema.optional().describe(
    'Present when search, page or limit is given: the page answered (nextCursor is always null; ask by page).',
  ),
});
export type TimelineState = z.infer<typeof TimelineStateSchema>;

export const CharacterHistorySchema = z.object({
  characterId: z.string(),
  timelineId: z.string(),
  data: z.array(EventSummarySchema.extend({ changes: z.array(AppliedChangeSchema), issues: z.array(EngineIssueSchema) })),
});
export type CharacterHistory = z.infer<typeof CharacterHistorySchema>;

export const TimelineDiffSchema = z.object({
  timelineId: z.string(),
  againstTimelineId: z.string(),
  at: z.string().nullable().describe('The moment compared (ISO 8601); null when the first timeline keeps its own calendar.'),
  ...calendarMomentFields,
  differences: z.array(
    z.object({
      characterId: z.string(),
      characterName: z.string().nullable(),
      area: z.enum(['character', 'attribute', 'inventory', 'relationship']),
      subjectId: z.string().nullable().describe('The item or relationship target, for inventory and relationship rows.'),
      subjectName: z.string().nullable(),
      field: z.string().describe("An attribute's dotted path, or quantity, equipped, exists, affinity…"),
      value: z.unknown().describe('On the first timeline (null: absent).'),
      against: z.unknown().describe('On the other timeline (null: absent).'),
    }),
  ),
});
export type TimelineDiff = z.infer<typeof TimelineDiffSchema>;

export const ItemProvenanceSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  timelineId: z.string(),
  periods: z.array(
    z.object({
      characterId: z.string(),
      characterName: z.string().nullable(),
      fromEventId: z.string().nullable().describe('null: held from the start.'),
      from: z
        .string()
        .nullable()
        .describe("The starting event's dateTime (a sort key of its instant on a timeline with its own calendar)."),
      fromInstant: z
        .string()
        .nullable()
        .describe("The starting event's instant (minutes since the calendar's epoch); null: from the start."),
      fromFormatted: z.string().nullable().describe("The starting event's date in the timeline's calendar; null: from the start."),
      toEventId: z.string().nullable().describe('null: still held at the end of the timeline.'),
      to: z.string().nullable(),
      toInstant: z.string().nullable().describe("The ending event's instant; null: still held."),
      toFormatted: z.string().nullable().describe("The ending event's date in the timeline's calendar; null: still held."),
      quantity: z.number().int().describe('Quantity held at the end of the period.'),
      maxQuantity: z.number().int(),
    }),
  ),
});
export type ItemProvenance = z.infer<typeof ItemProvenanceSchema>;

export const TimelineIssuesSchema = z.object({
  timelineId: z.string(),
  data: z.array(EngineIssueSchema),
});
export type TimelineIssues = z.infer<typeof TimelineIssuesSchema>;
