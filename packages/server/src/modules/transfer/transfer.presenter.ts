/**
 * Stored rows → bundle records (docs/export-format.md): the API's field names, every stored field, access fields
 * as the reader may see them (withAccess: no reveals or GM notes for players and viewers), no derived fields.
 */
import {
  BUNDLE_MAP_IMAGE_FOLDER,
  type BundleRecord,
  type BundleWorld,
  CONNECTABLE_TYPES,
  type CommunicationStyle,
  type GoalStatus,
  type GoalType,
  POINT_ENTITY_TYPES,
  type QuestStatus,
  type RelationshipType,
  TAGGABLE_TYPES,
} from '@loreforge/contract';
import type { CalendarTable } from '../../db/tables/calendar.table.js';
import type { ConnectionTable } from '../../db/tables/connection.table.js';
import type { GoalTable } from '../../db/tables/goal.table.js';
import type { InventoryItemTable, ItemTable } from '../../db/tables/item.table.js';
import type { MapAreaTable, MapPointTable } from '../../db/tables/map.table.js';
import type { QuestObjectiveTable, QuestTable } from '../../db/tables/quest.table.js';
import type { RelationshipTable } from '../../db/tables/relationship.table.js';
import type { EventTable, TimelineTable } from '../../db/tables/timeline.table.js';
import type { WorldTable } from '../../db/tables/world.table.js';
import { fromJsonObject, fromJsonText } from '../../lib/json.js';
import { calendarDefinitionOf } from '../calendars/calendar.definition.js';
import type { CharacterRecord } from '../characters/character.repository.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import type { MapWithImage, TaggedEntity } from './transfer.repository.js';

const IMAGE_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Path of a map's image inside the archive: maps/<mapId>.<png|jpg|webp>. */
export const mapImagePath = (mapId: string, contentType: string): string =>
  `${BUNDLE_MAP_IMAGE_FOLDER}/${mapId}.${IMAGE_EXTENSIONS[contentType] ?? 'bin'}`;

/** A stored date_time: the ISO text, or null when it is the sort key of a calendar's instant ('~…'). */
const isoOrNull = (dateTime: string): string | null => (dateTime.startsWith('~') ? null : dateTime);
const instantText = (instant: string | number | bigint | null | undefined): string | null =>
  instant === null || instant === undefined ? null : String(instant);
