import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { useQueryClient } from '@tanstack/react-query';
import type { Presence, WorldChange } from '@loreforge/contract';
import { invalidateForChange, openWorldStream, presenceKey, sendPresence } from '../../api/live';
import { ChangedMeanwhileAlert } from './ChangedMeanwhileAlert';
import { EditingNotice } from './EditingNotice';
import { LiveContext, type LiveContextValue, type LiveFocus, focusFromPath } from './live-context';

/** How often a page says it is still open (ms); the server forgets a presence after 30 s without one. */
const HEARTBEAT_MS = 10_000;

/** Words for the entity types in the warning of an open form. */
const LABELS: Record<string, string> = {
  inventoryEntry: 'inventory entry',
  mapPoint: 'map point',
  mapArea: 'map area',
};

/**
 * Layout of every /worlds/:worldId page (issue 15): keeps one live stream of the world open while any of its
 * pages is shown, refreshes exactly the queries each change affects (api/live.ts), sends presence heartbeats
 * with the page's entity (from its path, or as a page sets it with useLiveFocus), shows "… is editing" above an
 * entity's page or form, and on an open form warns when the entity changed meanwhile, with a Reload that shows
 * the page again from the entity as it is now.
 */
export function WorldLive() {
  const { worldId = '' } = useParams();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [presence, setPresence] = useState<Presence[]>([]);
  const [explicitFocus, setExplicitFocus] = useState<LiveFocus | null>(null);
  const [pageKey, setPageKey] = useState(0);
  const pathFocus = useMemo(() => focusFromPath(pathname), [pathname]);
  const focus = explicitFocus ?? pathFocus;
  const focusRef = useRef<LiveFocus | null>(focus);
  // Kept for the heartbeat timer, which outlives renders; runs before the heartbeat effect below.
  useEffect(() => {
    focusRef.current = focus;
  });
  const listeners = useRef(new Set<(change: WorldChange) => void>());

  const beat = useCallback(() => {
    const current = focusRef.current;
    sendPresence(worldId, current ? { ...current } : { editing: false })
      .then((list) => setPresence(list.data))
      .catch(() => undefined);
  }, [worldId]);

  useEffect(() => {
    if (!worldId) return undefined;
    const controller = new AbortController();
    void openWorldStream(
      worldId,
      {
        onChange: (change) => {
          void invalidateForChange(queryClient, worldId, change, window.location.pathname);
          for (const listener of listeners.current) listener(change);
        },
        onPresence: (list) => {
          setPresence(list.data);
          queryClient.setQueryData(presenceKey(worldId), list);
        },
      },
      controller.signal,
    );
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [worldId, queryClient, beat]);

  // A heartbeat at once whenever the page's entity or form changes.
  useEffect(() => {
    if (worldId) beat();
  }, [worldId, beat, focus?.entityType, focus?.entityId, focus?.editing]);

  const subscribe = useCallback((listener: (change: WorldChange) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const reloadPage = useCallback(async () => {
    const entityId = focusRef.current?.entityId;
    if (entityId) await queryClient.refetchQueries({ predicate: (query) => query.queryKey.map(String).includes(entityId) });
    setPageKey((key) => key + 1);
  }, [queryClient]);

  const value = useMemo<LiveContextValue>(
    () => ({ worldId, presence, setFocus: setExplicitFocus, subscribe }),
    [worldId, presence, subscribe],
  );
  return (
    <LiveContext.Provider value={value}>
      {focus && (
        <Container className="pt-3 lf-live-notices">
          <EditingNotice entityType={focus.entityType} entityId={focus.entityId} />
          {focus.editing && (
            <ChangedMeanwhileAlert
              key={`${focus.entityId}-${pageKey}`}
              entityType={focus.entityType}
              entityId={focus.entityId}
              label={LABELS[focus.entityType] ?? focus.entityType}
              onReload={reloadPage}
            />
          )}
        </Container>
      )}
      {/* A new key after Reload mounts the page again, so an open form starts from the entity as it is now. */}
      <Fragment key={pageKey}>
        <Outlet />
      </Fragment>
    </LiveContext.Provider>
  );
}
