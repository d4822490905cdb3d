/**
 * Loads replays through the cache and reads the world's stored characters on demand (issue 5; docs/timeline-engine.md
 * "Memory" and "Caching and invalidation"). A replay holds only the characters its sequence names; an answer that
 * shows any other character reads it from the database, in the same snapshot of the database as the key it used.
 */
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { notFound } from '../../errors/app-error.js';
import type { TimelineEvents } from './engine/types.js';
import { NameOrder, compareByNameThenId } from './engine/name-order.js';
import type { Replay } from './engine/replay.js';
import { type StoredWorld, replayNamed } from './engine/stored-world.js';
import type { EngineCache } from './timeline-engine.cache.js';
import {
  type EngineScope,
  loadCharacterNames,
  loadItemHolders,
  loadStoredCharacters,
  loadTimelineChain,
  loadTimelineEvents,
  loadWorldCharacters,
  readWorldFingerprint,
} from './timeline-engine.repository.js';

/**
 * Who the engine answers for: the world, and the reader's class (WorldScope.cacheKey), since a player's or
 * viewer's engine sees neither secret characters nor secret events' changes, and so its replays differ.
 */
export type EngineReader = EngineScope & { cacheKey: string };

/**
 * The reader that sees the whole world (as its owner and editors do), for tools that read a world whole: the
 * benchmark, tests of the engine itself.
 */
export const wholeWorldReader = (worldId: string): EngineReader => ({
  world: { id: worldId },
  viewer: { userId: '', role: 'owner' },
  seesSecrets: true,
  cacheKey: 'editors',
});

/**
 * The key the world's cached entries are valid under. The world is part of it so a timeline id asked under another
 * world can never hit this world's entry, and the reader's class so no replay built for one class serves another.
 * @param version the world's version in this process, read before any data.
 */
async function readKey(db: Db, reader: EngineReader, version: string): Promise<string> {
  return keyOf(reader, version, await readWorldFingerprint(db, reader.world.id));
}

/** The key from its parts: the world and reader class, its version in this process and its fingerprint (content version). */
function keyOf(reader: EngineReader, version: string, fingerprint: string): string {
  return `${reader.world.id}|${reader.cacheKey}|${version}|${fingerprint}`;
}

/** The world's stored characters in the database, with its name order kept in the engine cache under the key. */
class DatabaseStoredWorld implements StoredWorld {
  constructor(
    private readonly db: Db,
    private readonly cache: EngineCache,
    private readonly reader: EngineReader,
    private readonly key: string,
  ) {}

  private get worldId(): string {
    return this.reader.world.id;
  }

  readCharacters(characterIds: Iterable<string>, itemIds?: Iterable<string>) {
    return loadStoredCharacters(this.db, this.reader, characterIds, itemIds);
  }

  readEveryCharacter() {
    return loadWorldCharacters(this.db, this.reader);
  }

  async readNameOrder(): Promise<NameOrder> {
    const cached = this.cache.getNameOrder(this.worldId, this.key);
    if (cached) return cached;
    return this.cache.shared(`names|${this.key}`, async () => {
      const order = NameOrder.build(await loadCharacterNames(this.db, this.reader));
      this.cache.setNameOrder(this.worldId, this.key, order);
      return order;
    });
  }

  async readHolders(itemId: string) {
    const holders = await loadItemHolders(this.db, this.reader, itemId);
    return holders.sort((a, b) => compareByNameThenId({ id: a.characterId, name: a.name }, { id: b.characterId, name: b.name }));
  }
}

/** A timeline's replay under a key: from the cache, from a build under way, or built now from `db`. */
async function replayUnder(db: Db, cache: EngineCache, reader: EngineReader, timelineId: string, key: string): Promise<Replay> {
  const cached = cache.getReplay(timelineId, key);
  if (cached) return cached;
  return cache.shared(`replay|${timelineId}|${key}`, async () => {
    const chain = await loadTimelineChain(db, reader, timelineId);
    if (!chain) throw notFound('Timeline');
    const events = await loadTimelineEvents(
      db,
      reader,
      chain.map((timeline) => timeline.id),
    );
    const input: TimelineEvents[] = chain.map((timeline) => ({ timeline, events: events.get(timeline.id) ?? [] }));
    const replay = await replayNamed(new DatabaseStoredWorld(db, cache, reader, key), input);
    cache.setReplay(timelineId, key, replay);
    return replay;
  });
}

