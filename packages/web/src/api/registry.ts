/**
 * The registry of the API's resources (SPEC §7): every collection the web app reads or writes is declared here
 * once, as `createResource(path)`, which gives its path, list/get/create/update/delete calls and query keys.
 * Screens use them through `useResourceList`, `useResourceItem`, `useResourceLookup` and `useResourceMutations`
 * of `resource.ts`, or through a named hook module (e.g. `characters.ts`) when a screen needs more.
 */
import type {
  Calendar,
  CalendarCreateInput,
  Character,
  CharacterCreateInput,
  Connection,
  ConnectionCreateInput,
  Event,
  EventCreateInput,
  Goal,
  GoalCreateInput,
  InventoryCreateInput,
  InventoryEntry,
  Item,
  ItemCreateInput,
  ItemInstance,
  ItemInstanceCreateInput,
  MapArea,
  AreaCreateInput,
  MapPoint,
  PointCreateInput,
  Quest,
  QuestCreateInput,
  Relationship,
  RelationshipCreateInput,
  Timeline,
  TimelineCreateInput,
  WorldMap,
  MapCreateInput,
  MemberAddInput,
  Note,
  NoteCreateInput,
  Webhook,
  WebhookCreateInput,
  WorldInvitation,
  WorldMember,
  World,
  WorldCreateInput,
} from '@loreforge/contract';
import { createResource } from './resource';

const seg = encodeURIComponent;
const world = (worldId: string) => `/worlds/${seg(worldId)}`;

/** `/worlds`: the signed-in user's worlds. */
export const worldsResource = createResource<World, WorldCreateInput>('/worlds');
/** `/worlds/{w}/characters`. */
export const charactersResource = (worldId: string) => createResource<Character, CharacterCreateInput>(`${world(worldId)}/characters`);
/** `/worlds/{w}/calendars` (issue 12). */
export const calendarsResource = (worldId: string) => createResource<Calendar, CalendarCreateInput>(`${world(worldId)}/calendars`);
/** `/worlds/{w}/items`. */
export const itemsResource = (worldId: string) => createResource<Item, ItemCreateInput>(`${world(worldId)}/items`);
/** `/worlds/{w}/items/{itemId}/instances` (POST gives an instance to a character). */
export const itemInstancesResource = (worldId: string, itemId: string) =>
  createResource<ItemInstance, ItemInstanceCreateInput>(`${world(worldId)}/items/${seg(itemId)}/instances`);
/** `/worlds/{w}/characters/{c}/inventory`. */
export const inventoryResource = (worldId: string, characterId: string) =>
  createResource<InventoryEntry, InventoryCreateInput>(`${world(worldId)}/characters/${seg(characterId)}/inventory`);
/** `/worlds/{w}/characters/{c}/relationships`. */
export const relationshipsResource = (worldId: string, characterId: string) =>
  createResource<Relationship, RelationshipCreateInput>(`${world(worldId)}/characters/${seg(characterId)}/relationships`);
/** `/worlds/{w}/characters/{c}/goals`. */
export const characterGoalsResource = (worldId: string, characterId: string) =>
  createResource<Goal, GoalCreateInput>(`${world(worldId)}/characters/${seg(characterId)}/goals`);
/** `/worlds/{w}/goals`. */
export const goalsResource = (worldId: string) => createResource<Goal, GoalCreateInput>(`${world(worldId)}/goals`);
/** `/worlds/{w}/timelines`. */
export const timelinesResource = (worldId: string) => createResource<Timeline, TimelineCreateInput>(`${world(worldId)}/timelines`);
/** `/worlds/{w}/timelines/{t}/events`. */
export const timelineEventsResource = (worldId: string, timelineId: string) =>
  createResource<Event, EventCreateInput>(`${world(worldId)}/timelines/${seg(timelineId)}/events`);
/** `/worlds/{w}/events`. */
export const eventsResource = (worldId: string) => createResource<Event, EventCreateInput>(`${world(worldId)}/events`);
/** `/worlds/{w}/maps`. */
export const mapsResource = (worldId: string) => createResource<WorldMap, MapCreateInput>(`${world(worldId)}/maps`);
/** `/worlds/{w}/maps/{m}/points`. */
export const pointsResource = (worldId: string, mapId: string) =>
  createResource<MapPoint, PointCreateInput>(`${world(worldId)}/maps/${seg(mapId)}/points`);
/** `/worlds/{w}/maps/{m}/areas`. */
export const areasResource = (worldId: string, mapId: string) =>
  createResource<MapArea, AreaCreateInput>(`${world(worldId)}/maps/${seg(mapId)}/areas`);
/** `/worlds/{w}/connections`. */
export const connectionsResource = (worldId: string) => createResource<Connection, ConnectionCreateInput>(`${world(worldId)}/connections`);
/** `/worlds/{w}/quests`. */
export const questsResource = (worldId: string) => createResource<Quest, QuestCreateInput>(`${world(worldId)}/quests`);
/** `/worlds/{w}/members` (issue 11): members with their roles. */
export const membersResource = (worldId: string) => createResource<WorldMember, MemberAddInput>(`${world(worldId)}/members`);
/** `/worlds/{w}/invitations` (issue 11, owner only). */
export const invitationsResource = (worldId: string) => createResource<WorldInvitation, unknown>(`${world(worldId)}/invitations`);
/** `/worlds/{w}/notes` (issue 11): the signed-in member's own notes. */
export const notesResource = (worldId: string) => createResource<Note, NoteCreateInput>(`${world(worldId)}/notes`);
/** `/worlds/{w}/webhooks` (issue 15, owner only). */
export const webhooksResource = (worldId: string) => createResource<Webhook, WebhookCreateInput>(`${world(worldId)}/webhooks`);
