/**
 * Timeline engine benchmark (issue 5 "Speed"): the state at the end of a 10,000-event timeline over 1,000
 * characters, cold (nothing cached) and warm (cached), in memory and through SQLite (as the route answers it:
 * one snapshot of the database, the replay from the cache, the characters it does not hold read on demand).
 * Target on a 2-core machine: 50 ms warm, 500 ms cold. Run: node --import tsx bench/timeline-engine.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { newId } from '../src/lib/ids.js';
import type { EngineEvent, StartState } from '../src/modules/timeline-engine/engine/types.js';
import { resolveMoment } from '../src/modules/timeline-engine/engine/moment.js';
import { replayTimeline, stateAfter } from '../src/modules/timeline-engine/engine/replay.js';
import { type StatePageQuery, answerState } from '../src/modules/timeline-engine/timeline-engine.answers.js';
import { EngineCache } from '../src/modules/timeline-engine/timeline-engine.cache.js';
import { withEngineSnapshot, wholeWorldReader } from '../src/modules/timeline-engine/timeline-engine.service.js';

const CHARACTERS = 1_000;
const ITEMS = 50;
const EVENTS = 10_000;
const WARM_RUNS = 20;

const characterIds = Array.from({ length: CHARACTERS }, () => newId());
const itemIds = Array.from({ length: ITEMS }, () => newId());
const doc = (changes: unknown[]) => ({ version: 1, changes });

/** Who holds each item as the events are generated: item k starts with character k. */
const holders = itemIds.map((_, k) => k);

/** Event i: two attribute changes, every other event a transfer of an item from its holder, every fifth a relationship change. */
function changesOf(i: number): Pick<EngineEvent, 'characterAttributeChanges' | 'inventoryChanges' | 'relationshipChanges'> {
  const a = characterIds[i % CHARACTERS] ?? '';
  const k = i % ITEMS;
  const from = holders[k] ?? 0;
  const to = (from * 7 + i + 1) % CHARACTERS;
  if (i % 2 === 0) holders[k] = to;
  return {
    characterAttributeChanges: doc([
      { op: 'increment', characterId: a, path: 'stats.xp', by: 5 },
      { op: 'set', characterId: a, path: 'mood', value: i % 3 === 0 ? 'calm' : 'brave' },
    ]),
    inventoryChanges:
      i % 2 === 0
        ? doc([
            { characterId: characterIds[from], itemId: itemIds[k], quantity: -1 },
            { characterId: characterIds[to], itemId: itemIds[k], quantity: 1 },
          ])
        : null,
    relationshipChanges:
      i % 5 === 0
        ? doc([
            {
              op: 'update',
              characterId: a,
              targetCharacterId: characterIds[((i % CHARACTERS) * 7 + 1) % CHARACTERS],
              delta: { affinity: 1 },
            },
          ])
        : null,
  };
}

/** The events' changes, generated once so both runs replay the same story. */
const CHANGES = Array.from({ length: EVENTS }, (_, i) => changesOf(i));

const dateOf = (i: number) => new Date(Date.UTC(1000, 0, 1) + i * 3_600_000).toISOString();

function time<T>(run: () => T): [T, number] {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
}

async function timeAsync<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function benchInMemory(): void {
  const start: StartState = {
    characters: new Map(),
    characterNames: new Map(),
    itemNames: new Map(itemIds.map((id, i) => [id, `Item ${i}`])),
  };
  characterIds.forEach((id, i) => {
    start.characterNames.set(id, `Character ${i}`);
    start.characters.set(id, {
      attributes: { stats: { xp: 0, hp: 10 }, mood: 'calm' },
      inventory: new Map(i < ITEMS ? [[itemIds[i] ?? '', { quantity: 1, equipped: false }]] : []),
      relationships: new Map([
        [
          characterIds[(i * 7 + 1) % CHARACTERS] ?? '',
          {
            relationshipType: 'friend',
            description: null,
            affinity: 0,
            powerBalance: 0,
            trustLevel: 0,
            communicationStyle: null,
            pastInteractions: null,
            currentGoalAlignment: null,
            dependenceLevel: null,
          },
        ],
      ]),
    });
  });
  const events: EngineEvent[] = CHANGES.map((changes, i) => ({
    id: newId(),
    timelineId: 'main',
    name: `Event ${i}`,
    dateTime: dateOf(i),
    createdAt: dateOf(i),
    ...changes,
  }));
  const timeline = { id: 'main', name: 'Main', currentDateTime: dateOf(EVENTS), parentTimelineId: null, branchingEventId: null };
  // The first replay in a fresh process also pays for compiling the engine; a running server has done that.
  const [, first] = time(() => replayTimeline(start, [{ timeline, events }]));
  const [replay, cold] = time(() => replayTimeline(start, [{ timeline, events }]));
  console.log(`in memory: first replay in a fresh process ${ms(first)}`);
  const [, end] = time(() => stateAfter(replay, replay.plan.length));
  const warm: number[] = [];
  for (let run = 0; run < WARM_RUNS; run += 1) {
    const at = dateOf(Math.floor(Math.random() * EVENTS));
    warm.push(time(() => stateAfter(replay, resolveMoment(replay, { at })?.count ?? 0))[1]);
  }
  const issues = replay.outcomes.reduce((sum, outcome) => sum + outcome.issues.length, 0);
  console.log(
    `in memory: replay ${ms(cold)} cold; state at the end ${ms(end)}; state at a random moment ${ms(Math.max(...warm))} worst of ${WARM_RUNS} (issues: ${issues})`,
  );
}

