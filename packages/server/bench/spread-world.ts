/**
 * The spread cases of the benchmark: traffic as it comes, many users in many worlds asking for different pages,
 * sorts and searches while some of them write. Generates 10 users owning 10 worlds each (100 worlds of 300
 * characters with their items, timeline events, relationships and inventories), and draws every request at
 * random from a seeded generator over worlds, list types, pages, `sortBy`/`sortOrder`, search terms and
 * one-entity reads, so the distinct answers (tens of thousands) outnumber what any cache of the server keeps.
 * Each world is shared with one player (10 players, each in 10 worlds), who plays one of its characters; one
 * entity in twenty of each list type is a secret (visibility `editors`), and one secret character per world is
 * revealed to its player, so a player's view runs the visibility rule on every read (issue 11).
 */
import type { Insertable, Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../src/db/database.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { FIRST, LAST, clock, insertBatched, insertOwners, loadMode, recountWorlds } from './generate-world.js';

export const SPREAD_SIZES = {
  users: 10,
  worldsPerUser: 10,
  charactersPerWorld: 300,
  itemsPerWorld: 40,
  eventsPerWorld: 60,
  /** Relationships and inventory entries per world: one of each for most characters. */
  relationshipsPerWorld: 300,
  inventoryPerWorld: 300,
  /** One row in this many of each list type is a secret (index modulo this equal to SECRET_AT). */
  secretEvery: 20,
};

/** Where in each run of `secretEvery` rows the secret sits (not the played or the editable characters). */
const SECRET_AT = 7;

const isSecret = (index: number): boolean => index % SPREAD_SIZES.secretEvery === SECRET_AT;

/**
 * The visibility of the index-th row of a list type. Every row names it (and a character its reveals and
 * player): a batched insert of rows with different columns would write NULL where a row lacks one.
 */
const visibilityOf = (index: number): string => (isSecret(index) ? 'editors' : 'everyone');

/** One generated world of the spread, with what requests need to address its content. */
export interface SpreadWorld {
  id: string;
  /** Index into SpreadData.users of the owner. */
  owner: number;
  /** Index into SpreadData.users of the world's player (a member with role `player`). */
  player: number;
  timelineId: string;
  characterIds: string[];
  itemIds: string[];
  eventIds: string[];
  /** The characters the player sees (every one but the secrets not revealed to them), in creation order. */
  playerCharacterIds: string[];
  /** The items the player sees, in creation order. */
  playerItemIds: string[];
}

/** A character whose current version the edit requests know (its id, world and ETag value). */
export interface EditableCharacter {
  worldId: string;
  id: string;
  owner: number;
  updatedAt: string;
}

export interface SpreadData {
  /** The owners (indexes 0 to SPREAD_SIZES.users - 1), then the players. */
  users: Array<{ email: string; password: string }>;
  worlds: SpreadWorld[];
  /** Characters reserved for edits (never read-only picked for editing twice at once). */
  editable: EditableCharacter[];
}

/** Words found in characters' names and descriptions: some in names, some in descriptions only, some in both. */
export const SEARCH_TERMS = [
  ...FIRST.slice(0, 24),
  ...LAST.slice(0, 8),
  'soul',
  'wander',
  'stubborn',
  'learn',
  'rest',
  'friend',
  'an',
  'or',
  'ell',
  'wyn',
];

const DESCRIPTIONS = ['wandering', 'stubborn', 'learned', 'restless'];

/**
 * Fills a migrated database (beside the main world) with the spread's users and worlds: owners, players and
 * their memberships, and each world's content with its secrets.
 * @param log progress lines.
 * @returns the users' credentials, the worlds with their ids, and the characters edits may use.
 */
export async function generateSpread(db: Kysely<Database>, log: (line: string) => void): Promise<SpreadData> {
  const mode = await loadMode(db);
  const now = clock(Date.UTC(2026, 2, 1));
  const password = 'bench-password';
  const passwordHash = await hashPassword(password);
  const users = Array.from({ length: SPREAD_SIZES.users }, (_, i) => {
    const created = now();
    return {
      id: uuidv7(),
      username: `spread${i}`,
      email: `spread${i}@loreforge.test`,
      password_hash: passwordHash,
      created_at: created,
      updated_at: created,
    };
  });
  // Player w plays in the w-th world of every owner.
  const players = Array.from({ length: SPREAD_SIZES.worldsPerUser }, (_, i) => {
    const created = now();
    return {
      id: uuidv7(),
      username: `spreadplayer${i}`,
      email: `spreadplayer${i}@loreforge.test`,
      password_hash: passwordHash,
      created_at: created,
      updated_at: created,
    };
  });
  await db
    .insertInto('user')
    .values([...users, ...players])
    .execute();

  log(`${SPREAD_SIZES.users * SPREAD_SIZES.worldsPerUser} worlds of ${SPREAD_SIZES.charactersPerWorld} characters`);
  const worlds: SpreadWorld[] = [];
  const worldRows: Array<Insertable<Database['world']>> = [];
  const members: Array<Insertable<Database['world_member']>> = [];
  const characters: Array<Insertable<Database['character']>> = [];
  const items: Array<Insertable<Database['item']>> = [];
  const timelines: Array<Insertable<Database['timeline']>> = [];
  const events: Array<Insertable<Database['event']>> = [];
  const relationships: Array<Insertable<Database['relationship']>> = [];
  const inventory: Array<Insertable<Database['inventory_item']>> = [];
  const editable: EditableCharacter[] = [];
  users.forEach((user, owner) => {
    for (let w = 0; w < SPREAD_SIZES.worldsPerUser; w += 1) {
      const created = now();
      const worldId = uuidv7();
      const index = owner * SPREAD_SIZES.worldsPerUser + w;
      worldRows.push({
        id: worldId,
        name: `Realm ${index}`,
        description: `Realm ${index} of ${user.username}`,
        created_by: user.id,
        character_count: 0,
        timeline_count: 0,
        map_count: 0,
        event_count: 0,
        item_count: 0,
        content_version: 0,
        created_at: created,
        updated_at: created,
      });
      const player = players[w];
      if (!player) throw new Error(`no player for world ${w}`);
      members.push({ world_id: worldId, user_id: player.id, role: 'player', created_at: created, updated_at: created });
      const world: SpreadWorld = {
        id: worldId,
        owner,
        player: SPREAD_SIZES.users + w,
        timelineId: uuidv7(),
        characterIds: [],
        itemIds: [],
        eventIds: [],
        playerCharacterIds: [],
        playerItemIds: [],
      };
      for (let c = 0; c < SPREAD_SIZES.charactersPerWorld; c += 1) {
        const at = now();
        const n = index * 7 + c;
        const first = FIRST[n % FIRST.length] ?? 'Nemo';
        const last = LAST[(n * 5) % LAST.length] ?? 'Nobody';
        // Descriptions name another character's first name, so a name search also matches descriptions.
        const friend = FIRST[(n * 3 + 11) % FIRST.length] ?? 'Nemo';
        const id = uuidv7();
        world.characterIds.push(id);
        // The world's first secret character is revealed to its player; the others stay hidden from them.
        const revealed = c === SECRET_AT;
        if (!isSecret(c) || revealed) world.playerCharacterIds.push(id);
        characters.push({
          id,
          world_id: worldId,
          name: `${first} ${last}`,
          description: `A ${DESCRIPTIONS[c % 4]} soul of realm ${index}, friend of ${friend}.`,
          attributes: JSON.stringify({ level: c % 20, home: LAST[c % LAST.length] }),
          current_location_id: null,
          created_at: at,
          updated_at: at,
          assigned_to: c === 0 ? player.id : null,
          visibility: visibilityOf(c),
          revealed_to: JSON.stringify(revealed ? [player.id] : []),
        });
        if (c % 10 === 9) editable.push({ worldId, id, owner, updatedAt: at });
      }
      for (let i = 0; i < SPREAD_SIZES.itemsPerWorld; i += 1) {
        const at = now();
        const id = uuidv7();
        world.itemIds.push(id);
        if (!isSecret(i)) world.playerItemIds.push(id);
        items.push({
          id,
          world_id: worldId,
          name: `${LAST[i % LAST.length]} relic ${i}`,
          description: `Kept by ${FIRST[i % FIRST.length]}`,
          properties: '{}',
          attributes: '{}',
          created_at: at,
          updated_at: at,
          visibility: visibilityOf(i),
        });
      }
      const timelineAt = now();
      timelines.push({
        id: world.timelineId,
        world_id: worldId,
        name: 'Chronicle',
        description: null,
        current_date_time: new Date(Date.UTC(1300, 0, 1)).toISOString(),
        genesis_event: null,
        initial_states: null,
        branching_enabled: 1,
        parent_timeline_id: null,
        branching_event: null,
        created_at: timelineAt,
        updated_at: timelineAt,
      });
      for (let e = 0; e < SPREAD_SIZES.eventsPerWorld; e += 1) {
        const at = now();
        const id = uuidv7();
        world.eventIds.push(id);
        events.push({
          id,
          world_id: worldId,
          timeline_id: world.timelineId,
          name: `${FIRST[(e + index) % FIRST.length]} arrives`,
          description: `Entry ${e}`,
          date_time: new Date(Date.UTC(1250, 0, 1) + e * 86_400_000).toISOString(),
          character_attribute_changes: null,
          inventory_changes: null,
          relationship_changes: null,
          is_branching_event: 0,
          child_timeline_id: null,
          created_at: at,
          updated_at: at,
          visibility: visibilityOf(e),
        });
      }
      for (let r = 0; r < SPREAD_SIZES.relationshipsPerWorld; r += 1) {
        const at = now();
        relationships.push({
          id: uuidv7(),
          world_id: worldId,
          character_id: world.characterIds[r % 150] ?? '',
          target_character_id: world.characterIds[(r * 7 + 1) % 300] ?? '',
          relationship_type: r % 2 === 0 ? 'friend' : 'rival',
          description: `Met in ${LAST[r % LAST.length]}`,
          affinity: (r % 201) - 100,
          power_balance: 0,
          trust_level: (r % 101) - 50,
          communication_style: null,
          past_interactions: null,
          current_goal_alignment: null,
          dependence_level: null,
          created_at: at,
          updated_at: at,
          visibility: visibilityOf(r),
        });
      }
      for (let v = 0; v < SPREAD_SIZES.inventoryPerWorld; v += 1) {
        const at = now();
        inventory.push({
          id: uuidv7(),
          world_id: worldId,
          character_id: world.characterIds[v % 150] ?? '',
          item_id: world.itemIds[v % SPREAD_SIZES.itemsPerWorld] ?? '',
          quantity: 1 + (v % 5),
          equipped: v % 3 === 0 ? 1 : 0,
          notes: v % 4 === 0 ? 'Worn daily' : null,
          attributes: '{}',
          created_at: at,
          updated_at: at,
          visibility: visibilityOf(v),
        });
      }
      worlds.push(world);
    }
  });
  await insertBatched(db, mode, 'world', worldRows);
  await insertOwners(db, mode, worldRows);
  await insertBatched(db, mode, 'world_member', members);
  await insertBatched(db, mode, 'character', characters);
  await insertBatched(db, mode, 'item', items);
  await insertBatched(db, mode, 'timeline', timelines);
  await insertBatched(db, mode, 'event', events);
  await insertBatched(db, mode, 'relationship', relationships);
  await insertBatched(db, mode, 'inventory_item', inventory);
  if (mode.triggersOff) await recountWorlds(db);
  return { users: [...users, ...players].map((user) => ({ email: user.email, password })), worlds, editable };
}

/** A seeded generator of numbers in [0, 1) (mulberry32), so every run draws the same sequence of requests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One request of the spread, as autocannon's setupRequest takes it. */
export interface SpreadRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Set on edits: the character whose version the answer carries (returned to the pool then). */
  editing?: EditableCharacter;
}

