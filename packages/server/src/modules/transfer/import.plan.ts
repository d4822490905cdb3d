/**
 * Turns a bundle's records into the rows of a new world (issue 13), in two passes over a RecordSource so that,
 * whatever the world's size, only the id maps are held while the rows stream into the database:
 * 1. `assignIds`: every record gets a new id, and the records that will be left out (a repeated id, a map point
 *    or area without its map, a goal without its character, a timeline or event without a valid moment) are
 *    decided and reported, so references and mentions know what the new world holds before a row is written.
 * 2. `writeRows`: each kept record becomes its row(s) in foreign-key order, every reference (relationships,
 *    inventories, goals, events' timelines and changes, branches, calendars, map points' entities, locations,
 *    active quests, connections, tags) rewritten to the new ids and any old id in text or JSON replaced, handed
 *    to a RowSink that writes them in batches inside the import's one transaction.
 * A reference the bundle cannot satisfy is dropped (an optional one) or its record left out (a required one),
 * each listed in `notMapped`. No database here: it is behind the sink.
 */
import {
  BUNDLE_ENTITY_TYPES,
  BUNDLE_FILES,
  BUNDLE_MESSAGES,
  type BacklinkSourceType,
  type BundleEntityType,
  type BundleRecord,
  type BundleWorld,
  LIMITS,
  type MentionEntityType,
  type NotMapped,
  type RichTextSourceType,
  normalizeDateTime,
} from '@loreforge/contract';
import type { CalendarTable } from '../../db/tables/calendar.table.js';
import type { CharacterActiveQuestTable, CharacterTable } from '../../db/tables/character.table.js';
import type { ConnectionTable } from '../../db/tables/connection.table.js';
import type { EntityTagTable } from '../../db/tables/entity-tag.table.js';
import type { GoalTable } from '../../db/tables/goal.table.js';
import type { InventoryItemTable, ItemTable } from '../../db/tables/item.table.js';
import type { MapAreaTable, MapPointTable, MapTable } from '../../db/tables/map.table.js';
import type { GmNotesMentionTable, MentionTable } from '../../db/tables/mention.table.js';
import type { QuestObjectiveTable, QuestTable } from '../../db/tables/quest.table.js';
import type { RelationshipTable } from '../../db/tables/relationship.table.js';
import type { EventTable, TimelineTable } from '../../db/tables/timeline.table.js';
import { badRequest } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import {
  type Context,
  ID_FIELDS,
  IdMap,
  KIND_TYPES,
  TAG_KINDS,
  accessOf,
  at,
  changeCount,
  jsonText,
  leftOut,
  momentOf,
  optionalRef,
  timestampOf,
} from './import.ids.js';
import { type DescribedRow, type NotedRow, planGmNotes, planRowRichText } from './import.rich-text.js';

/** The rich text fields of a bundle record, as the bundle holds them (old ids). */
interface RichRecord {
  descriptionHtml?: string | null | undefined;
  gmNotesHtml?: string | null | undefined;
}

/** Where an import's records come from: a bundle read file by file, or another format's bundle in memory. */
export interface RecordSource {
  readonly world: BundleWorld;
  /** What the reader could not map already. */
  readonly notMapped: readonly NotMapped[];
  /** A type's records in file order; called once per pass, so it must be able to read them again. */
  records: <T extends BundleEntityType>(type: T) => AsyncIterable<BundleRecord<T>> | Iterable<BundleRecord<T>>;
  /** The bytes of an image a map names, or undefined when the source lacks it. */
  image: (path: string) => Promise<Uint8Array | undefined>;
}

/** The rows an import writes, by table. */
export interface ImportRows {
  calendar: CalendarTable;
  map: MapTable;
  map_point: MapPointTable;
  map_area: MapAreaTable;
  quest: QuestTable;
  quest_objective: QuestObjectiveTable;
  character: CharacterTable;
  character_active_quest: CharacterActiveQuestTable;
  item: ItemTable;
  inventory_item: InventoryItemTable;
  goal: GoalTable;
  relationship: RelationshipTable;
  timeline: TimelineTable;
  event: EventTable;
  connection: ConnectionTable;
  entity_tag: EntityTagTable;
  mention: MentionTable;
  gm_notes_mention: GmNotesMentionTable;
}
export type ImportTable = keyof ImportRows;

