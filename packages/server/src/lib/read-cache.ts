/**
 * The read cache: whole answers of GET routes kept per process under a version number that database triggers
 * raise on every write the answer depends on, by any writer on any app instance:
 * - a world's `content_version` for answers built from the world's content (migrations
 *   add_world_content_version and add_active_quest_version);
 * - a user's `world_version` with the sum of their worlds' content versions and their latest change, for the
 *   user's worlds list with its counts (migration add_user_world_version; memberships raise it in app code).
 *
 * A request still authenticates and reads the version (one primary-key read; for a world it is the access
 * check the route makes anyway); only the reads of the answer's rows are skipped when an answer for this URL
 * and this version is kept. The rules of the versioned store (lib/versioned-store.ts) make it exact: the version
 * is read before the answer is built, and an answer is kept only when nothing moved the version while it was
 * built (on SQLite the database's change clock says so without a statement, taken before the access check read
 * the world: db/change-clock.ts; else the version is read again, on PostgreSQL after the answer was sent), so a
 * kept answer describes exactly that version's rows, and a request that starts after a write reads the raised
 * version and so a new key. Answers are bounded by count and by their size as JSON, least recently used out,
 * and kept only from their second ask under a version (lib/doorkeeper.ts): traffic spread over many pages, sorts
 * and searches asks for most answers once, and keeping them only made garbage for the old generation.
 *
 * Only answers built from versioned tables may use it: a world's characters (with their active quests),
 * items, inventory entries, relationships, goals, timelines, events, maps and quests, not its map points,
 * areas, connections or quest objectives; a user's world rows.
 */
import { sql } from 'kysely';
import { changeClockOf, stampBefore } from '../db/change-clock.js';
import type { Db } from '../db/database.js';
import { assertTokenVersion } from './token-version.js';
import { compiledQuery } from './compiled-query.js';
import { holdsIn, rememberIn, settledIn, versionUnchanged, versionedStores } from './versioned-store.js';

/** The read cache's bounds per database handle (read when its store is created). */
export const readCacheLimits = {
  /** Answers kept. */
  maxEntries: 4096,
  /**
   * Their total size as JSON text, in characters (about bytes); kept answers hold their objects besides their text.
   * Traffic spread over many worlds rarely asks for a kept answer again before its world changes, so a larger store
   * only holds memory; the answers asked for over and over (the hot pages) are a few kilobytes each.
   */
  maxWeight: 4 * 1024 * 1024,
  /**
   * Answers are kept from their second ask on (lib/doorkeeper.ts): how many first asks are remembered before
   * they are all forgotten. Twice the entries kept, as TinyLFU sizes its doorkeeper to its sample.
   */
  doorkeeperKeys: 8192,
};

const storeOf = versionedStores(() => readCacheLimits);

/** The JSON text of each answer built for the cache, made once when it is built and sent on every hit (see answerJson). */
const texts = new WeakMap<object, string>();

/** An answer's size as JSON text, keeping the text for answerJson. */
const sizeOf = (value: unknown): number => {
  const text = JSON.stringify(value);
  if (typeof value === 'object' && value !== null) texts.set(value, text);
  return text.length;
};

/** An answer's size as JSON text, made when it was built (see withText). */
const weightOf = (value: unknown): number =>
  (typeof value === 'object' && value !== null ? texts.get(value)?.length : undefined) ?? sizeOf(value);

/**
 * A build whose answer's JSON text is made as soon as it is built: the serializer sends it (answerJson), and the
 * cache weighs the answer by it if it keeps it, which may be decided after the answer was sent.
 */
const withText =
  <T>(build: () => Promise<T>) =>
  async (): Promise<T> => {
    const value = await build();
    sizeOf(value);
    return value;
  };

/**
 * The kept or shared answer under `full`, or the one `build` makes: kept (by rememberIn's rules) only when the
 * store's doorkeeper admits the key (asked for before), so an answer asked for once under a version is built,
 * sent and dropped, and never becomes garbage of the old generation; its JSON text is then made by the serializer.
 */
function remember<T>(db: Db, full: string, build: () => Promise<T>, stillCurrent: () => boolean | Promise<boolean>): Promise<T> {
  const store = storeOf(db);
  if (store.doorkeeper !== undefined && !holdsIn(store, full) && !store.doorkeeper.admit(full)) return build();
  return rememberIn(store, full, withText(build), weightOf, stillCurrent);
}

/**
 * The JSON text of an answer (the app's serializer): for an answer built for the read cache, the text made when
 * it was built (answers are immutable, so it is the text JSON.stringify would make again); else JSON.stringify.
 * @returns the JSON text (undefined for undefined, as JSON.stringify).
 */
