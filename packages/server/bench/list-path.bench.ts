/**
 * The CPU time of one call of each piece of the cache-miss path that this round changed, old way against new
 * way, interleaved call by call in one process so the machine's load weighs on both alike (docs/performance.md):
 * - a page of characters: the scoped query built with Kysely and paginated, then its active quests read in a
 *   second statement (before), against the page compiled once per shape with its active quests in the same
 *   statement (listCharacters);
 * - the token's version and the membership: two statements (before) against one (resolveWorldScope with the
 *   token's version).
 *
 * Run from packages/server after the spread CPU bench kept its data: `SPREAD_SQLITE_FILE=<file> node --import
 * tsx bench/list-path.bench.ts` (the same file as spread-cpu.bench.ts's `SPREAD_SQLITE_FILE`). `LIST_CALLS`
 * sets the calls of each way (default 2000); `LIST_VIEWER=player` reads as each world's player instead of its owner.
 */
import { performance } from 'node:perf_hooks';
import { connectDatabase } from '../src/db/connect.js';
import { findTokenVersion } from '../src/modules/auth/user.repository.js';
import { listCharacters, withActiveQuests } from '../src/modules/characters/character.repository.js';
import { paginate, timestampSortColumns, worldListCache, type ListParams } from '../src/lib/list/index.js';
import { whereVisible } from '../src/access/visibility.js';
import { type WorldScope, resolveWorldScope } from '../src/access/world-scope.js';
import type { Db } from '../src/db/database.js';

const file = process.env.SPREAD_SQLITE_FILE;
if (!file) throw new Error('Set SPREAD_SQLITE_FILE to the database the spread CPU bench kept.');
const CALLS = Number(process.env.LIST_CALLS ?? 2000);
const VIEWER = process.env.LIST_VIEWER === 'player' ? 'player' : 'owner';
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

/** CPU microseconds of one call. */
async function cpuOf(call: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await call();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

const worlds = await (db as Db)
  .selectFrom('world')
  .innerJoin('world_member', 'world_member.world_id', 'world.id')
  .select(['world.id', 'world_member.user_id'])
  .where('world_member.role', '=', VIEWER)
  .where('world.character_count', '<', 1000)
  .execute();
const terms = ['soul', 'an', 'Gwen', 'river', 'the'];
const sums = { pageBefore: 0, pageAfter: 0, accessBefore: 0, accessAfter: 0 };
let seed = 7;
const next = (n: number): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};
const started = performance.now();
for (let i = 0; i < CALLS * 1.25; i += 1) {
  const world = worlds[next(worlds.length)];
  if (!world) continue;
  const scope = await resolveWorldScope(db, world.id, world.user_id);
  const params: ListParams = {
    page: 1 + next(5),
    limit: 10,
    sortBy: ['createdAt', 'updatedAt', 'name'][next(3)],
    sortOrder: next(2) === 0 ? 'asc' : 'desc',
    search: next(3) === 0 ? terms[next(terms.length)] : undefined,
  };
  const version = (await findTokenVersion(db, world.user_id)) ?? 0;
  const measure = i >= CALLS * 0.25;
  // Alternate which way goes first, so neither always meets a warm cache of the other's statements.
  const ways = [
    async () => {
      const page = await cpuOf(() => listCharactersBefore(scope, params));
      const access = await cpuOf(async () => {
        await findTokenVersion(db, world.user_id);
        await resolveWorldScope(db, world.id, world.user_id);
      });
      if (measure) {
        sums.pageBefore += page;
        sums.accessBefore += access;
      }
    },
    async () => {
      const page = await cpuOf(() => listCharacters(db, scope, params));
      const access = await cpuOf(() => resolveWorldScope(db, world.id, world.user_id, undefined, version));
      if (measure) {
        sums.pageAfter += page;
        sums.accessAfter += access;
      }
    },
  ];
  for (const way of i % 2 === 0 ? ways : ways.reverse()) await way();
}
const per = (micros: number): string => `${Math.round(micros / CALLS)} µs`;
console.log(`${VIEWER}: ${CALLS} calls of each way, interleaved (${Math.round(performance.now() - started)} ms in all)`);
console.log(`characters page: before ${per(sums.pageBefore)}, after ${per(sums.pageAfter)}`);
console.log(`token + access check: before ${per(sums.accessBefore)}, after ${per(sums.accessAfter)}`);
await database.destroy();
