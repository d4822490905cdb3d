/**
 * The live state of the shown world, shared by its pages (issue 15): who is present, the page's focus (the
 * entity it shows and whether a form of it is open, sent as presence heartbeats), and a subscription to the
 * world's changes for forms that must know their entity changed.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { ChangeEntityType, Presence, WorldChange } from '@loreforge/contract';

/** The entity a page shows and whether a form of it is open. */
export interface LiveFocus {
  entityType: ChangeEntityType;
  entityId: string;
  editing: boolean;
}

/** What WorldLive provides. */
export interface LiveContextValue {
  worldId: string;
  presence: Presence[];
  /** Sets (or clears, with null) the page's focus; a heartbeat goes out at once. */
  setFocus: (focus: LiveFocus | null) => void;
  /** Calls `listener` on each change of the world. @returns an unsubscribe function. */
  subscribe: (listener: (change: WorldChange) => void) => () => void;
}

export const LiveContext = createContext<LiveContextValue | null>(null);

/** Entity types by the URL segment of their collection (the web app's routes, SPEC §2). */
const COLLECTION_TYPES: Record<string, ChangeEntityType> = {
  characters: 'character',
  items: 'item',
  instances: 'inventoryEntry',
  inventory: 'inventoryEntry',
  goals: 'goal',
  relationships: 'relationship',
  timelines: 'timeline',
  events: 'event',
  maps: 'map',
  points: 'mapPoint',
  areas: 'mapArea',
  quests: 'quest',
  objectives: 'objective',
  connections: 'connection',
  calendars: 'calendar',
};

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The entity a page of a world shows, read from its path: the deepest `<collection>/<id>` pair
 * (`/worlds/w/characters/c/relationships/r/edit` → the relationship), editing when the path ends in `/edit`.
 * @returns null for pages of no one entity (lists, the world's tabs, create forms).
 */
export function focusFromPath(pathname: string): LiveFocus | null {
  const parts = pathname.split('/').filter(Boolean);
  let focus: LiveFocus | null = null;
  for (let index = 2; index + 1 < parts.length; index += 1) {
    const type = COLLECTION_TYPES[parts[index] ?? ''];
    const id = parts[index + 1] ?? '';
    if (type !== undefined && ID.test(id)) focus = { entityType: type, entityId: id, editing: false };
  }
  if (focus && parts.at(-1) === 'edit') focus.editing = true;
  return focus;
}

/** The live state, or null outside a world (screens render without live features then). */
export function useLive(): LiveContextValue | null {
  return useContext(LiveContext);
}

/**
 * Tells the world's members that this page shows (and, with `editing`, edits) an entity, for as long as the
 * component is mounted.
 */
export function useLiveFocus(entityType: ChangeEntityType, entityId: string | undefined, editing: boolean): void {
  const live = useLive();
  const setFocus = live?.setFocus;
  useEffect(() => {
    if (!setFocus || !entityId) return undefined;
    setFocus({ entityType, entityId, editing });
    return () => setFocus(null);
  }, [setFocus, entityType, entityId, editing]);
}

/**
 * Whether the entity changed in the world since the component mounted (or since `reset` was called), by whom
 * (a userId) and how.
 * @param ignoreBy a userId whose changes do not count (the person's own saves).
 */
export function useChangedMeanwhile(
  entityType: ChangeEntityType,
  entityId: string | undefined,
  ignoreBy: string | undefined,
): { change: WorldChange | null; reset: () => void } {
  const live = useLive();
  const [change, setChange] = useState<WorldChange | null>(null);
  const subscribe = live?.subscribe;
  useEffect(() => {
    if (!subscribe || !entityId) return undefined;
    return subscribe((next) => {
      if (next.entityType === entityType && next.entityId === entityId && next.by !== ignoreBy) setChange(next);
    });
  }, [subscribe, entityType, entityId, ignoreBy]);
  return { change, reset: () => setChange(null) };
}