const changesOf = (text: string | null): Record<string, unknown> | unknown[] | null => {
  const value = fromJsonText<unknown>(text, null);
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown> | unknown[]) : null;
};
const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The world record. */
export const worldRecord = (row: WorldTable): BundleWorld => ({
  worldId: row.id,
  name: row.name,
  description: row.description,
  descriptionHtml: row.description_html ?? null,
  createdBy: row.created_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const calendarRecord = (row: CalendarTable): BundleRecord<'calendars'> => ({
  calendarId: row.id,
  name: row.name,
  description: row.description,
  definition: calendarDefinitionOf(row),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const characterRecord = (row: CharacterRecord, scope: ReadScope): BundleRecord<'characters'> =>
  withAccess(row, scope, {
    characterId: row.id,
    name: row.name,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    attributes: fromJsonObject(row.attributes),
    currentLocationId: row.current_location_id,
    activeQuests: row.activeQuests,
    assignedTo: row.assigned_to,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const itemRecord = (row: ItemTable, scope: ReadScope): BundleRecord<'items'> =>
  withAccess(row, scope, {
    itemId: row.id,
    name: row.name,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    properties: fromJsonObject(row.properties),
    attributes: fromJsonObject(row.attributes),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const inventoryRecord = (row: InventoryItemTable, scope: ReadScope): BundleRecord<'inventory'> =>
  withAccess(row, scope, {
    inventoryItemId: row.id,
    characterId: row.character_id,
    itemId: row.item_id,
    quantity: row.quantity,
    equipped: row.equipped === 1,
    notes: row.notes,
    attributes: fromJsonObject(row.attributes),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const goalRecord = (row: GoalTable, scope: ReadScope): BundleRecord<'goals'> =>
  withAccess(row, scope, {
    goalId: row.id,
    characterId: row.character_id,
    title: row.title,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    goalType: row.goal_type as GoalType,
    status: row.status as GoalStatus,
    targetDateTime: row.target_date_time,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const relationshipRecord = (row: RelationshipTable, scope: ReadScope): BundleRecord<'relationships'> =>
  withAccess(row, scope, {
    relationshipId: row.id,
    characterId: row.character_id,
    targetCharacterId: row.target_character_id,
    relationshipType: row.relationship_type as RelationshipType,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    affinity: row.affinity,
    powerBalance: row.power_balance,
    trustLevel: row.trust_level,
    communicationStyle: row.communication_style as CommunicationStyle | null,
    pastInteractions: row.past_interactions,
    currentGoalAlignment: row.current_goal_alignment,
    dependenceLevel: row.dependence_level,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const timelineRecord = (row: TimelineTable, scope: ReadScope): BundleRecord<'timelines'> =>
  withAccess(row, scope, {
    timelineId: row.id,
    name: row.name,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    calendarId: row.calendar_id ?? null,
    currentDateTime: isoOrNull(row.current_date_time),
    currentInstant: instantText(row.current_instant),
    genesisEvent: row.genesis_event,
    initialStates: row.initial_states,
    branchingEnabled: row.branching_enabled === 1,
    parentTimelineId: row.parent_timeline_id,
    branchingEvent: row.branching_event,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const eventRecord = (row: EventTable, scope: ReadScope): BundleRecord<'events'> =>
  withAccess(row, scope, {
    eventId: row.id,
    timelineId: row.timeline_id,
    name: row.name,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    dateTime: isoOrNull(row.date_time),
    instant: instantText(row.instant),
    characterAttributeChanges: changesOf(row.character_attribute_changes),
    inventoryChanges: changesOf(row.inventory_changes),
    relationshipChanges: changesOf(row.relationship_changes),
    isBranchingEvent: row.is_branching_event === 1,
    childTimelineId: row.child_timeline_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const mapRecord = (row: MapWithImage, scope: ReadScope): BundleRecord<'maps'> => {
  const { content_type: contentType, size } = row;
  return withAccess(row, scope, {
    mapId: row.id,
    name: row.name,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    image:
      contentType !== null && size !== null && contentType in IMAGE_EXTENSIONS
        ? { path: mapImagePath(row.id, contentType), contentType: contentType as 'image/png', size }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
};

export const mapPointRecord = (row: MapPointTable, scope: ReadScope): BundleRecord<'mapPoints'> =>
  withAccess(row, scope, {
    pointId: row.id,
    mapId: row.map_id,
    name: row.name,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    x: row.x,
    y: row.y,
    entity: isOneOf(POINT_ENTITY_TYPES, row.entity_type) && row.entity_id !== null ? { type: row.entity_type, id: row.entity_id } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const mapAreaRecord = (row: MapAreaTable, scope: ReadScope): BundleRecord<'mapAreas'> =>
  withAccess(row, scope, {
    areaId: row.id,
    mapId: row.map_id,
    name: row.name,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    color: row.color,
    polygon: fromJsonText<Array<[number, number]>>(row.polygon, []),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const questRecord = (row: QuestTable, scope: ReadScope): BundleRecord<'quests'> =>
  withAccess(row, scope, {
    questId: row.id,
    name: row.name,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    status: row.status as QuestStatus,
    isOptional: row.is_optional === 1,
    difficulty: row.difficulty,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const objectiveRecord = (row: QuestObjectiveTable, scope: ReadScope): BundleRecord<'objectives'> =>
  withAccess(row, scope, {
    objectiveId: row.id,
    questId: row.quest_id,
    description: row.description,
    target: row.target,
    progress: row.progress,
    isOptional: row.is_optional === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const connectionRecord = (row: ConnectionTable, scope: ReadScope): BundleRecord<'connections'> =>
  withAccess(row, scope, {
    connectionId: row.id,
    sourceType: row.source_type as (typeof CONNECTABLE_TYPES)[number],
    sourceId: row.source_id,
    targetType: row.target_type as (typeof CONNECTABLE_TYPES)[number],
    targetId: row.target_id,
    connectionType: row.connection_type,
    description: row.description,
    descriptionHtml: row.description_html ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

export const tagsRecord = (row: TaggedEntity): BundleRecord<'tags'> => ({
  entityType: row.entity_type as (typeof TAGGABLE_TYPES)[number],
  entityId: row.entity_id,
  tags: row.tags,
});