/** Tables in an order that satisfies every foreign key when written as listed (timeline parents come after). */
export const IMPORT_TABLE_ORDER: readonly ImportTable[] = [
  'calendar',
  'map',
  'map_point',
  'map_area',
  'quest',
  'quest_objective',
  'character',
  'character_active_quest',
  'item',
  'inventory_item',
  'goal',
  'relationship',
  'timeline',
  'event',
  'connection',
  'entity_tag',
  'mention',
  'gm_notes_mention',
];

/** Where the planned rows go (transfer.commands.ts writes them in batches). */
export interface RowSink {
  /** Queues a row; the sink may write what it holds at any time, always in IMPORT_TABLE_ORDER. */
  add: <T extends ImportTable>(table: T, row: ImportRows[T]) => Promise<void>;
  /** Stores a map's image once the map is written; false when it is not a PNG, JPEG or WebP image. */
  image: (mapId: string, bytes: Uint8Array) => Promise<boolean>;
  /** Links a timeline to its parent once every timeline is written (a branch may come before its parent). */
  linkParent: (timelineId: string, parentId: string) => Promise<void>;
}

/** The source type of the rich text of each entity type's records. */
const RICH_TEXT_SOURCES = {
  characters: 'character',
  items: 'item',
  goals: 'goal',
  relationships: 'relationship',
  timelines: 'timeline',
  events: 'event',
  maps: 'map',
  mapPoints: 'mapPoint',
  mapAreas: 'mapArea',
  quests: 'quest',
  connections: 'connection',
} as const satisfies Partial<Record<BundleEntityType, RichTextSourceType>>;

/** The source type of the GM notes of the tables whose only rich text they are. */
const NOTED_SOURCES = { inventory_item: 'inventoryItem', quest_objective: 'questObjective' } as const satisfies Record<
  string,
  BacklinkSourceType
>;

/** The entity type whose records a mention of each kind names. */
const MENTION_TYPES: Record<MentionEntityType, BundleEntityType> = {
  character: 'characters',
  item: 'items',
  quest: 'quests',
  event: 'events',
  timeline: 'timelines',
  map: 'maps',
  mapPoint: 'mapPoints',
  mapArea: 'mapAreas',
  goal: 'goals',
};

/** One import's plan: new ids, what is left out, and the rows, written through a sink. */
export class ImportPlanner {
  /** The new world's id. */
  readonly worldId = newId();
  /** Records created, by type. */
  readonly created = Object.fromEntries(BUNDLE_ENTITY_TYPES.map((type) => [type, 0])) as Record<BundleEntityType, number>;
  private readonly context: Context;
  /** Indexes of records left out in the first pass, by type. */
  private readonly skipped = new Map<BundleEntityType, Set<number>>();
  /** The calendar (or null: Gregorian) of every kept timeline, by new id. */
  private readonly calendarOfTimeline = new Map<string, string | null>();
  private assigned = 0;
  private revealed = 0;

  constructor(
    private readonly source: RecordSource,
    userId: string,
    now: string,
  ) {
    this.context = { ids: new IdMap(), userId, now, notMapped: [...source.notMapped] };
  }

  /** What could not be mapped, in the order found. */
  get notMapped(): NotMapped[] {
    return this.context.notMapped;
  }

  private skip(type: BundleEntityType, index: number): void {
    let set = this.skipped.get(type);
    if (!set) this.skipped.set(type, (set = new Set<number>()));
    set.add(index);
  }

