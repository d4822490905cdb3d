/**
 * What a signed-in visitor's first page can start before the app bundle has arrived. The app finds its screen
 * only after its bundle is loaded and run (router, then the route's lazy chunks, then the screen's data), one
 * round trip after another; for the pages people open most, this asks for the screen's chunks (named by the build
 * in index.html, `first-screen-hints.ts`) and its data at once, alongside the app bundle. The router later imports
 * the same files (already loaded) and the API client takes the early answers (`api/early-requests.ts`).
 */
import { startEarlyGet } from './api/early-requests';
import {
  FIRST_SCREENS_ELEMENT_ID,
  HOME_WORLDS_PAGE,
  TIMELINE_EVENTS_PAGE_SIZE,
  type FirstScreen,
  type FirstScreenFiles,
} from './first-screen-hints';

/** The world page's tabs (routes/world-routes.tsx) under /worlds/:worldId. */
const WORLD_TABS = new Set(['details', 'items', 'timelines', 'events', 'characters', 'maps', 'members']);
/** /worlds/:worldId, optionally one tab. */
const WORLD_PAGE = /^\/worlds\/([^/]+)(?:\/([^/]+))?\/?$/;
/** /worlds/:worldId/timelines/:timelineId (and timelines/create, the form, which is not a timeline). */
const TIMELINE_PAGE = /^\/worlds\/([^/]+)\/timelines\/([^/]+)\/?$/;

/** The path segment as the router hands it to the screen (decoded), or null when it is not valid escaping. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The build's file lists of index.html; none in development or when the block is missing or unreadable. */
function readHints(): FirstScreenFiles {
  try {
    return JSON.parse(document.getElementById(FIRST_SCREENS_ELEMENT_ID)?.textContent ?? '{}') as FirstScreenFiles;
  } catch {
    return {};
  }
}

/** Asks for a screen's chunks and style sheets now (a failed one is the router's to report when it imports it). */
function preload(screen: FirstScreen): void {
  for (const href of readHints()[screen] ?? []) {
    // The app bundle's own files are already asked for by the entry's import of it.
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    const style = href.endsWith('.css');
    link.rel = style ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Starts the first screen's chunks and data for `pathname`, when it is one this knows: the signed-in home (with
 * its first page of worlds), the world page (with the world itself, what it shows first) and a timeline (with its
 * world, the timeline and its first page of events).
 * @param pathname the page's path (`window.location.pathname`).
 * @param token the stored bearer token; without one nothing is started (the app will show the sign-in page).
 */
export function startFirstScreen(pathname: string, token: string | null): void {
  if (token === null) return;
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (pathname === '/') {
    preload('home');
    // The worlds as api/worlds.ts useWorlds asks for them on the home's first page.
    const query = new URLSearchParams(Object.entries(HOME_WORLDS_PAGE).map(([key, value]) => [key, String(value)]));
    startEarlyGet(`/api/worlds?${query.toString()}`, headers);
    return;
  }
  const world = WORLD_PAGE.exec(pathname);
  const worldId = world?.[1] === undefined ? null : decodeSegment(world[1]);
  const tab = world?.[2];
  if (worldId && worldId !== 'create' && (tab === undefined || WORLD_TABS.has(tab))) {
    // The Details tab's chunks are listed with the page's; another tab's load when the router asks for them.
    preload('world');
    // The world with its counts, as api/worlds.ts useWorld asks for it.
    startEarlyGet(`/api/worlds/${encodeURIComponent(worldId)}`, headers);
    return;
  }
  const timeline = TIMELINE_PAGE.exec(pathname);
  const timelineWorldId = timeline?.[1] === undefined ? null : decodeSegment(timeline[1]);
  const timelineId = timeline?.[2] === undefined ? null : decodeSegment(timeline[2]);
  if (timelineWorldId && timelineId && timelineId !== 'create') {
    preload('timeline');
    // As the world layout (useWorld), useTimeline and useTimelineEvents ask for them on the timeline's first screen.
    const timelinePath = `/api/worlds/${encodeURIComponent(timelineWorldId)}/timelines/${encodeURIComponent(timelineId)}`;
    startEarlyGet(`/api/worlds/${encodeURIComponent(timelineWorldId)}`, headers);
    startEarlyGet(timelinePath, headers);
    startEarlyGet(`${timelinePath}/events?page=1&limit=${TIMELINE_EVENTS_PAGE_SIZE}`, headers);
  }
}
