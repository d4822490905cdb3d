/**
 * Export and import memory benchmark (issue 13 "with the server's memory staying under its budget"): where the
 * server's memory goes while it exports the benchmark's big world (100,000 characters, built by
 * `bench/generate-world.ts` into SQLite) as a Loreforge bundle and imports that bundle as a new world.
 *
 * Run from packages/server: node --import tsx bench/transfer.memory.bench.ts
 * The world is generated once into a child process's SQLite file (TRANSFER_BENCH_DB=<file> keeps and reuses it).
 * Each run then copies that file and, in a fresh process started with the server's Node flags and environment
 * (package.json `config.nodeFlags` and `config.nodeEnv`) and --expose-gc, builds the app on the copy, listens,
 * and exports and imports through curl (so no client shares the process), sampling process.memoryUsage() every
 * 50 ms. Printed per step: its time, the
 * RSS after a full collection before it, the peak RSS (the kernel's high-water mark, reset before each step) and,
 * at the sampled peak, how the memory divides (V8 heap used and reserved, external, array buffers). With
 * TRANSFER_BENCH_SNAPSHOT=export:<s> or import:<s> a heap snapshot is written that many seconds into that step.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { type GeneratedWorld, generateWorld } from './generate-world.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { SERVER_NODE_ENV, SERVER_NODE_FLAGS } from '../test/server-process.js';

const SELF = fileURLToPath(import.meta.url);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

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

/** Resets the kernel's peak RSS of this process (Linux 4.0+); false where it cannot. */
function resetPeak(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** The kernel's peak RSS of this process since the last reset, in bytes (VmHWM). */
function peakRss(): number {
  const match = /VmHWM:\s+(\d+)\s+kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
}

/** This process's RSS split as the kernel counts it (anonymous, file-backed, shared memory), in bytes. */
function rssParts(): { anon: number; file: number; shmem: number } {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status)?.[1] ?? 0) * 1024;
  return { anon: kib('RssAnon'), file: kib('RssFile'), shmem: kib('RssShmem') };
}

/** RSS parts as text. */
const describeParts = (parts: ReturnType<typeof rssParts>): string =>
  `anonymous ${mb(parts.anon)}, file-backed ${mb(parts.file)}, shared memory ${mb(parts.shmem)}`;

/** Runs curl and waits for it; the client's memory stays out of this process. */
function curl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['--silent', '--show-error', '--fail-with-body', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`curl exited with ${code}: ${out.slice(0, 500)}`))));
  });
}

/**
 * Times one step while sampling memory every 50 ms.
 * @returns its duration in ms; prints the step's memory figures.
 */
async function step(name: string, snapshotAt: number | undefined, run: () => Promise<void>): Promise<number> {
  gc();
  const idle = process.memoryUsage();
  const idleParts = rssParts();
  const resettable = resetPeak();
  let atPeak = process.memoryUsage();
  let partsAtPeak = idleParts;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > atPeak.rss) {
      atPeak = now;
      partsAtPeak = rssParts();
    }
  }, 50);
  const snapshot =
    snapshotAt === undefined
      ? undefined
      : setTimeout(() => {
          const file = v8.writeHeapSnapshot(path.join(os.tmpdir(), `transfer-${name}-${Date.now()}.heapsnapshot`));
          console.log(`${name}: heap snapshot written to ${file}`);
        }, snapshotAt * 1000);
  const started = performance.now();
  try {
    await run();
  } finally {
    clearInterval(sampler);
    if (snapshot) clearTimeout(snapshot);
  }
  const ms = performance.now() - started;
  const peak = resettable ? peakRss() : atPeak.rss;
  console.log(
    `${name}: ${(ms / 1000).toFixed(1)} s; RSS ${mb(idle.rss)} idle (heap used ${mb(idle.heapUsed)}, external ${mb(idle.external)}), ` +
      `peak ${mb(peak)}${resettable ? '' : ' (sampled)'}`,
  );
  console.log(`  RSS idle: ${describeParts(idleParts)}; at the sampled peak: ${describeParts(partsAtPeak)}`);
  console.log(
    `  at the sampled peak: RSS ${mb(atPeak.rss)} = V8 heap ${mb(atPeak.heapTotal)} (used ${mb(atPeak.heapUsed)}), ` +
      `external ${mb(atPeak.external)} (array buffers ${mb(atPeak.arrayBuffers)}), ` +
      `the rest (code, stacks, native allocations such as SQLite's) ${mb(atPeak.rss - atPeak.heapTotal - atPeak.external)}`,
  );
  return ms;
}

async function measure(file: string): Promise<void> {
  const world = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as GeneratedWorld;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-transfer-memory-'));
  const sqliteFile = path.join(dataDir, 'loreforge.sqlite');
  fs.copyFileSync(file, sqliteFile);
  if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${sqliteFile}-wal`);
  const snapshotSpec = /^(export|import):(\d+(?:\.\d+)?)$/.exec(process.env.TRANSFER_BENCH_SNAPSHOT ?? '');
  const snapshotAt = (name: string) => (snapshotSpec?.[1] === name ? Number(snapshotSpec[2]) : undefined);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    TOKEN_SECRET: 'bench-secret',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '',
  });
  const database = connectDatabase({ databaseUrl: undefined, sqliteFile });
  await database.optimize();
  const app = await buildApp({ config, database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: world.email, password: world.password } });
    const { token } = login.json<{ token: string }>();
    const auth = ['--header', `authorization: Bearer ${token}`];
    const archive = path.join(dataDir, 'world.loreforge.zip');
    console.log(
      `node ${process.version}, flags ${process.execArgv.join(' ')}; load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    await step('export', snapshotAt('export'), async () => {
      await curl([...auth, '--output', archive, `${baseUrl}/api/worlds/${world.bigWorldId}/export?format=bundle`]);
    });
    console.log(`  bundle: ${mb(fs.statSync(archive).size)}`);
    let answer = '';
    await step('import', snapshotAt('import'), async () => {
      answer = await curl([
        ...auth,
        '--header',
        'content-type: application/zip',
        '--data-binary',
        `@${archive}`,
        `${baseUrl}/api/worlds/import`,
      ]);
    });
    const created = (JSON.parse(answer) as { created: Record<string, number> }).created;
    console.log(
      `  created: ${Object.entries(created)
        .map(([type, count]) => `${count} ${type}`)
        .join(', ')}`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const [mode, file] = process.argv.slice(2);
if (mode === 'generate' && file) {
  await generate(file);
} else if (mode === 'measure' && file) {
  await measure(file);
} else {
  const kept = process.env.TRANSFER_BENCH_DB;
  const dir = kept ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-transfer-world-'));
  const target = kept ?? path.join(dir ?? '', 'bench.sqlite');
  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...SERVER_NODE_ENV, ...process.env } });
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status ?? result.signal}`);
  };
  try {
    if (!fs.existsSync(`${target}.json`)) run(['--import', 'tsx', SELF, 'generate', target]);
    run([...SERVER_NODE_FLAGS, '--expose-gc', '--import', 'tsx', SELF, 'measure', target]);
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
