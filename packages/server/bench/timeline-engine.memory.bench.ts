/**
 * Timeline engine memory benchmark (issue 6 "server memory under that load"): the heap and resident memory the
 * engine keeps for the benchmark's world (100,000 characters, 10,000 items, 100,000 inventory entries, 50,000
 * relationships, 10,000 events over 1,000 characters on one timeline, with a branch), built by `bench/generate-world.ts`
 * through the data layer into SQLite.
 *
 * Run from packages/server: node --import tsx bench/timeline-engine.memory.bench.ts
 * The world is generated once into a child process's SQLite file (ENGINE_BENCH_DB=<file> keeps and reuses it), then a
 * fresh process with --expose-gc loads the replays as the routes do and prints process.memoryUsage() before and after,
 * and the time of the answers that read characters the replays do not hold.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type GeneratedWorld, generateWorld } from './generate-world.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { type StatePageQuery, answerState } from '../src/modules/timeline-engine/timeline-engine.answers.js';
import { EngineCache } from '../src/modules/timeline-engine/timeline-engine.cache.js';
import { withEngineSnapshot, wholeWorldReader } from '../src/modules/timeline-engine/timeline-engine.service.js';

const SELF = fileURLToPath(import.meta.url);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function generate(file: string): Promise<void> {
  const handle = connectDatabase({ databaseUrl: undefined, sqliteFile: file });
  try {
    await migrateToLatest(handle);
    const world = await generateWorld(handle.db, (line) => console.error(`[generate] ${line}`));
    fs.writeFileSync(`${file}.json`, JSON.stringify(world));
  } finally {
    await handle.destroy();
  }
}

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('Run the measuring step with --expose-gc.');
  collect();
  collect();
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

async function measure(file: string): Promise<void> {
  const world = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as GeneratedWorld;
  const handle = connectDatabase({ databaseUrl: undefined, sqliteFile: file });
  try {
    const db = handle.db;
    const untouchedId = world.sampleCharacterId;
    gc();
    const before = process.memoryUsage();
    const cache = new EngineCache();
    const state = (query: StatePageQuery) =>
      withEngineSnapshot(db, cache, wholeWorldReader(world.bigWorldId), async ({ replay, stored }) =>
        answerState(await replay(world.timelineId), { now: true }, query, stored),
      );
    const one = { search: null, page: null, limit: null };
    const [main, cold] = await timed(() =>
      withEngineSnapshot(db, cache, wholeWorldReader(world.bigWorldId), ({ replay }) => replay(world.timelineId)),
    );
    const [, branchCold] = await timed(() =>
      withEngineSnapshot(db, cache, wholeWorldReader(world.bigWorldId), ({ replay }) => replay(world.branchTimelineId)),
    );
    const [, warm] = await timed(() => state({ characterId: world.engineCharacterId, ...one }));
    const [, untouched] = await timed(() => state({ characterId: untouchedId, ...one }));
    const [, firstPage] = await timed(() => state({ characterId: null, search: world.searchTerm, page: 3, limit: 20 }));
    const [, nextPage] = await timed(() => state({ characterId: null, search: world.searchTerm, page: 4, limit: 20 }));
    gc();
    const after = process.memoryUsage();
    const peak = process.resourceUsage().maxRSS * 1024;
    console.log(`world: 100,000 characters; replayed ${main.plan.length.toLocaleString('en')} events (main) and its branch`);
    console.log(`cold: main timeline ${ms(cold)}, branch ${ms(branchCold)}`);
    console.log(
      `warm: state at the end of one touched character ${ms(warm)}, of an untouched character ${ms(untouched)}; a search page ${ms(firstPage)} (first), ${ms(nextPage)} (next)`,
    );
    console.log(`held: ${main.start.characters.size.toLocaleString('en')} characters in the main timeline's replay`);
    console.log(
      `heap used: ${mb(before.heapUsed)} before, ${mb(after.heapUsed)} with both replays and the name order cached (+${mb(after.heapUsed - before.heapUsed)})`,
    );
    console.log(`RSS: ${mb(before.rss)} before, ${mb(after.rss)} after, peak ${mb(peak)}`);
    // Last, so its transient memory is not in the figures above: every character's state (a 43 MB answer).
    const [full, fullTime] = await timed(() => state({ characterId: null, ...one }));
    console.log(
      `every character's state: ${full.characters.length.toLocaleString('en')} in ${ms(fullTime)}; peak RSS then ${mb(process.resourceUsage().maxRSS * 1024)}`,
    );
  } finally {
    await handle.destroy();
  }
}

const [mode, file] = process.argv.slice(2);
if (mode === 'generate' && file) {
  await generate(file);
} else if (mode === 'measure' && file) {
  await measure(file);
} else {
  const kept = process.env.ENGINE_BENCH_DB;
  const dir = kept ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-engine-memory-'));
  const target = kept ?? path.join(dir ?? '', 'bench.sqlite');
  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status ?? result.signal}`);
  };
  try {
    if (!fs.existsSync(`${target}.json`)) run(['--import', 'tsx', SELF, 'generate', target]);
    run(['--import', 'tsx', '--expose-gc', SELF, 'measure', target]);
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
