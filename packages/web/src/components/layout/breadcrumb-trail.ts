/**
 * Turns a path into breadcrumb steps (SPEC §2 "Header"): fixed words become labels, entity ids become
 * steps to resolve into names, with a generic fallback label when the lookup fails.
 */
import type {
  Calendar,
  Character,
  Event,
  Goal,
  InventoryEntry,
  Item,
  ItemInstance,
  Quest,
  Relationship,
  Timeline,
  World,
  WorldMap,
} from '@loreforge/contract';
import type { QueryClient } from '@tanstack/react-query';
import { charactersResource } from '../../api/characters';
import {
  calendarsResource,
  characterGoalsResource,
  eventsResource,
  goalsResource,
  inventoryResource,
  itemInstancesResource,
  itemsResource,
  mapsResource,
  questsResource,
  relationshipsResource,
  timelinesResource,
} from '../../api/registry';
import { worldsResource } from '../../api/worlds';
import { relationshipTypeLabel } from '../../lib/relationship-labels';

/**
 * A step whose label is fetched: the entity's query key (the one its page reads, so the page and the trail share
 * one request and one cache entry) and how to get the name from the query client.
 */
export interface EntityLookup {
  queryKey: readonly unknown[];
  fetchName: (queryClient: QueryClient) => Promise<string>;
}

/** One breadcrumb step. */
export interface CrumbStep {
  /** Link target. */
  path: string;
  /** Fixed label, or the fallback shown when the lookup fails (World, Character, Map, Item, ...). */
  label: string;
  /** The entity id, when this step is one entity. */
  entityId?: string;
  lookup?: EntityLookup | undefined;
  /** False when no page lives at `path` (the step is then shown as text, not as a link to a missing page). */
  linked: boolean;
}

const WORDS: Record<string, string> = {
  create: 'Create',
  edit: 'Edit',
  delete: 'Delete',
  details: 'Details',
  characters: 'Characters',
  items: 'Items',
  timelines: 'Timelines',
  events: 'Events',
  maps: 'Maps',
  quests: 'Quests',
  calendars: 'Calendars',
  goals: 'Goals',
  relationships: 'Relationships',
  inventory: 'Inventory',
  instances: 'Item Instances',
  'character-instances': 'Character Instances',
  'location-instances': 'Location Instances',
  history: 'History',
  connections: 'Connections',
  about: 'About',
  login: 'Login',
  register: 'Register',
  'request-invite': 'Request an Invite',
  worlds: 'Worlds',
};

type Kind =
  'world' | 'character' | 'item' | 'instance' | 'inventory' | 'relationship' | 'map' | 'timeline' | 'event' | 'goal' | 'quest' | 'calendar';

/** The generic labels of SPEC §2 (and the same pattern for the other kinds). */
export const FALLBACK_LABELS: Record<Kind, string> = {
  world: 'World',
  character: 'Character',
  item: 'Item',
  instance: 'Inventory Item',
  inventory: 'Inventory Item',
  relationship: 'Relationship',
  map: 'Map',
  timeline: 'Timeline',
  event: 'Event',
  goal: 'Goal',
  quest: 'Quest',
  calendar: 'Calendar',
};

/** Collection word → kind of the id that follows it. */
const COLLECTIONS: Record<string, Kind> = {
  worlds: 'world',
  characters: 'character',
  items: 'item',
  inventory: 'inventory',
  relationships: 'relationship',
  maps: 'map',
  timelines: 'timeline',
  events: 'event',
  goals: 'goal',
  quests: 'quest',
  calendars: 'calendar',
};

interface Context {
  worldId?: string;
  characterId?: string;
  itemId?: string;
}

function lookupFor(kind: Kind, id: string, ctx: Context): EntityLookup | undefined {
  const { worldId, characterId, itemId } = ctx;
  const named = <T>(
    resource: { detailKey: (id: string) => readonly unknown[]; get: (id: string, s?: AbortSignal) => Promise<T> },
    pick: (e: T) => string,
  ) => ({
    queryKey: resource.detailKey(id),
    fetchName: async (queryClient: QueryClient) =>
      pick(await queryClient.query({ queryKey: resource.detailKey(id), queryFn: ({ signal }) => resource.get(id, signal) })),
  });
  switch (kind) {
    case 'world':
      return named<World>(worldsResource, (w) => w.name);
    case 'character':
      return worldId ? named<Character>(charactersResource(worldId), (c) => c.name) : undefined;
    case 'item':
      return worldId ? named<Item>(itemsResource(worldId), (i) => i.name) : undefined;
    case 'instance':
      return worldId && itemId
        ? named<ItemInstance>(itemInstancesResource(worldId, itemId), (i) => `${i.owner.name}'s instance`)
        : undefined;
    case 'inventory':
      return worldId && characterId ? named<InventoryEntry>(inventoryResource(worldId, characterId), (e) => e.itemName) : undefined;
    case 'relationship':
      return worldId && characterId
        ? named<Relationship>(
            relationshipsResource(worldId, characterId),
            (r) => `${relationshipTypeLabel(r.relationshipType)}: ${r.targetCharacterName}`,
          )
        : undefined;
    case 'map':
      return worldId ? named<WorldMap>(mapsResource(worldId), (m) => m.name) : undefined;
    case 'timeline':
      return worldId ? named<Timeline>(timelinesResource(worldId), (t) => t.name) : undefined;
    case 'event':
      return worldId ? named<Event>(eventsResource(worldId), (e) => e.name) : undefined;
    case 'goal':
      if (!worldId) return undefined;
      return characterId
        ? named<Goal>(characterGoalsResource(worldId, characterId), (g) => g.title)
        : named<Goal>(goalsResource(worldId), (g) => g.title);
    case 'quest':
      return worldId ? named<Quest>(questsResource(worldId), (q) => q.name) : undefined;
    case 'calendar':
      return worldId ? named<Calendar>(calendarsResource(worldId), (c) => c.name) : undefined;
  }
}