  /**
   * The first pass: new ids for every record, and every record the import leaves out decided and reported.
   * @throws AppError 400 when an event holds too many changes or the events together more than LIMITS.worldChangesMax.
   */
  async assignIds(): Promise<void> {
    const { ids, notMapped } = this.context;
    let changes = 0;
    for (const type of BUNDLE_ENTITY_TYPES) {
      if (type === 'tags') continue; // tags name entities; they have no ids of their own
      let index = -1;
      for await (const record of this.source.records(type)) {
        index += 1;
        const fields = record as Record<string, unknown>;
        if (Array.isArray(fields.revealedTo) && fields.revealedTo.length > 0) this.revealed += 1;
        const oldId = fields[ID_FIELDS[type]] as string;
        if (!ids.assign(type, oldId)) {
          this.skip(type, index);
          notMapped.push({ path: at(type, index), reason: BUNDLE_MESSAGES.duplicateId(BUNDLE_FILES[type], oldId) });
          continue;
        }
        const keep = this.keeps(type, record, index);
        if (!keep) {
          ids.drop(type, oldId);
          this.skip(type, index);
        } else if (type === 'events') {
          const event = record as BundleRecord<'events'>;
          const where = at('events', index);
          changes +=
            changeCount(event.characterAttributeChanges, where) +
            changeCount(event.inventoryChanges, where) +
            changeCount(event.relationshipChanges, where);
        } else if (type === 'characters' && (record as BundleRecord<'characters'>).assignedTo !== null) {
          this.assigned += 1;
        }
      }
    }
    if (changes > LIMITS.worldChangesMax) {
      throw badRequest(
        BUNDLE_MESSAGES.invalidRecord(
          BUNDLE_FILES.events,
          `The events hold ${changes} changes together; a world holds at most ${LIMITS.worldChangesMax}.`,
        ),
      );
    }
  }

  /** Whether a record whose id was assigned is kept; a record left out is reported here. */
  private keeps(type: BundleEntityType, record: unknown, index: number): boolean {
    const { ids, notMapped } = this.context;
    if (type === 'goals') {
      const { characterId } = record as BundleRecord<'goals'>;
      if (characterId !== null && ids.get('characters', characterId) === undefined) {
        leftOut(this.context, type, index, 'characterId', characterId);
        return false;
      }
    } else if (type === 'mapPoints' || type === 'mapAreas') {
      const { mapId } = record as BundleRecord<'mapPoints'>;
      if (ids.get('maps', mapId) === undefined) {
        leftOut(this.context, type, index, 'mapId', mapId);
        return false;
      }
    } else if (type === 'timelines') {
      const timeline = record as BundleRecord<'timelines'>;
      const calendarId = ids.get('calendars', timeline.calendarId) ?? null;
      if (!momentOf(calendarId, timeline.currentDateTime, timeline.currentInstant)) {
        notMapped.push({
          path: at(type, index),
          reason:
            "The timeline's currentDateTime (or currentInstant on a calendar of its own) is missing or invalid; the timeline was left out.",
        });
        return false;
      }
      this.calendarOfTimeline.set(ids.must('timelines', timeline.timelineId), calendarId);
    } else if (type === 'events') {
      const event = record as BundleRecord<'events'>;
      const timelineId = ids.get('timelines', event.timelineId);
      const calendarId = timelineId === undefined ? null : (this.calendarOfTimeline.get(timelineId) ?? null);
      if (!momentOf(calendarId, event.dateTime, event.instant)) {
        notMapped.push({
          path: at(type, index),
          reason: "The event's dateTime (or instant on a calendar of its own) is missing or invalid; the event was left out.",
        });
        return false;
      }
    }
    return true;
  }

  /** Whether the new world holds a mention's target, named by its old id. */
  private readonly exists = (type: MentionEntityType, id: string): boolean => this.context.ids.holds(MENTION_TYPES[type], id);

  private readonly remap = (text: string): string => this.context.ids.text(text);

  /**
   * The new world's description columns and its mentions (after `assignIds`).
   * @returns the plain description (ids rewritten), the rich text, and the mention rows of the world's text.
   */
  worldText(): { description: string | null; descriptionHtml: string | null; mention: MentionTable[] } {
    const row: DescribedRow = { id: this.worldId, description: this.context.ids.text(this.source.world.description) };
    const mention = planRowRichText(this.worldId, 'world', row, this.source.world.descriptionHtml, this.remap, this.exists);
    return { description: row.description, descriptionHtml: row.description_html ?? null, mention };
  }

