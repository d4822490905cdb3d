/**
 * Generates the benchmark's large world through the data layer (Kysely, batched multi-row inserts in
 * transactions; the database's triggers keep the world counts exact): 100,000 characters, 10,000 items, 100,000 inventory entries,
 * 50,000 relationships, 10,000 events on one timeline with a branch, 10,000 more on a timeline in the Harptos
 * calendar (issue 12), 1,000 quests; and 50 small worlds. BENCH_SCALE (0 < scale ≤ 1, default 1) shrinks every
 * size for a quick run. Every world's creator is its owner member; the big world also has a player, from whom
 * one in twenty characters is a secret (issue 11: a player's page 1 is a case of its own).
 */
import { type Insertable, type Kysely, PostgresAdapter, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { calendarPreset, dateFromInstantOf, instantFromDate } from '@loreforge/contract';
import type { Database } from '../src/db/database.js';
import { instantSortKey } from '../src/modules/calendars/calendar.clock.js';
import { hashPassword } from '../src/modules/auth/password.js';

export interface GeneratedWorld {
  userId: string;
  email: string;
  password: string;
  /** A player of the big world (issue 11): one in twenty of its characters are secrets kept from them. */
  playerEmail: string;
  playerPassword: string;
  bigWorldId: string;
  smallWorldId: string;
  timelineId: string;
  branchTimelineId: string;
  sampleCharacterId: string;
  /** A character that the 10,000 events keep changing (for the timeline state case). */
  engineCharacterId: string;
  /** The timeline of 10,000 events in the Harptos calendar, one an hour from 1 Hammer 1490 DR. */
  calendarTimelineId: string;
  /** A date in the middle of that timeline's events, as the state route's `date` reads it. */
  calendarMidDate: string;
  /** A search term found in about 1.5% of character names. */
  searchTerm: string;
  counts: Record<string, number>;
}

/** BENCH_SCALE: every size below times this (0 < scale ≤ 1); even where halves are taken, at least 100 where indexed. */
const SCALE = Math.min(1, Math.max(0.001, Number(process.env.BENCH_SCALE ?? 1) || 1));
const scaled = (size: number, least = 2): number => Math.max(least, Math.round((size * SCALE) / 2) * 2);

export const SIZES = {
  characters: scaled(100_000, 1_000),
  items: scaled(10_000, 100),
  inventory: scaled(100_000),
  relationships: scaled(50_000),
  events: scaled(10_000, 100),
  engineCharacters: scaled(1_000, 10),
  quests: scaled(1_000),
  smallWorlds: scaled(50),
};

/** One in this many characters of the big world is a secret (visibility editors), kept from its player. */
const SECRET_EVERY = 20;

/** First names of generated characters. */
export const FIRST = [
  'Aldric',
  'Brenna',
  'Cedric',
  'Dagny',
  'Elowen',
  'Faolan',
  'Gwendolyn',
  'Hadrian',
  'Isolde',
  'Jorund',
  'Kestrel',
  'Lysandra',
  'Malachai',
  'Nerys',
  'Oswin',
  'Perrin',
  'Quillon',
  'Rowena',
  'Soren',
  'Thessaly',
  'Ulric',
  'Vesper',
  'Wystan',
  'Xanthe',
  'Yorick',
  'Zephyra',
  'Anselm',
  'Briony',
  'Corwin',
  'Delphine',
  'Emrys',
  'Fenella',
  'Garrick',
  'Honora',
  'Ivor',
  'Jessamy',
  'Kaelen',
  'Liesel',
  'Mordecai',
  'Niamh',
  'Orrin',
  'Philippa',
  'Radomir',
  'Seraphine',
  'Tobias',
  'Undine',
  'Valentin',
  'Winifred',
  'Yseult',
  'Zoltan',
  'Ambrose',
  'Bettany',
  'Caspian',
  'Dorothea',
  'Evander',
  'Florian',
  'Griselda',
  'Hollis',
  'Ignatius',
  'Juniper',
  'Lucan',
  'Marisol',
  'Nikolai',
  'Ottoline',
  'Percival',
  'Rosalind',
  'Sylvester',
];
/** Family names of generated characters. */
export const LAST = [
  'Ashdown',
  'Blackwood',
  'Crowhurst',
  'Dunmore',
  'Everleigh',
  'Fairhaven',
  'Greymere',
  'Hollowell',
  'Ironside',
  'Kingsley',
  'Larkspur',
  'Mournvale',
  'Northcote',
  'Oakheart',
  'Ravensworth',
  'Stormholt',
  'Thornfield',
  'Whitlock',
];

const BATCH = 500;

/**
 * How a bulk load treats the database's row triggers. On PostgreSQL a superuser loads with them off
 * (`session_replication_role = replica`, which also skips the foreign-key checks of rows generated consistent):
 * the deferred trigger that counts each row updates the world row once per row at commit, and updating one row
 * a hundred thousand times in one transaction is quadratic there. The counts are then taken once at the end.
 */
export interface LoadMode {
  triggersOff: boolean;
}

/** Whether this database loads with row triggers off (a PostgreSQL superuser) or on. */
export async function loadMode(db: Kysely<Database>): Promise<LoadMode> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return { triggersOff: false };
  const { rows } = await sql<{ rolsuper: boolean }>`select rolsuper from pg_roles where rolname = current_user`.execute(db);
  return { triggersOff: rows[0]?.rolsuper === true };
}