/**
 * Whose view a spread request takes: `owner` reads (and writes) as each world's owner, who sees every row;
 * `player` reads as each world's player, so every read runs the visibility rule and the read cache keys
 * answers per player. A player's view reads only.
 */
export type SpreadViewer = 'owner' | 'player';

/** How a spread case draws its requests. */
export interface SpreadMix {
  /** Share of requests that write (half creates, half `If-Match` edits), 0 to 1. */
  writeShare: number;
  viewer: SpreadViewer;
  seed: number;
}

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

/** The query string of a random list request over the given sort fields. */
function listQuery(random: () => number, sortFields: readonly string[], rows: number, searchShare: number): string {
  const limit = pick(random, [10, 10, 10, 10, 20]);
  const parts = [`limit=${limit}`];
  const searching = random() < searchShare;
  if (searching) parts.push(`search=${encodeURIComponent(pick(random, SEARCH_TERMS))}`);
  const pages = Math.max(1, Math.ceil((searching ? rows / 8 : rows) / limit));
  const page = 1 + Math.floor(random() * random() * pages);
  if (page > 1) parts.push(`page=${page}`);
  if (random() < 0.7) parts.push(`sortBy=${pick(random, sortFields)}`);
  if (random() < 0.6) parts.push(`sortOrder=${random() < 0.5 ? 'asc' : 'desc'}`);
  return parts.join('&');
}