  /** The kept records of a type with their index in the file. */
  private async *kept<T extends BundleEntityType>(type: T): AsyncGenerator<[number, BundleRecord<T>]> {
    const skipped = this.skipped.get(type);
    let index = -1;
    for await (const record of this.source.records(type)) {
      index += 1;
      if (!skipped?.has(index)) yield [index, record];
    }
  }

  /**
   * Queues a described row (without its HTML yet) with its description and GM notes rich text set, and the
   * mentions of both.
   * @param record the bundle record the row comes from (its HTML names old ids).
   */
  private async described<T extends ImportTable>(
    sink: RowSink,
    table: T,
    type: keyof typeof RICH_TEXT_SOURCES,
    row: Omit<ImportRows[T], 'description_html'> & DescribedRow & NotedRow,
    record: RichRecord,
  ): Promise<void> {
    const sourceType = RICH_TEXT_SOURCES[type];
    const mentions = planRowRichText(this.worldId, sourceType, row, record.descriptionHtml, this.remap, this.exists);
    const notes = planGmNotes(this.worldId, sourceType, row, record.gmNotesHtml, this.remap, this.exists);
    // planRowRichText has set description_html, so the row is whole (a generic Omit cannot be narrowed back).
    await sink.add(table, row as ImportRows[T]);
    for (const mention of mentions) await sink.add('mention', mention);
    for (const mention of notes) await sink.add('gm_notes_mention', mention);
  }

  /**
   * Queues an inventory entry or objective row (GM notes its only rich text) with its GM notes rich text set, and
   * the mentions of its notes (backlinks only editors and the owner read).
   */
  private async noted<T extends keyof typeof NOTED_SOURCES>(
    sink: RowSink,
    table: T,
    row: ImportRows[T] & NotedRow,
    html: string | null | undefined,
  ): Promise<void> {
    const notes = planGmNotes(this.worldId, NOTED_SOURCES[table], row, html, this.remap, this.exists);
    await sink.add(table, row);
    for (const mention of notes) await sink.add('gm_notes_mention', mention);
  }

  private stamp(record: { createdAt: string; updatedAt: string }): { created_at: string; updated_at: string } {
    return { created_at: timestampOf(record.createdAt, this.context), updated_at: timestampOf(record.updatedAt, this.context) };
  }

  /**
   * The second pass: every kept record's rows, in foreign-key order, through `sink` (after `assignIds`).
   * @throws AppError 400 when a JSON field is over its bound (the transaction around the sink then undoes all).
   */
  async writeRows(sink: RowSink): Promise<void> {
    await this.writeMaps(sink);
    await this.writeQuests(sink);
    await this.writeCharacters(sink);
    await this.writeCharacterParts(sink);
    await this.writeTimelines(sink);
    await this.writeLinks(sink);
    if (this.assigned > 0) {
      this.notMapped.push({
        path: BUNDLE_FILES.characters,
        reason: `${this.assigned} character(s) were assigned to players of the exported world; the new world has no players yet, so they are unassigned.`,
      });
    }
    if (this.revealed > 0) {
      this.notMapped.push({
        path: 'revealedTo',
        reason: `${this.revealed} secret(s) were revealed to players of the exported world; the new world has no players yet, so they are revealed to no one.`,
      });
    }
  }