/**
 * Makes each world's creator its owner member, as creating a world through the API does: without the
 * membership every request to the world answers 404 (world access is read from `world_member`).
 * @param worlds inserted world rows (their id, creator and creation time).
 */
export async function insertOwners(
  db: Kysely<Database>,
  mode: LoadMode,
  worlds: Array<Pick<Insertable<Database['world']>, 'id' | 'created_by' | 'created_at'>>,
): Promise<void> {
  await insertBatched(
    db,
    mode,
    'world_member',
    worlds.map((w) => ({
      world_id: w.id,
      user_id: w.created_by,
      role: 'owner',
      created_at: w.created_at,
      updated_at: w.created_at,
    })),
  );
}

/** Inserts rows into a table in batches of 500 inside one transaction (triggers off when `mode` says so). */
export async function insertBatched<T extends keyof Database>(
  db: Kysely<Database>,
  mode: LoadMode,
  table: T,
  rows: Array<Insertable<Database[T]>>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (mode.triggersOff) await sql`set local session_replication_role = replica`.execute(trx);
    for (let i = 0; i < rows.length; i += BATCH) {
      // Kysely's insert typing is per table; the rows are of that table's shape.
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + BATCH))
        .execute();
    }
  });
}

/** Sets every world's counts from its rows (after a load with the counting triggers off). */
export async function recountWorlds(db: Kysely<Database>): Promise<void> {
  const counted = { character: 'character_count', item: 'item_count', timeline: 'timeline_count', event: 'event_count', map: 'map_count' };
  const sets = Object.entries(counted).map(
    ([table, column]) => `${column} = (select count(*) from "${table}" where "${table}".world_id = world.id)`,
  );
  await sql.raw(`update world set ${sets.join(', ')}`).execute(db);
}

/** A clock that hands out strictly increasing ISO timestamps, 1 ms apart, so list order is deterministic. */
export function clock(start: number): () => string {
  let t = start;
  return () => new Date((t += 1)).toISOString();
}

/**
 * Fills an empty, migrated database.
 * @param log progress lines (e.g. console.error).
 * @returns ids and credentials the load cases need.
 */
