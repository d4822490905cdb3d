/** The Kysely `Database` interface: one entry per table, each declared in `tables/<table>.table.ts`. */
import type { Kysely, Transaction } from 'kysely';
import type { UserTable } from './tables/user.table.js';
import type { InviteCodeTable, InviteRequestTable } from './tables/invite.table.js';
import type { WorldTable } from './tables/world.table.js';
import type { CharacterActiveQuestTable, CharacterTable } from './tables/character.table.js';
import type { InventoryItemTable, ItemTable } from './tables/item.table.js';
import type { RelationshipTable } from './tables/relationship.table.js';
import type { GoalTable } from './tables/goal.table.js';
import type { EventTable, TimelineTable } from './tables/timeline.table.js';
import type { MapAreaTable, MapImageTable, MapPointTable, MapTable } from './tables/map.table.js';
import type { ConnectionTable } from './tables/connection.table.js';
import type { QuestObjectiveTable, QuestTable } from './tables/quest.table.js';
import type { CalendarTable } from './tables/calendar.table.js';
import type { EntityTagTable } from './tables/entity-tag.table.js';
import type { GmNotesMentionTable, MentionTable } from './tables/mention.table.js';
import type { MemberNoteTable } from './tables/member-note.table.js';
import type { WithAccessColumns } from './tables/access-columns.js';
import type { WorldInvitationTable, WorldMemberTable } from './tables/world-member.table.js';
import type { WebhookDeliveryTable, WebhookTable } from './tables/webhook.table.js';
import type { WorldVisitTable } from './tables/world-visit.table.js';
import type { DeletedActiveQuestTable } from './tables/deleted-active-quest.table.js';
import type { WorldChangeCounterTable, WorldChangeTable, WorldPresenceTable } from './tables/world-change.table.js';

export interface Database {
  user: UserTable;
  invite_code: InviteCodeTable;
  invite_request: InviteRequestTable;
  world: WorldTable;
  entity_tag: EntityTagTable;
  mention: MentionTable;
  gm_notes_mention: GmNotesMentionTable;
  world_member: WorldMemberTable;
  world_invitation: WorldInvitationTable;
  character: WithAccessColumns<CharacterTable, 'assigned_to'>;
  character_active_quest: CharacterActiveQuestTable;
  deleted_active_quest: DeletedActiveQuestTable;
  item: WithAccessColumns<ItemTable>;
  inventory_item: WithAccessColumns<InventoryItemTable>;
  relationship: WithAccessColumns<RelationshipTable>;
  goal: WithAccessColumns<GoalTable>;
  timeline: WithAccessColumns<TimelineTable>;
  event: WithAccessColumns<EventTable>;
  map: WithAccessColumns<MapTable>;
  map_image: MapImageTable;
  map_point: WithAccessColumns<MapPointTable>;
  map_area: WithAccessColumns<MapAreaTable>;
  connection: WithAccessColumns<ConnectionTable>;
  quest: WithAccessColumns<QuestTable>;
  quest_objective: WithAccessColumns<QuestObjectiveTable>;
  calendar: CalendarTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
  world_visit: WorldVisitTable;
  member_note: MemberNoteTable;
  world_change: WorldChangeTable;
  world_change_counter: WorldChangeCounterTable;
  world_presence: WorldPresenceTable;
}

/** The database handle or an open transaction: repositories take either as their first argument. */
export type Db = Kysely<Database> | Transaction<Database>;

/** Which SQL dialect the running app uses. */
export type Dialect = 'sqlite' | 'postgres';