/**
 * Whether a page lives at a step's path. Events and inventory entries have only an edit page, quests outside
 * a world only a list, and world goals no list of their own: those steps are shown but not linked.
 */
function hasPage(step: { kind?: Kind; word?: string }, ctx: Context): boolean {
  if (step.kind === 'event' || step.kind === 'inventory') return false;
  if (step.kind === 'quest' && !ctx.worldId) return false;
  if (step.word === 'goals' && !ctx.characterId) return false;
  return true;
}

function wordLabel(segment: string): string {
  return WORDS[segment] ?? segment.replace(/[-_]/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** The query key of the branches opened below a timeline's page, child first: `?branch=b1,b2`. */
export const BRANCH_PARAM = 'branch';

/** @returns the branch timeline ids of a timeline page's query string, in the order they were opened. */
export function readBranchTrail(search: string | URLSearchParams): string[] {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return (params.get(BRANCH_PARAM) ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/**
 * Builds the trail for a path, e.g. `/worlds/w1/characters/c1/edit` → World (w1), Characters, Character (c1),
 * Edit. The 'worlds' segment itself is skipped: the worlds list is the home page. On a timeline's page, each
 * branch opened below it (`?branch=`) is one more Timeline step, so the trail names the branch being read.
 * @param pathname the location's pathname; @param search its query string ('' when none).
 * @returns steps after Home, in order.
 */
export function buildCrumbs(pathname: string, search = ''): CrumbStep[] {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
  const steps: CrumbStep[] = [];
  const ctx: Context = {};
  let path = '';
  let pendingKind: Kind | undefined;
  for (const segment of segments) {
    path += `/${encodeURIComponent(segment)}`;
    const isWord = segment in WORDS;
    if (pendingKind && !isWord) {
      const kind = pendingKind;
      steps.push({
        path,
        label: FALLBACK_LABELS[kind],
        entityId: segment,
        lookup: lookupFor(kind, segment, ctx),
        linked: hasPage({ kind }, ctx),
      });
      if (kind === 'world') ctx.worldId = segment;
      if (kind === 'character') ctx.characterId = segment;
      if (kind === 'item') ctx.itemId = segment;
      // Under an item, a further id is one of its instances (items/{itemId}/{instanceId}).
      pendingKind = kind === 'item' ? 'instance' : undefined;
      continue;
    }
    pendingKind = COLLECTIONS[segment];
    if (segment === 'worlds') continue;
    steps.push({ path, label: wordLabel(segment), linked: hasPage({ word: segment }, ctx) });
  }
  const last = steps.at(-1);
  if (last?.entityId && last.label === FALLBACK_LABELS.timeline && pendingKind === undefined) {
    const branches = readBranchTrail(search);
    branches.forEach((branchId, index) => {
      const query = new URLSearchParams({ [BRANCH_PARAM]: branches.slice(0, index + 1).join(',') });
      steps.push({
        path: `${last.path}?${query.toString()}`,
        label: FALLBACK_LABELS.timeline,
        entityId: branchId,
        lookup: lookupFor('timeline', branchId, ctx),
        linked: true,
      });
    });
  }
  return steps;
}

/**
 * The query that names a step (its entity's name), shared by the trail and the document's title so both read one
 * cache entry. A fixed step's query is disabled and its label stands.
 * @param hasToken whether the session is signed in: names are looked up for a signed-in session only, since the
 * trail outlives a sign-out until /login has loaded and asking then, without a token, was refused with 401
 * (issue 18, "sign out fires requests that 401").
 */
export function crumbNameQuery(step: CrumbStep, queryClient: QueryClient, hasToken: boolean) {
  return {
    queryKey: [...(step.lookup?.queryKey ?? ['crumb', step.path]), 'crumb-name'],
    // The entity itself is fetched under its own key, so the page showing it does not ask for it a second time.
    queryFn: () => step.lookup?.fetchName(queryClient) ?? Promise.resolve(step.label),
    enabled: Boolean(step.lookup) && hasToken,
    retry: false,
    staleTime: 60_000,
  };
}

/** The product's name, last in every document title. */
export const PRODUCT_NAME = 'Loreforge';

/**
 * A page's document title (WCAG 2.4.2 "Page Titled"): its trail from the most specific step back to the world,
 * then the product, e.g. "Dorothy · Characters · The Land of Oz · Loreforge"; the product alone on the home page.
 * @param names each step's name as the trail shows it (the fetched name, or the fixed or fallback label), in trail
 * order.
 */
export function documentTitle(names: readonly string[]): string {
  return [...names].reverse().concat(PRODUCT_NAME).join(' · ');
}
