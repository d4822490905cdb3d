/**
 * The CPU time of one call of each piece of the cache-miss path that a round changed, old way against new way,
 * interleaved call by call in one process so the machine's load weighs on both alike (docs/performance.md):
 * - `characters`: a page of characters: the scoped query built with Kysely and paginated, then its active quests
 *   read in a second statement (before), against the page compiled once per shape (listCharacters);
 * - `access`: the token's version and the membership: two statements (before) against one (resolveWorldScope
 *   with the token's version);
 * - `events`: a timeline's events as the route reads them: the timeline, the page built with Kysely and the
 *   calendars of its events, three statements (before), against the timeline with its calendar and the page
 *   compiled once per shape, two (after);
 * - `relationships`, `inventory`: a character's relationships or inventory as the route reads them: the
 *   character, then the page built with Kysely (before), against the page compiled once per shape that checks
 *   the character in its own statement, the character read apart only when the page is empty (after).
 *
 * Run from packages/server after the spread CPU bench kept its data: `SPREAD_SQLITE_FILE=<file> node --import
 * tsx bench/list-path.bench.ts` (the same file as spread-cpu.bench.ts's `SPREAD_SQLITE_FILE`). `LIST_CALLS`
 * sets the calls of each way (default 2000); `LIST_VIEWER=player` reads as each world's player instead of its
 * owner; `LIST_CASES` names the cases to run, comma-separated (default all).
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { connectDatabase } from '../src/db/connect.js';
import { findTokenVersion } from '../src/modules/auth/user.repository.js';
import { findCharacterInWorld, listCharacters, withActiveQuests } from '../src/modules/characters/character.repository.js';
import { paginate, timestampSortColumns, worldListCache, type ListParams } from '../src/lib/list/index.js';
import { maskHidden, whereVisible } from '../src/access/visibility.js';
import { type WorldScope, resolveWorldScope } from '../src/access/world-scope.js';
import type { Db } from '../src/db/database.js';
import type { SpreadData } from './spread-world.js';
import { listEvents } from '../src/modules/events/event.repository.js';
import { presentEvents, presentTimelineEvents } from '../src/modules/events/event.presenter.js';
import { listInventory } from '../src/modules/inventory/inventory.repository.js';
import { listRelationships } from '../src/modules/relationships/relationship.repository.js';
import { hideHiddenChanges } from '../src/modules/timeline-engine/timeline-engine.visible-changes.js';
import { findTimelineClock } from '../src/modules/timelines/timeline.repository.js';

const file = process.env.SPREAD_SQLITE_FILE;
if (!file) throw new Error('Set SPREAD_SQLITE_FILE to the database the spread CPU bench kept.');
const CALLS = Number(process.env.LIST_CALLS ?? 2000);
const VIEWER = process.env.LIST_VIEWER === 'player' ? 'player' : 'owner';
const CASES = new Set((process.env.LIST_CASES ?? 'characters,access,events,relationships,inventory').split(','));
const database = connectDatabase({ databaseUrl: undefined, sqliteFile: file });
const { db } = database;

/** The characters page as it was read before: Kysely builds and compiles it, then the active quests apart. */
async function listCharactersBefore(scope: WorldScope, params: ListParams): Promise<unknown> {
  const worldId = scope.world.id;
  const knownTotal = scope.seesSecrets ? Number(scope.world.character_count) : undefined;
  const { rows, pagination } = await paginate({
    query: whereVisible(db.selectFrom('character').selectAll('character').where('character.world_id', '=', worldId), scope, 'character'),
    sortColumns: { ...timestampSortColumns('character'), name: { column: 'character.name', key: 'name' } },
    idColumn: 'character.id',
    searchColumns: ['character.name', 'character.description'],
    fullText: { db, table: 'character', scopeRows: knownTotal },
    knownTotal,
    cache: worldListCache(db, worldId, scope.world.content_version),
    params,
  });
  return { rows: await withActiveQuests(db, scope, rows), pagination };
}