/**
 * Makes the request drawer of a spread case.
 * @param tokens each user's bearer token (index as in SpreadData.users).
 * @returns a function giving the next request; edits take a character out of the shared pool until their
 * answer returns it (`returnEdited`), so two connections never edit one character at once.
 * @throws Error when a player's view is asked to write (players do not write in the spread).
 */
export function spreadRequests(
  data: SpreadData,
  tokens: string[],
  mix: SpreadMix,
): { next: () => SpreadRequest; returnEdited: (character: EditableCharacter, etag: string | undefined) => void } {
  if (mix.viewer === 'player' && mix.writeShare > 0) throw new Error("A player's view of the spread reads only: set writeShare to 0.");
  const random = seededRandom(mix.seed);
  // What the reader of each world may ask for: every row for its owner, the visible ones for its player (the
  // characters with relationships and inventory are the world's first 150).
  const readable = new Map(
    data.worlds.map((world) => {
      if (mix.viewer === 'owner')
        return [
          world.id,
          { reader: world.owner, characters: world.characterIds, items: world.itemIds, withLinks: world.characterIds.slice(0, 150) },
        ];
      const linked = new Set(world.characterIds.slice(0, 150));
      return [
        world.id,
        {
          reader: world.player,
          characters: world.playerCharacterIds,
          items: world.playerItemIds,
          withLinks: world.playerCharacterIds.filter((id) => linked.has(id)),
        },
      ];
    }),
  );
  const pool = [...data.editable];
  const headersOf = (owner: number) => ({ authorization: `Bearer ${tokens[owner] ?? ''}`, 'content-type': 'application/json' });
  let created = 0;
  const next = (): SpreadRequest => {
    const world = pick(random, data.worlds);
    const base = `/api/worlds/${world.id}`;
    if (random() < mix.writeShare) {
      const edit = random() < 0.5 ? pool.splice(Math.floor(random() * pool.length), 1)[0] : undefined;
      if (edit) {
        return {
          method: 'PUT',
          path: `/api/worlds/${edit.worldId}/characters/${edit.id}`,
          headers: { ...headersOf(edit.owner), 'if-match': `W/"${edit.updatedAt}"` },
          body: JSON.stringify({
            name: `${pick(random, FIRST)} ${pick(random, LAST)}`,
            description: `Edited during the benchmark, ${pick(random, DESCRIPTIONS)}.`,
            attributes: { level: 1 },
          }),
          editing: edit,
        };
      }
      created += 1;
      return {
        method: 'POST',
        path: `${base}/characters`,
        headers: headersOf(world.owner),
        body: JSON.stringify({
          name: `${pick(random, FIRST)} Newcomer ${created}`,
          description: 'Arrived during the benchmark',
          attributes: { level: 1 },
        }),
      };
    }
    const view = readable.get(world.id);
    if (!view) throw new Error(`world ${world.id} is not in the spread`);
    const headers = headersOf(view.reader);
    const kind = random();
    const character = pick(random, view.withLinks);
    let path: string;
    if (kind < 0.4)
      path = `${base}/characters?${listQuery(random, ['createdAt', 'updatedAt', 'name'], SPREAD_SIZES.charactersPerWorld, 0.35)}`;
    else if (kind < 0.55) path = `${base}/characters/${pick(random, view.characters)}`;
    else if (kind < 0.65) path = `${base}/items?${listQuery(random, ['createdAt', 'updatedAt', 'name'], SPREAD_SIZES.itemsPerWorld, 0.3)}`;
    else if (kind < 0.7) path = `${base}/items/${pick(random, view.items)}`;
    else if (kind < 0.8)
      path = `${base}/timelines/${world.timelineId}/events?${listQuery(random, ['createdAt', 'updatedAt', 'name', 'dateTime'], SPREAD_SIZES.eventsPerWorld, 0.3)}`;
    else if (kind < 0.9)
      path = `${base}/characters/${character}/relationships?${listQuery(random, ['createdAt', 'updatedAt', 'affinity', 'trustLevel'], 2, 0.2)}`;
    else path = `${base}/characters/${character}/inventory?${listQuery(random, ['createdAt', 'updatedAt', 'quantity'], 2, 0.2)}`;
    return { method: 'GET', path, headers };
  };
  const returnEdited = (character: EditableCharacter, etag: string | undefined): void => {
    // Without a new version (the edit failed), the character leaves the pool: its tag would fail again.
    const updatedAt = etag ? /^W\/"(.*)"$/.exec(etag)?.[1] : undefined;
    if (updatedAt) pool.push({ ...character, updatedAt });
  };
  return { next, returnEdited };
}