  /** Calendars, maps with their images, map points and areas. */
  private async writeMaps(sink: RowSink): Promise<void> {
    const { ids, userId } = this.context;
    const { worldId, context } = this;
    for await (const [, record] of this.kept('calendars')) {
      await sink.add('calendar', {
        id: ids.must('calendars', record.calendarId),
        world_id: worldId,
        name: record.name,
        description: ids.text(record.description),
        definition: JSON.stringify(record.definition),
        created_by: userId,
        updated_by: userId,
        ...this.stamp(record),
      });
      this.created.calendars += 1;
    }
    for await (const [index, record] of this.kept('maps')) {
      const id = ids.must('maps', record.mapId);
      await this.described(
        sink,
        'map',
        'maps',
        {
          id,
          world_id: worldId,
          name: record.name,
          description: ids.text(record.description),
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.maps += 1;
      if (!record.image) continue;
      const bytes = await this.source.image(record.image.path);
      if (!bytes) {
        this.notMapped.push({
          path: at('maps', index),
          reason: `The image ${record.image.path} is not in the archive; the map was imported without it.`,
        });
      } else if (!(await sink.image(id, bytes))) {
        this.notMapped.push({
          path: record.image.path,
          reason: 'The map image is not a PNG, JPEG or WebP image; the map was imported without it.',
        });
      }
    }
    for await (const [index, record] of this.kept('mapPoints')) {
      let entity: { type: string; id: string } | null = null;
      if (record.entity) {
        const entityId = optionalRef(context, 'mapPoints', KIND_TYPES[record.entity.type], index, 'entity.id', record.entity.id);
        entity = entityId === null ? null : { type: record.entity.type, id: entityId };
      }
      await this.described(
        sink,
        'map_point',
        'mapPoints',
        {
          id: ids.must('mapPoints', record.pointId),
          world_id: worldId,
          map_id: ids.must('maps', record.mapId),
          name: record.name,
          description: ids.text(record.description),
          x: record.x,
          y: record.y,
          entity_type: entity?.type ?? null,
          entity_id: entity?.id ?? null,
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.mapPoints += 1;
    }
    for await (const [, record] of this.kept('mapAreas')) {
      await this.described(
        sink,
        'map_area',
        'mapAreas',
        {
          id: ids.must('mapAreas', record.areaId),
          world_id: worldId,
          map_id: ids.must('maps', record.mapId),
          name: record.name,
          description: ids.text(record.description),
          color: record.color,
          polygon: JSON.stringify(record.polygon),
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.mapAreas += 1;
    }
  }

  /** Quests and their objectives (before characters, whose active quests name them). */
  private async writeQuests(sink: RowSink): Promise<void> {
    const { context } = this;
    const { ids } = context;
    for await (const [, record] of this.kept('quests')) {
      await this.described(
        sink,
        'quest',
        'quests',
        {
          id: ids.must('quests', record.questId),
          world_id: this.worldId,
          name: record.name,
          description: ids.text(record.description),
          status: record.status,
          is_optional: record.isOptional ? 1 : 0,
          difficulty: record.difficulty,
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.quests += 1;
    }
    for await (const [index, record] of this.kept('objectives')) {
      const questId = ids.get('quests', record.questId);
      if (!questId) {
        leftOut(context, 'objectives', index, 'questId', record.questId);
        continue;
      }
      await this.noted(
        sink,
        'quest_objective',
        {
          id: ids.must('objectives', record.objectiveId),
          quest_id: questId,
          description: ids.text(record.description),
          target: record.target,
          progress: Math.min(record.progress, record.target),
          is_optional: record.isOptional ? 1 : 0,
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record.gmNotesHtml,
      );
      this.created.objectives += 1;
    }
  }

  /** Characters with their locations and active quests. */
  private async writeCharacters(sink: RowSink): Promise<void> {
    const { ids, now } = this.context;
    const { context } = this;
    let takenUp = 0;
    for await (const [index, record] of this.kept('characters')) {
      const id = ids.must('characters', record.characterId);
      await this.described(
        sink,
        'character',
        'characters',
        {
          id,
          world_id: this.worldId,
          name: record.name,
          description: ids.text(record.description),
          attributes: jsonText(record.attributes, 'Attributes', at('characters', index), context),
          current_location_id: optionalRef(context, 'characters', 'mapPoints', index, 'currentLocationId', record.currentLocationId),
          assigned_to: null,
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.characters += 1;
      for (const questId of new Set(record.activeQuests)) {
        const newQuestId = optionalRef(context, 'characters', 'quests', index, 'activeQuests', questId);
        if (newQuestId === null) continue;
        // A millisecond apart, so the quests keep their order (active quests are listed by when they were taken up).
        await sink.add('character_active_quest', {
          character_id: id,
          quest_id: newQuestId,
          created_at: new Date(Date.parse(now) + takenUp).toISOString(),
        });
        takenUp += 1;
      }
    }
  }

  /** Items, inventories, goals and relationships. */
  private async writeCharacterParts(sink: RowSink): Promise<void> {
    const { ids } = this.context;
    const { context, worldId } = this;
    for await (const [index, record] of this.kept('items')) {
      await this.described(
        sink,
        'item',
        'items',
        {
          id: ids.must('items', record.itemId),
          world_id: worldId,
          name: record.name,
          description: ids.text(record.description),
          properties: jsonText(record.properties, 'Properties', at('items', index), context),
          attributes: jsonText(record.attributes, 'Attributes', at('items', index), context),
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.items += 1;
    }
    for await (const [index, record] of this.kept('inventory')) {
      const characterId = ids.get('characters', record.characterId);
      const itemId = ids.get('items', record.itemId);
      if (!characterId) {
        leftOut(context, 'inventory', index, 'characterId', record.characterId);
        continue;
      }
      if (!itemId) {
        leftOut(context, 'inventory', index, 'itemId', record.itemId);
        continue;
      }
      await this.noted(
        sink,
        'inventory_item',
        {
          id: ids.must('inventory', record.inventoryItemId),
          world_id: worldId,
          character_id: characterId,
          item_id: itemId,
          quantity: record.quantity,
          equipped: record.equipped ? 1 : 0,
          notes: ids.text(record.notes),
          attributes: jsonText(record.attributes, 'Attributes', at('inventory', index), context),
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record.gmNotesHtml,
      );
      this.created.inventory += 1;
    }
    for await (const [index, record] of this.kept('goals')) {
      const target = record.targetDateTime === null ? null : normalizeDateTime(record.targetDateTime);
      if (record.targetDateTime !== null && target === null) {
        this.notMapped.push({
          path: at('goals', index),
          reason: `targetDateTime ${record.targetDateTime} is not an ISO 8601 date-time; it was left empty.`,
        });
      }
      await this.described(
        sink,
        'goal',
        'goals',
        {
          id: ids.must('goals', record.goalId),
          world_id: worldId,
          character_id: ids.get('characters', record.characterId) ?? null,
          title: record.title,
          description: ids.text(record.description),
          goal_type: record.goalType,
          status: record.status,
          target_date_time: target,
          notes: ids.text(record.notes),
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.goals += 1;
    }
    const pairs = new Set<string>();
    for await (const [index, record] of this.kept('relationships')) {
      const from = ids.get('characters', record.characterId);
      const to = ids.get('characters', record.targetCharacterId);
      if (!from) {
        leftOut(context, 'relationships', index, 'characterId', record.characterId);
        continue;
      }
      if (!to) {
        leftOut(context, 'relationships', index, 'targetCharacterId', record.targetCharacterId);
        continue;
      }
      if (pairs.has(`${from}>${to}`)) {
        this.notMapped.push({
          path: at('relationships', index),
          reason: 'A relationship between the same two characters in the same direction came earlier; this one was left out.',
        });
        continue;
      }
      pairs.add(`${from}>${to}`);
      await this.described(
        sink,
        'relationship',
        'relationships',
        {
          id: ids.must('relationships', record.relationshipId),
          world_id: worldId,
          character_id: from,
          target_character_id: to,
          relationship_type: record.relationshipType,
          description: ids.text(record.description),
          affinity: record.affinity,
          power_balance: record.powerBalance,
          trust_level: record.trustLevel,
          communication_style: record.communicationStyle,
          past_interactions: ids.text(record.pastInteractions),
          current_goal_alignment: ids.text(record.currentGoalAlignment),
          dependence_level: ids.text(record.dependenceLevel),
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.relationships += 1;
    }
  }

  /** Timelines (parents linked once all are written), then their events. */
  private async writeTimelines(sink: RowSink): Promise<void> {
    const { ids } = this.context;
    const { context, worldId } = this;
    const parents: Array<[string, string]> = [];
    for await (const [index, record] of this.kept('timelines')) {
      const id = ids.must('timelines', record.timelineId);
      const calendarId = optionalRef(context, 'timelines', 'calendars', index, 'calendarId', record.calendarId);
      const moment = momentOf(calendarId, record.currentDateTime, record.currentInstant);
      if (!moment) throw new Error(`Timeline ${record.timelineId} was kept without a moment.`);
      const parentId = optionalRef(context, 'timelines', 'timelines', index, 'parentTimelineId', record.parentTimelineId);
      if (parentId !== null) parents.push([id, parentId]);
      await this.described(
        sink,
        'timeline',
        'timelines',
        {
          id,
          world_id: worldId,
          name: record.name,
          description: ids.text(record.description),
          calendar_id: calendarId,
          current_date_time: moment.dateTime,
          current_instant: moment.instant,
          genesis_event: optionalRef(context, 'timelines', 'events', index, 'genesisEvent', record.genesisEvent),
          initial_states: ids.text(record.initialStates),
          branching_enabled: record.branchingEnabled ? 1 : 0,
          parent_timeline_id: null,
          branching_event: optionalRef(context, 'timelines', 'events', index, 'branchingEvent', record.branchingEvent),
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.timelines += 1;
    }
    for (const [id, parentId] of parents) await sink.linkParent(id, parentId);
    for await (const [index, record] of this.kept('events')) {
      const where = at('events', index);
      const timelineId = optionalRef(context, 'events', 'timelines', index, 'timelineId', record.timelineId);
      const moment = momentOf(
        timelineId === null ? null : (this.calendarOfTimeline.get(timelineId) ?? null),
        record.dateTime,
        record.instant,
      );
      if (!moment) throw new Error(`Event ${record.eventId} was kept without a moment.`);
      const changeText = (value: unknown, label: string) => (value === null ? null : jsonText(value, label, where, context));
      await this.described(
        sink,
        'event',
        'events',
        {
          id: ids.must('events', record.eventId),
          world_id: worldId,
          timeline_id: timelineId,
          name: record.name,
          description: ids.text(record.description),
          date_time: moment.dateTime,
          instant: moment.instant,
          character_attribute_changes: changeText(record.characterAttributeChanges, 'Character Attribute Changes'),
          inventory_changes: changeText(record.inventoryChanges, 'Inventory Changes'),
          relationship_changes: changeText(record.relationshipChanges, 'Relationship Changes'),
          is_branching_event: record.isBranchingEvent ? 1 : 0,
          child_timeline_id: optionalRef(context, 'events', 'timelines', index, 'childTimelineId', record.childTimelineId),
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.events += 1;
    }
  }

  /** Connections and tags, which name entities of any type. */
  private async writeLinks(sink: RowSink): Promise<void> {
    const { ids, now } = this.context;
    const { context, worldId } = this;
    for await (const [index, record] of this.kept('connections')) {
      const source = ids.get(KIND_TYPES[record.sourceType], record.sourceId);
      const target = ids.get(KIND_TYPES[record.targetType], record.targetId);
      if (!source) {
        leftOut(context, 'connections', index, 'sourceId', record.sourceId);
        continue;
      }
      if (!target) {
        leftOut(context, 'connections', index, 'targetId', record.targetId);
        continue;
      }
      await this.described(
        sink,
        'connection',
        'connections',
        {
          id: ids.must('connections', record.connectionId),
          world_id: worldId,
          source_type: record.sourceType,
          source_id: source,
          target_type: record.targetType,
          target_id: target,
          connection_type: record.connectionType,
          description: ids.text(record.description),
          ...accessOf(record, context),
          ...this.stamp(record),
        },
        record,
      );
      this.created.connections += 1;
    }
    for await (const [index, record] of this.kept('tags')) {
      const entityId = ids.get(TAG_KINDS[record.entityType], record.entityId);
      if (!entityId) {
        leftOut(context, 'tags', index, 'entityId', record.entityId);
        continue;
      }
      const seen = new Set<string>();
      for (const tag of record.tags) {
        const key = tag.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        await sink.add('entity_tag', {
          world_id: worldId,
          entity_type: record.entityType,
          entity_id: entityId,
          tag,
          tag_key: key,
          created_at: now,
        });
      }
      this.created.tags += 1;
    }
  }
}