export function answerJson(value: unknown): string {
  return (typeof value === 'object' && value !== null ? texts.get(value) : undefined) ?? JSON.stringify(value);
}

/** The world an answer is read from, as the route's access check returned it (access/world-scope.ts). */
export interface VersionedWorld {
  id: string;
  content_version: number;
}

/**
 * The answer kept for `key` at the world's current content version, or the one `build` makes (kept for the
 * next caller when the key was asked for before and the world did not change while it was built).
 * @param world the world row read by this request's access check (its content_version is the key's; the change
 * stamp noted for it by that check, if any, lets the keep decision skip the re-check statement).
 * @param key names the answer within the world: the request URL (path and query string) serves, since the same
 * URL at the same version always has the same answer.
 * @returns the answer; callers must treat it as immutable (it may be shared with later requests).
 * @throws whatever build throws (an error is never kept).
 */
export function cachedWorldRead<T>(db: Db, world: VersionedWorld, key: string, build: () => Promise<T>): Promise<T> {
  const version = { worldId: world.id, contentVersion: Number(world.content_version) };
  const full = `world\u0000${world.id}\u0000${version.contentVersion}\u0000${key}`;
  const since = stampBefore(world);
  return remember(db, full, build, () => versionUnchanged(db, version, since));
}

/**
 * Resolves once every answer of this database's read cache sent before its re-check has been kept or not, so a
 * test knows whether the next request is served from the cache or builds anew.
 */
export function readCacheSettled(db: Db): Promise<void> {
  return settledIn(storeOf(db));
}

// The worlds' part in one pass over the user's memberships: "<sum of content versions>.<latest updated_at>"
// (two subqueries, one per aggregate, read the memberships twice: 19.6 against 13.1 µs for 51 worlds).
const selectWorldsVersion = compiledQuery((db, userId: string) =>
  db
    .selectFrom('user')
    .select((eb) => [
      'user.world_version',
      'user.token_version',
      eb
        .selectFrom('world_member')
        .innerJoin('world', 'world.id', 'world_member.world_id')
        .select(
          sql<string>`coalesce(sum(${sql.ref('world.content_version')}), 0) || '.' || coalesce(max(${sql.ref('world.updated_at')}), '')`.as(
            'worlds',
          ),
        )
        .whereRef('world_member.user_id', '=', 'user.id')
        .as('worlds'),
    ])
    .where('user.id', '=', userId),
);

/** The version of a user's worlds list (see readWorldVersion) with their token version, as one statement reads both. */
interface UserWorldsVersion {
  version: string;
  tokenVersion: number;
}

/**
 * The version of a user's worlds list: their world_version (worlds created or deleted, memberships added,
 * changed or removed), the sum of their worlds' content versions (which every change of a count raises) and
 * the latest change of a world they are a member of (a shared world renamed by someone else); with their token
 * version; or undefined when the user is gone.
 */
async function readWorldVersion(db: Db, userId: string): Promise<UserWorldsVersion | undefined> {
  const [row] = await selectWorldsVersion(db, userId);
  return row === undefined
    ? undefined
    : { version: `${Number(row.world_version)}.${String(row.worlds ?? '0.')}`, tokenVersion: Number(row.token_version) };
}

/**
 * The answer kept for `key` at the version of the user's worlds, or the one `build` makes (kept when the key
 * was asked for before and none of the user's worlds changed while it was built). Reads the version first (one
 * read of the user's row and their worlds' versions), and in that read checks the bearer token's version that
 * authentication left to the route (plugins/auth.ts, `config.checksTokenVersion`), so the request makes one
 * round trip for both.
 * @param user the signed-in user's id, and their token's version when it is still to be checked.
 * @param key names the answer among the user's: the request URL serves.
 * @returns the answer; callers must treat it as immutable.
 * @throws AppError 401 MESSAGES.invalidToken when `user.tokenVersion` is given and the user is gone or their
 * version moved on (signed out everywhere); whatever build throws (an error is never kept).
 */
export async function cachedUserWorldsRead<T>(
  db: Db,
  user: { id: string; tokenVersion: number | undefined },
  key: string,
  build: () => Promise<T>,
): Promise<T> {
  const since = changeClockOf(db)?.now();
  const read = await readWorldVersion(db, user.id);
  assertTokenVersion(user.tokenVersion, read?.tokenVersion);
  if (read === undefined) return build();
  const { version } = read;
  const full = `user\u0000${user.id}\u0000${version}\u0000${key}`;
  const stillCurrent = (): boolean | Promise<boolean> =>
    since?.clock.unchangedSince(since) === true || readWorldVersion(db, user.id).then((current) => current?.version === version);
  return remember(db, full, build, stillCurrent);
}
