import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Presence, WorldChange } from '@loreforge/contract';
import { invalidateForChange, openWorldStream, presenceKey, sendPresence } from '../../api/live';
import { LiveContext, type LiveContextValue, type LiveFocus } from './live-context';

/** How often a page says it is still open (ms); the server forgets a presence after 30 s without one. */
const HEARTBEAT_MS = 10_000;

/**
 * Layout of every /worlds/:worldId page (issue 15): keeps one live stream of the world open while any of its
 * pages is shown, refreshes exactly the queries each change affects (api/live.ts), sends presence heartbeats
 * with the page's focus, and provides the live state to the pages (live-context.ts).
 */
export function WorldLive() {
  const { worldId = '' } = useParams();
  const queryClient = useQueryClient();
  const [presence, setPresence] = useState<Presence[]>([]);
  const focus = useRef<LiveFocus | null>(null);
  const listeners = useRef(new Set<(change: WorldChange) => void>());

  const beat = useCallback(() => {
    const current = focus.current;
    sendPresence(worldId, current ? { ...current } : { editing: false })
      .then((list) => setPresence(list.data))
      .catch(() => undefined);
  }, [worldId]);

  useEffect(() => {
    if (!worldId) return undefined;
    const controller = new AbortController();
    void openWorldStream(worldId, {
      onChange: (change) => {
        void invalidateForChange(queryClient, worldId, change, window.location.pathname);
        for (const listener of listeners.current) listener(change);
      },
      onPresence: (list) => {
        setPresence(list.data);
        queryClient.setQueryData(presenceKey(worldId), list);
      },
    }, controller.signal);
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [worldId, queryClient, beat]);

  const setFocus = useCallback((next: LiveFocus | null) => {
    const previous = focus.current;
    focus.current = next;
    const same = previous?.entityId === next?.entityId && previous?.editing === next?.editing;
    if (!same) beat();
  }, [beat]);

  const subscribe = useCallback((listener: (change: WorldChange) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const value = useMemo<LiveContextValue>(() => ({ worldId, presence, setFocus, subscribe }), [worldId, presence, setFocus, subscribe]);
  return (
    <LiveContext.Provider value={value}>
      <Outlet />
    </LiveContext.Provider>
  );
}
