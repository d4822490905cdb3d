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