/** A timeline's events as the route read them before: the timeline, the page built with Kysely, the calendars. */
async function timelineEventsBefore(scope: WorldScope, timelineId: string, params: ListParams): Promise<unknown> {
  const timeline = await whereVisible(
    db.selectFrom('timeline').selectAll('timeline').where('timeline.id', '=', timelineId).where('timeline.world_id', '=', scope.world.id),
    scope,
    'timeline',
  ).executeTakeFirst();
  if (!timeline) throw new Error('timeline not found');
  await maskHidden(db, scope, await maskHidden(db, scope, [timeline], 'genesis_event', 'event'), 'branching_event', 'event');
  const { rows, pagination } = await paginate({
    query: whereVisible(db.selectFrom('event').selectAll('event').where('event.world_id', '=', scope.world.id), scope, 'event').where(
      'event.timeline_id',
      '=',
      timeline.id,
    ),
    sortColumns: {
      ...timestampSortColumns('event'),
      name: { column: 'event.name', key: 'name' },
      dateTime: { column: 'event.date_time', key: 'date_time' },
    },
    idColumn: 'event.id',
    searchColumns: ['event.name', 'event.description'],
    fullText: { db, table: 'event', scopeRows: Number(scope.world.event_count) },
    cache: worldListCache(db, scope.world.id, scope.world.content_version),
    params,
  });
  const masked = await hideHiddenChanges(db, scope, await maskHidden(db, scope, rows, 'child_timeline_id', 'timeline'));
  return { data: await presentEvents(db, scope, masked), pagination };
}

/** A timeline's events as the route reads them now: the timeline with its calendar, then the compiled page. */
async function timelineEventsAfter(scope: WorldScope, timelineId: string, params: ListParams): Promise<unknown> {
  const timeline = await findTimelineClock(db, scope, timelineId);
  if (!timeline) throw new Error('timeline not found');
  const { rows, pagination } = await listEvents(db, scope, timeline.id, params);
  return { data: presentTimelineEvents(scope, rows, timeline.clock), pagination };
}

/** A character's relationships as the route read them before: the character, then the page built with Kysely. */
async function relationshipsBefore(scope: WorldScope, characterId: string, params: ListParams): Promise<unknown> {
  const character = await findCharacterInWorld(db, scope, characterId);
  if (!character) throw new Error('character not found');
  return paginate({
    query: whereVisible(
      db
        .selectFrom('relationship')
        .innerJoin('character', 'character.id', 'relationship.target_character_id')
        .selectAll('relationship')
        .select('character.name as target_character_name'),
      scope,
      'relationship',
    ).where('relationship.character_id', '=', character.id),
    sortColumns: {
      ...timestampSortColumns('relationship'),
      affinity: { column: 'relationship.affinity', key: 'affinity', numeric: true },
      trustLevel: { column: 'relationship.trust_level', key: 'trust_level', numeric: true },
    },
    idColumn: 'relationship.id',
    searchColumns: ['character.name', 'relationship.description'],
    params,
  });
}

/** A character's inventory as the route read it before: the character, then the page built with Kysely. */
async function inventoryBefore(scope: WorldScope, characterId: string, params: ListParams): Promise<unknown> {
  const character = await findCharacterInWorld(db, scope, characterId);
  if (!character) throw new Error('character not found');
  return paginate({
    query: whereVisible(
      db
        .selectFrom('inventory_item')
        .innerJoin('item', 'item.id', 'inventory_item.item_id')
        .selectAll('inventory_item')
        .select('item.name as item_name')
        .where('inventory_item.character_id', '=', character.id),
      scope,
      'inventory_item',
    ),
    sortColumns: {
      ...timestampSortColumns('inventory_item'),
      quantity: { column: 'inventory_item.quantity', key: 'quantity', numeric: true },
    },
    idColumn: 'inventory_item.id',
    searchColumns: ['item.name', 'inventory_item.notes'],
    params,
  });
}

/** A list hanging from a character as the route reads it now: the page, and the character only when it is empty. */
async function underCharacterAfter(scope: WorldScope, characterId: string, read: () => Promise<{ rows: unknown[] }>): Promise<unknown> {
  const page = await read();
  if (page.rows.length === 0 && !(await findCharacterInWorld(db, scope, characterId))) throw new Error('character not found');
  return page;
}

/** CPU microseconds of one call. */
async function cpuOf(call: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await call();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

const spread = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as SpreadData;
const spreadWorlds = new Map(spread.worlds.map((world) => [world.id, world]));
const worlds = await (db as Db)
  .selectFrom('world')
  .innerJoin('world_member', 'world_member.world_id', 'world.id')
  .select(['world.id', 'world_member.user_id'])
  .where('world_member.role', '=', VIEWER)
  .where('world.character_count', '<', 1000)
  .execute();
const terms = ['soul', 'an', 'Gwen', 'river', 'the'];
let seed = 7;
const next = (n: number): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};