async function benchSqlite(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-engine-bench-'));
  const handle = connectDatabase({ databaseUrl: undefined, sqliteFile: path.join(dir, 'bench.sqlite') });
  try {
    await migrateToLatest(handle);
    const db = handle.db;
    const now = new Date().toISOString();
    const userId = newId();
    const worldId = newId();
    const timelineId = newId();
    await db
      .insertInto('user')
      .values({ id: userId, username: 'bench', email: 'bench@example.test', password_hash: 'x', created_at: now, updated_at: now })
      .execute();
    await db
      .insertInto('world')
      .values({
        id: worldId,
        name: 'Bench',
        description: null,
        created_by: userId,
        character_count: CHARACTERS,
        timeline_count: 1,
        map_count: 0,
        event_count: EVENTS,
        item_count: ITEMS,
        content_version: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let i = 0; i < CHARACTERS; i += 200) {
      await db
        .insertInto('character')
        .values(
          characterIds.slice(i, i + 200).map((id, j) => ({
            id,
            world_id: worldId,
            name: `Character ${i + j}`,
            description: null,
            attributes: JSON.stringify({ stats: { xp: 0, hp: 10 }, mood: 'calm' }),
            current_location_id: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    await db
      .insertInto('item')
      .values(
        itemIds.map((id, i) => ({
          id,
          world_id: worldId,
          name: `Item ${i}`,
          description: null,
          properties: '{}',
          attributes: '{}',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('inventory_item')
      .values(
        itemIds.map((itemId, i) => ({
          id: newId(),
          world_id: worldId,
          character_id: characterIds[i] ?? '',
          item_id: itemId,
          quantity: 1,
          equipped: 0,
          notes: null,
          attributes: '{}',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('timeline')
      .values({
        id: timelineId,
        world_id: worldId,
        name: 'Main',
        description: null,
        current_date_time: dateOf(EVENTS),
        genesis_event: null,
        initial_states: null,
        branching_enabled: 1,
        parent_timeline_id: null,
        branching_event: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let i = 0; i < EVENTS; i += 500) {
      await db
        .insertInto('event')
        .values(
          CHANGES.slice(i, i + 500).map((changes, j) => {
            const text = (value: unknown) => (value === null ? null : JSON.stringify(value));
            return {
              id: newId(),
              world_id: worldId,
              timeline_id: timelineId,
              name: `Event ${i + j}`,
              description: null,
              date_time: dateOf(i + j),
              character_attribute_changes: text(changes.characterAttributeChanges),
              inventory_changes: text(changes.inventoryChanges),
              relationship_changes: text(changes.relationshipChanges),
              is_branching_event: 0,
              child_timeline_id: null,
              created_at: now,
              updated_at: now,
            };
          }),
        )
        .execute();
    }
    const cache = new EngineCache();
    // What the route answers: one snapshot of the database, the replay from the cache, the answer.
    const stateAtEnd = (query: StatePageQuery) => () =>
      withEngineSnapshot(db, cache, wholeWorldReader(worldId), async ({ replay, stored }) =>
        answerState(await replay(timelineId), { now: true }, query, stored),
      );
    const one = stateAtEnd({ characterId: characterIds[0] ?? null, search: null, page: null, limit: null });
    const [, cold] = await timeAsync(one);
    const warm: number[] = [];
    for (let run = 0; run < WARM_RUNS; run += 1) warm.push((await timeAsync(one))[1]);
    warm.sort((a, b) => a - b);
    console.log(
      `SQLite: state of a character at the end ${ms(cold)} cold (load + replay); warm median ${ms(warm[Math.floor(WARM_RUNS / 2)] ?? 0)}, worst ${ms(warm.at(-1) ?? 0)} (snapshot, fingerprint query, cache hit)`,
    );
    const page = stateAtEnd({ characterId: null, search: 'character 1', page: 2, limit: 20 });
    const [, firstPage] = await timeAsync(page);
    const [, nextPage] = await timeAsync(page);
    console.log(`SQLite: a search page of the state at the end ${ms(firstPage)} first (name order built), ${ms(nextPage)} after`);
    cache.invalidate(worldId);
    const [, recold] = await timeAsync(one);
    console.log(`SQLite: after an invalidation ${ms(recold)} (events and the characters they name reloaded)`);
  } finally {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Timeline engine: ${EVENTS.toLocaleString('en')} events over ${CHARACTERS.toLocaleString('en')} characters (target: 50 ms warm, 500 ms cold)`,
);
benchInMemory();
await benchSqlite();
