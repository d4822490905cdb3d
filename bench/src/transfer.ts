/**
 * The export and import case of the benchmark (issue 13 "Limits and safety"): the big world (100,000
 * characters) exported as a Loreforge bundle, then that bundle imported as a new world, once each, timing each
 * and sampling the server's resident memory meanwhile. Budgets: export under 30 s, import under 60 s, and the
 * server's RSS under MAX_RSS_MB during each. The caller gives the case a server of its own (as the live case),
 * so the peak is the transfer's and not what earlier cases' caches left in the heap; the log line gives the RSS
 * idle before each step and the peak during it.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RunningProcess } from '@loreforge/server/testing';
import { rssMb } from './processes.js';
import type { CaseResult } from './report.js';

/** Names of the two cases (and keys of their budgets). */
export const EXPORT_CASE = 'export the 100,000-character world (one run)';
export const IMPORT_CASE = 'import that bundle as a new world (one run)';

/** One step's memory: the server's RSS before the step began and its largest during the step, in MB. */
export interface StepMemory {
  idleMb: number;
  peakMb: number;
}

/** What the case measured beside its rows, for the log. */
export interface TransferMemory {
  export: StepMemory;
  import: StepMemory;
  /** The bundle's size in bytes. */
  archiveBytes: number;
}

/**
 * One timed step with the server's RSS before it and its largest during it (sampled every 100 ms); p50 and p99
 * both hold its duration.
 */
async function timed(
  server: RunningProcess,
  name: string,
  step: () => Promise<boolean>,
): Promise<{ result: CaseResult; memory: StepMemory }> {
  const idleMb = rssMb(server);
  let peakMb = idleMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(server));
  }, 100);
  const started = performance.now();
  let ok = false;
  try {
    ok = await step();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  peakMb = Math.max(peakMb, rssMb(server));
  return {
    result: { name, reqPerSec: 1000 / ms, p50: ms, p99: ms, errors: ok ? 0 : 1, ratio: null, maxRssMb: peakMb },
    memory: { idleMb, peakMb },
  };
}

/**
 * POSTs an archive file and reads the answer without a time limit: fetch gives up waiting for headers after
 * 300 s, which a loaded machine may need for a 100,000-character import, and the case should then report its time.
 * @returns the status and the answer's text.
 */
function postArchive(url: string, headers: Record<string, string>, file: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/zip', 'content-length': String(fs.statSync(file).size) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    fs.createReadStream(file).on('error', reject).pipe(request);
  });
}

/**
 * Exports a world into a temporary file and imports that file, one request each.
 * @param server a server started for this case alone (its memory is the transfer's).
 * @param onMemory told each step's idle and peak RSS at the end, for the log.
 * @returns the two cases' figures (errors 1 when a step did not answer 2xx).
 */
export async function benchTransfer(
  server: RunningProcess,
  token: string,
  worldId: string,
  log: (line: string) => void,
  onMemory: (memory: TransferMemory) => void = () => undefined,
): Promise<CaseResult[]> {
  const headers = { authorization: `Bearer ${token}` };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-bench-transfer-'));
  const file = path.join(dir, 'world.loreforge.zip');
  try {
    const exported = await timed(server, EXPORT_CASE, async () => {
      const response = await fetch(`${server.baseUrl}/api/worlds/${worldId}/export?format=bundle`, { headers });
      if (!response.ok || !response.body) {
        log(`export answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
        return false;
      }
      await pipeline(Readable.fromWeb(response.body), fs.createWriteStream(file));
      return true;
    });
    const archiveBytes = exported.result.errors === 0 ? fs.statSync(file).size : 0;
    log(`export: ${(archiveBytes / 1024 / 1024).toFixed(1)} MB in ${(exported.result.p50 / 1000).toFixed(1)} s`);
    const imported = await timed(server, IMPORT_CASE, async () => {
      if (archiveBytes === 0) return false;
      const response = await postArchive(`${server.baseUrl}/api/worlds/import`, headers, file);
      const ok = response.status >= 200 && response.status < 300;
      if (!ok) log(`import answered ${response.status}: ${response.text.slice(0, 300)}`);
      return ok;
    });
    log(`import: ${(imported.result.p50 / 1000).toFixed(1)} s`);
    onMemory({ export: exported.memory, import: imported.memory, archiveBytes });
    return [exported.result, imported.result];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
