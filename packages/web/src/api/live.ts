/**
 * The live feed of a world in the web app (issue 15, docs/live-updates.md "The web app"): one Server-Sent Events
 * stream per shown world (fetch-based, so it carries the bearer token), which refreshes exactly the queries a
 * change affects, keeps the world's presence, and tells open forms that their entity changed.
 */
import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChangeEntityType, PresenceList, PresenceUpdate, WorldChange } from '@loreforge/contract';
import { API_BASE, api } from './client';
import { getToken } from '../session/session-store';

/**
 * The query-key segments (below `['worlds', worldId]`) whose data a change of each entity type can alter: its own
 * collection, the collections that show it nested or derived (a character's inventory shows items), and the
 * world-wide derived views (search, graph, tags, the timeline engine's state) that read everything.
 */
const AFFECTED_SEGMENTS: Record<ChangeEntityType, string[]> = {
  world: [],
  member: ['members'],
  character: ['characters', 'relationships', 'goals'],
  item: ['items', 'inventory', 'instances'],
  inventoryEntry: ['inventory', 'instances'],
  goal: ['goals'],
  relationship: ['relationships'],
  timeline: ['timelines', 'events'],
  event: ['events', 'timelines'],
  map: ['maps'],
  mapPoint: ['points', 'maps'],
  mapArea: ['areas'],
  quest: ['quests', 'objectives'],
  objective: ['objectives'],
  connection: ['connections'],
  calendar: ['calendars'],
};

/** Views of the whole world that any content change may alter. */
const DERIVED_SEGMENTS = ['search', 'graph', 'tags', 'engine', 'lookup'];

/** The presence query's key. */
export const presenceKey = (worldId: string): QueryKey => ['worlds', worldId, 'presence'];

/**
 * Whether a query (by its key) shows data that `change` may have altered in world `worldId`.
 * @returns true for the world's own record (its counts) and the worlds list on any change; for keys under the
 *   world, true when they name the entity or a collection the change's type affects, and for the list of
 *   recently deleted entities on any creation or deletion.
 */
export function isAffected(key: QueryKey, worldId: string, change: WorldChange): boolean {
  if (key[0] !== 'worlds') return false;
  // The worlds list (names, counts, roles) and the world's own record.
  if (key.length === 1 || (key[1] === 'list' && (change.entityType === 'world' || change.entityType === 'member'))) return true;
  if (key[1] !== worldId) return false;
  if (key.length === 2) return true;
  const rest = key.slice(2).map(String);
  if (rest[0] === 'presence') return false;
  if (change.entityType === 'world') return false;
  // "Recently deleted" moves when something is deleted or comes back (a restore records a creation).
  if (rest[0] === 'history' && rest[1] === 'deleted') return change.action !== 'updated';
  if (rest.includes(change.entityId)) return true;
  const segments = AFFECTED_SEGMENTS[change.entityType];
  return rest.some((segment) => segments.includes(segment) || DERIVED_SEGMENTS.includes(segment));
}

/**
 * Whether a query must keep its data although `change` affects it: the entity's own queries while its edit form
 * is open at `pathname` (`…/{entityId}/edit`). The form saves with the version it loaded (If-Match), so a stale
 * save still gets 409 instead of silently overwriting the other change; the form warns and offers a reload.
 */
export function isHeldByForm(key: QueryKey, change: WorldChange, pathname: string): boolean {
  return /\/edit\/?$/.test(pathname) && pathname.includes(`/${change.entityId}/`) && key.map(String).includes(change.entityId);
}

/**
 * Refreshes the queries a change affects (see isAffected): active ones refetch at once, except those an open
 * form holds (isHeldByForm), which are only marked stale and refetch when next shown.
 * @param pathname the page's path (window.location.pathname).
 */
export async function invalidateForChange(queryClient: QueryClient, worldId: string, change: WorldChange, pathname: string): Promise<void> {
  const affected = (key: QueryKey) => isAffected(key, worldId, change);
  const held = (key: QueryKey) => isHeldByForm(key, change, pathname);
  await Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => affected(query.queryKey) && !held(query.queryKey) }),
    queryClient.invalidateQueries({ predicate: (query) => affected(query.queryKey) && held(query.queryKey), refetchType: 'none' }),
  ]);
}

/** What a stream reports. */
export interface LiveHandlers {
  onChange: (change: WorldChange) => void;
  onPresence: (presence: PresenceList) => void;
}

/** Stops retrying on a refusal the server will repeat (signed out, not a member, bad request). */
class FatalStreamError extends Error {}

/**
 * Opens the world's change stream until `signal` aborts; reconnects after a lost connection from the last
 * event id it received (the library sends Last-Event-ID) after 5 s; a refusal that will repeat (401, 404) ends it.
 */
export function openWorldStream(worldId: string, handlers: LiveHandlers, signal: AbortSignal): Promise<void> {
  return fetchEventSource(`${API_BASE}/worlds/${encodeURIComponent(worldId)}/changes`, {
    signal,
    headers: { accept: 'text/event-stream', authorization: `Bearer ${getToken() ?? ''}` },
    // A hidden tab keeps its stream: a background tab is still shown the moment it comes back, up to date.
    openWhenHidden: true,
    onopen: async (response) => {
      if (response.ok && (response.headers.get('content-type') ?? '').includes('text/event-stream')) return;
      // 429 (too many tabs) and 5xx may pass: retry later; any other refusal will not.
      if (response.status === 429 || response.status >= 500) throw new Error(`live stream answered ${response.status}`);
      throw new FatalStreamError(`live stream answered ${response.status}`);
    },
    onmessage: (message) => {
      if (message.event === 'change') handlers.onChange(JSON.parse(message.data) as WorldChange);
      else if (message.event === 'presence') handlers.onPresence(JSON.parse(message.data) as PresenceList);
    },
    // The server ends a stream when it shuts down: reconnect (the next answer says whether access remains).
    onclose: () => {
      throw new Error('live stream closed');
    },
    onerror: (error: unknown) => {
      if (error instanceof FatalStreamError) throw error;
      return 5_000;
    },
  }).catch(() => undefined);
}

/** Sends a presence heartbeat. @returns who is present now. @throws ApiError. */
export function sendPresence(worldId: string, update: PresenceUpdate): Promise<PresenceList> {
  return api.put<PresenceList>(`/worlds/${encodeURIComponent(worldId)}/presence`, update);
}