/** What one iteration reads: the reader's scope, a world of the spread, its token version and a list's params. */
interface Call {
  scope: WorldScope;
  userId: string;
  version: number;
  /** A character of the world with relationships and inventory that the reader may see. */
  characterId: string;
  timelineId: string;
  params: ListParams;
}

/** The cases: each the old way and the new way of one piece of the path. */
const cases: Record<string, { before: (call: Call) => Promise<unknown>; after: (call: Call) => Promise<unknown> }> = {
  characters: {
    before: ({ scope, params }) => listCharactersBefore(scope, params),
    after: ({ scope, params }) => listCharacters(db, scope, params),
  },
  access: {
    before: async ({ scope, userId }) => {
      await findTokenVersion(db, userId);
      await resolveWorldScope(db, scope.world.id, userId);
    },
    after: ({ scope, userId, version }) => resolveWorldScope(db, scope.world.id, userId, undefined, version),
  },
  events: {
    before: ({ scope, timelineId, params }) => timelineEventsBefore(scope, timelineId, { ...params, sortBy: params.sortBy ?? 'dateTime' }),
    after: ({ scope, timelineId, params }) => timelineEventsAfter(scope, timelineId, { ...params, sortBy: params.sortBy ?? 'dateTime' }),
  },
  relationships: {
    before: ({ scope, characterId, params }) => relationshipsBefore(scope, characterId, { ...params, page: 1, sortBy: undefined }),
    after: ({ scope, characterId, params }) =>
      underCharacterAfter(scope, characterId, () => listRelationships(db, scope, characterId, { ...params, page: 1, sortBy: undefined })),
  },
  inventory: {
    before: ({ scope, characterId, params }) => inventoryBefore(scope, characterId, { ...params, page: 1, sortBy: undefined }),
    after: ({ scope, characterId, params }) =>
      underCharacterAfter(scope, characterId, () =>
        listInventory(db, scope, characterId, 'all', { ...params, page: 1, sortBy: undefined }),
      ),
  },
};
const running = Object.keys(cases).filter((name) => CASES.has(name));
const sums = new Map(running.map((name) => [name, { before: 0, after: 0 }]));

const started = performance.now();
for (let i = 0; i < CALLS * 1.25; i += 1) {
  const world = worlds[next(worlds.length)];
  const generated = world ? spreadWorlds.get(world.id) : undefined;
  if (!world || !generated) continue;
  const scope = await resolveWorldScope(db, world.id, world.user_id);
  const linked = new Set(generated.characterIds.slice(0, 150));
  const readable = (VIEWER === 'owner' ? generated.characterIds : generated.playerCharacterIds).filter((id) => linked.has(id));
  const call: Call = {
    scope,
    userId: world.user_id,
    version: (await findTokenVersion(db, world.user_id)) ?? 0,
    characterId: readable[next(readable.length)] ?? '',
    timelineId: generated.timelineId,
    params: {
      page: 1 + next(5),
      limit: 10,
      sortBy: ['createdAt', 'updatedAt', 'name'][next(3)],
      sortOrder: next(2) === 0 ? 'asc' : 'desc',
      search: next(3) === 0 ? terms[next(terms.length)] : undefined,
    },
  };
  const measure = i >= CALLS * 0.25;
  for (const name of running) {
    const { before, after } = cases[name] ?? { before: async () => undefined, after: async () => undefined };
    const sum = sums.get(name) ?? { before: 0, after: 0 };
    // Alternate which way goes first, so neither always meets a warm cache of the other's statements.
    const ways: Array<[keyof typeof sum, (call: Call) => Promise<unknown>]> = [
      ['before', before],
      ['after', after],
    ];
    for (const [way, read] of i % 2 === 0 ? ways : ways.reverse()) {
      const used = await cpuOf(() => read(call));
      if (measure) sum[way] += used;
    }
  }
}
const per = (micros: number): string => `${Math.round(micros / CALLS)} µs`;
console.log(`${VIEWER}: ${CALLS} calls of each way, interleaved (${Math.round(performance.now() - started)} ms in all)`);
for (const [name, sum] of sums) console.log(`${name}: before ${per(sum.before)}, after ${per(sum.after)}`);
await database.destroy();