export async function generateWorld(db: Kysely<Database>, log: (line: string) => void): Promise<GeneratedWorld> {
  const mode = await loadMode(db);
  const now = clock(Date.UTC(2026, 0, 1));
  const email = 'bench@loreforge.test';
  const password = 'bench-password';
  const userId = uuidv7();
  const userCreated = now();
  await db
    .insertInto('user')
    .values({
      id: userId,
      username: 'bench',
      email,
      password_hash: await hashPassword(password),
      created_at: userCreated,
      updated_at: userCreated,
    })
    .execute();

  // Counts start at zero: the database's triggers count every row inserted below (or recountWorlds does).
  const world = (name: string) => {
    const created = now();
    return {
      id: uuidv7(),
      name,
      description: `${name}, generated for the benchmark`,
      created_by: userId,
      character_count: 0,
      timeline_count: 0,
      map_count: 0,
      event_count: 0,
      item_count: 0,
      content_version: 0,
      created_at: created,
      updated_at: created,
    };
  };

  log('small worlds');
  const small = Array.from({ length: SIZES.smallWorlds }, (_, i) => world(`Small world ${i + 1}`));
  await insertBatched(db, mode, 'world', small);
  await insertOwners(db, mode, small);
  const smallCharacters = small.flatMap((w) =>
    Array.from({ length: 3 }, (_, i) => {
      const created = now();
      return {
        id: uuidv7(),
        world_id: w.id,
        name: `Resident ${i + 1}`,
        description: null,
        attributes: '{}',
        current_location_id: null,
        created_at: created,
        updated_at: created,
      };
    }),
  );
  await insertBatched(db, mode, 'character', smallCharacters);

  const big = world('The Great Atlas');
  await insertBatched(db, mode, 'world', [big]);
  await insertOwners(db, mode, [big]);
  const playerEmail = 'bench-player@loreforge.test';
  const playerId = uuidv7();
  const playerCreated = now();
  await db
    .insertInto('user')
    .values({
      id: playerId,
      username: 'bench-player',
      email: playerEmail,
      password_hash: await hashPassword(password),
      created_at: playerCreated,
      updated_at: playerCreated,
    })
    .execute();
  await insertBatched(db, mode, 'world_member', [
    { world_id: big.id, user_id: playerId, role: 'player', created_at: playerCreated, updated_at: playerCreated },
  ]);

  log(`${SIZES.characters} characters`);
  const characters = Array.from({ length: SIZES.characters }, (_, i) => {
    const created = now();
    const first = FIRST[i % FIRST.length] ?? 'Nemo';
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Nobody';
    return {
      id: uuidv7(),
      world_id: big.id,
      name: `${first} ${last} ${i}`,
      visibility: i % SECRET_EVERY === 7 ? 'editors' : 'everyone',
      description: `A ${['wandering', 'stubborn', 'learned', 'restless'][i % 4]} soul of the Atlas, number ${i}.`,
      attributes: JSON.stringify({ level: i % 20, strength: (i * 7) % 18, home: LAST[i % LAST.length] }),
      current_location_id: null,
      created_at: created,
      updated_at: created,
    };
  });
  await insertBatched(db, mode, 'character', characters);

  log(`${SIZES.items} items`);
  const items = Array.from({ length: SIZES.items }, (_, i) => {
    const created = now();
    return {
      id: uuidv7(),
      world_id: big.id,
      name: `Relic ${i}`,
      description: 'An old thing',
      properties: '{}',
      attributes: '{}',
      created_at: created,
      updated_at: created,
    };
  });
  await insertBatched(db, mode, 'item', items);

  log(`${SIZES.inventory} inventory entries`);
  const inventory = Array.from({ length: SIZES.inventory }, (_, i) => {
    const created = now();
    return {
      id: uuidv7(),
      world_id: big.id,
      character_id: characters[i % SIZES.characters]?.id ?? '',
      item_id: items[i % SIZES.items]?.id ?? '',
      quantity: 1 + (i % 5),
      equipped: i % 3 === 0 ? 1 : 0,
      notes: null,
      attributes: '{}',
      created_at: created,
      updated_at: created,
    };
  });
  await insertBatched(db, mode, 'inventory_item', inventory);

  log(`${SIZES.relationships} relationships`);
  const relationships = Array.from({ length: SIZES.relationships }, (_, i) => {
    const created = now();
    return {
      id: uuidv7(),
      world_id: big.id,
      character_id: characters[i]?.id ?? '',
      target_character_id: characters[i + 1]?.id ?? '',
      relationship_type: 'friend',
      description: null,
      affinity: (i % 201) - 100,
      power_balance: 0,
      trust_level: (i % 101) - 50,
      communication_style: null,
      past_interactions: null,
      current_goal_alignment: null,
      dependence_level: null,
      created_at: created,
      updated_at: created,
    };
  });
  await insertBatched(db, mode, 'relationship', relationships);

  log(`${SIZES.events} events on one timeline, with a branch`);
  const timelineCreated = now();
  const timelineId = uuidv7();
  const branchTimelineId = uuidv7();
  const engineCast = characters.slice(0, SIZES.engineCharacters);
  const events = Array.from({ length: SIZES.events }, (_, i) => {
    const created = now();
    const who = engineCast[i % engineCast.length]?.id ?? '';
    const other = engineCast[(i * 7 + 1) % engineCast.length]?.id ?? '';
    const item = items[i % 100]?.id ?? '';
    return {
      id: uuidv7(),
      world_id: big.id,
      timeline_id: timelineId,
      name: `Chronicle entry ${i}`,
      description: null,
      date_time: new Date(Date.UTC(1200, 0, 1) + i * 3_600_000).toISOString(),
      character_attribute_changes: JSON.stringify({ version: 1, changes: [{ op: 'increment', characterId: who, path: 'level', by: 1 }] }),
      inventory_changes: JSON.stringify({ version: 1, changes: [{ characterId: who, itemId: item, quantity: 1 }] }),
      relationship_changes:
        i % 10 === 0 && who !== other
          ? JSON.stringify({ version: 1, changes: [{ op: 'update', characterId: who, targetCharacterId: other, delta: { affinity: 1 } }] })
          : null,
      is_branching_event: i === SIZES.events / 2 ? 1 : 0,
      child_timeline_id: i === SIZES.events / 2 ? branchTimelineId : null,
      created_at: created,
      updated_at: created,
    };
  });
  const branchingEvent = events[SIZES.events / 2]?.id ?? null;
  await insertBatched(db, mode, 'timeline', [
    {
      id: timelineId,
      world_id: big.id,
      name: 'The Long Chronicle',
      description: null,
      current_date_time: new Date(Date.UTC(1202, 0, 1)).toISOString(),
      genesis_event: null,
      initial_states: null,
      branching_enabled: 1,
      parent_timeline_id: null,
      branching_event: null,
      created_at: timelineCreated,
      updated_at: timelineCreated,
    },
    {
      id: branchTimelineId,
      world_id: big.id,
      name: 'What if',
      description: null,
      current_date_time: new Date(Date.UTC(1202, 0, 1)).toISOString(),
      genesis_event: null,
      initial_states: null,
      branching_enabled: 1,
      parent_timeline_id: timelineId,
      branching_event: branchingEvent,
      created_at: now(),
      updated_at: now(),
    },
  ]);
  await insertBatched(db, mode, 'event', events);
  const branchEvents = Array.from({ length: 20 }, (_, i) => {
    const created = now();
    return {
      id: uuidv7(),
      world_id: big.id,
      timeline_id: branchTimelineId,
      name: `Branch entry ${i}`,
      description: null,
      date_time: new Date(Date.UTC(1200, 0, 1) + (SIZES.events / 2 + i + 1) * 3_600_000 + 60_000).toISOString(),
      character_attribute_changes: null,
      inventory_changes: null,
      relationship_changes: null,
      is_branching_event: 0,
      child_timeline_id: null,
      created_at: created,
      updated_at: created,
    };
  });
  await insertBatched(db, mode, 'event', branchEvents);

  log(`${SIZES.events} events on a timeline in the Harptos calendar`);
  const harptos = calendarPreset('harptos');
  const calendarId = uuidv7();
  const calendarCreated = now();
  await insertBatched(db, mode, 'calendar', [
    {
      id: calendarId,
      world_id: big.id,
      name: harptos.name,
      description: harptos.description,
      definition: JSON.stringify(harptos.definition),
      created_by: userId,
      updated_by: userId,
      created_at: calendarCreated,
      updated_at: calendarCreated,
    },
  ]);
  // One event an hour from the first minute of 1490 DR: the run crosses festival days and a Shieldmeet.
  const calendarStart = instantFromDate(harptos.definition, { year: 1490, month: 1, day: 1, era: 'DR' });
  const calendarEnd = calendarStart + BigInt(SIZES.events) * 60n;
  const calendarTimelineId = uuidv7();
  await insertBatched(db, mode, 'timeline', [
    {
      id: calendarTimelineId,
      world_id: big.id,
      name: 'The Realms Chronicle',
      description: null,
      calendar_id: calendarId,
      current_date_time: instantSortKey(calendarEnd),
      current_instant: calendarEnd.toString(),
      genesis_event: null,
      initial_states: null,
      branching_enabled: 1,
      parent_timeline_id: null,
      branching_event: null,
      created_at: now(),
      updated_at: now(),
    },
  ]);
  const calendarEvents = Array.from({ length: SIZES.events }, (_, i) => {
    const created = now();
    const instant = calendarStart + BigInt(i) * 60n;
    const who = engineCast[i % engineCast.length]?.id ?? '';
    return {
      id: uuidv7(),
      world_id: big.id,
      timeline_id: calendarTimelineId,
      name: `Realms entry ${i}`,
      description: null,
      date_time: instantSortKey(instant),
      instant: instant.toString(),
      character_attribute_changes: JSON.stringify({ version: 1, changes: [{ op: 'increment', characterId: who, path: 'renown', by: 1 }] }),
      inventory_changes: JSON.stringify({ version: 1, changes: [{ characterId: who, itemId: items[i % 100]?.id ?? '', quantity: 1 }] }),
      relationship_changes: null,
      is_branching_event: 0,
      child_timeline_id: null,
      created_at: created,
      updated_at: created,
    };
  });
  await insertBatched(db, mode, 'event', calendarEvents);
  // The middle event's moment, as the state route's date parameter reads it: YEAR-MONTH-DAYTHH:MM ERA.
  const mid = dateFromInstantOf(harptos.definition, calendarStart + BigInt(SIZES.events / 2) * 60n);
  const calendarMidDate = `${mid.year}-${mid.month}-${mid.day}T${mid.hour}:${mid.minute} ${mid.era ?? ''}`.trim();

  log(`${SIZES.quests} quests`);
  const quests = Array.from({ length: SIZES.quests }, (_, i) => {
    const created = now();
    return {
      id: uuidv7(),
      world_id: big.id,
      name: `Quest ${i}`,
      description: null,
      status: 'pending',
      is_optional: 0,
      difficulty: 1 + (i % 10),
      created_at: created,
      updated_at: created,
    };
  });
  await insertBatched(db, mode, 'quest', quests);

  if (mode.triggersOff) await recountWorlds(db);

  const sample = characters[Math.floor(SIZES.characters / 2)];
  return {
    userId,
    email,
    password,
    playerEmail,
    playerPassword: password,
    bigWorldId: big.id,
    smallWorldId: small[0]?.id ?? '',
    timelineId,
    branchTimelineId,
    sampleCharacterId: sample?.id ?? '',
    engineCharacterId: characters[0]?.id ?? '',
    searchTerm: 'Gwendolyn',
    calendarTimelineId,
    calendarMidDate,
    counts: { ...SIZES, worlds: SIZES.smallWorlds + 1 },
  };
}