/** What an answer reads through `withEngineSnapshot`. */
export interface EngineSnapshot {
  /**
   * A timeline's replay under the snapshot's key.
   * @throws AppError 404 'Timeline not found.' when the timeline is not in the world.
   */
  replay: (timelineId: string) => Promise<Replay>;
  /** The world's stored characters, read in the same snapshot. */
  stored: StoredWorld;
}

/** Ends an attempt to answer from memory alone: the answer needs the database. Made once; thrown as a signal. */
const NEEDS_DATABASE: Error = Object.freeze(new Error('This answer needs the database.'));
const needDatabase = (): Promise<never> => Promise.reject(NEEDS_DATABASE);

/** Stored characters for an answer from memory alone: the name order if cached under the key; any read ends the attempt. */
function memoryOnly(cache: EngineCache, worldId: string, key: string): StoredWorld {
  return {
    readCharacters: needDatabase,
    readEveryCharacter: needDatabase,
    readNameOrder: async () => cache.getNameOrder(worldId, key) ?? needDatabase(),
    readHolders: needDatabase,
  };
}

/**
 * Runs an answer over one version of the world: every replay it uses and every stored character it reads describe
 * the same version, so an answer never mixes a replay of one version with stored characters of another.
 *
 * First from memory alone, under the world's content version (read here, or given by a caller that has just read
 * it, as the ownership check does: a write seen only by the version read after it makes a key no replay is kept
 * under, never a stale one): when every replay the answer
 * asks for is cached under that key and it reads no stored character (a character the replay holds, a history, a
 * diff, the issues), it is answered from replays built in exactly that version. Otherwise it runs again in one
 * read-only snapshot of the database (a repeatable-read transaction; a transaction on SQLite's single connection),
 * where the key, any replay built and every character read agree.
 * @param answer builds the answer from replays and stored characters; may run twice, so it must not write.
 * @param contentVersion the world's content_version as the caller read it (its ownership check), or undefined to
 * read it here.
 * @returns what `answer` returns.
 * @throws what `answer` throws (AppError 404 for a timeline not in the world).
 */
export async function withEngineSnapshot<T>(
  db: Kysely<Database>,
  cache: EngineCache,
  reader: EngineReader,
  answer: (snapshot: EngineSnapshot) => Promise<T> | T,
  contentVersion?: number,
): Promise<T> {
  const worldId = reader.world.id;
  // Read before any data, so a write answered since can only make the key look older, never newer.
  const version = cache.versionOf(worldId);
  const key = contentVersion === undefined ? await readKey(db, reader, version) : keyOf(reader, version, String(contentVersion));
  try {
    return await answer({
      replay: async (timelineId) => cache.getReplay(timelineId, key) ?? needDatabase(),
      stored: memoryOnly(cache, worldId, key),
    });
  } catch (error) {
    if (error !== NEEDS_DATABASE) throw error;
  }
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const snapshotKey = await readKey(trx, reader, version);
      return answer({
        replay: (timelineId) => replayUnder(trx, cache, reader, timelineId, snapshotKey),
        stored: new DatabaseStoredWorld(trx, cache, reader, snapshotKey),
      });
    });
}

/**
 * A timeline's replay, from the cache when nothing it reads has changed (built in one snapshot of the database
 * otherwise).
 * @returns the replay (read-only); its `start` holds only the characters its sequence names.
 * @throws AppError 404 'Timeline not found.' when the timeline is not in the world.
 */
export function loadReplay(db: Kysely<Database>, cache: EngineCache, reader: EngineReader, timelineId: string): Promise<Replay> {
  return withEngineSnapshot(db, cache, reader, ({ replay }) => replay(timelineId));
}
