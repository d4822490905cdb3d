/**
 * The export and import case of the benchmark (issue 13 "Limits and safety"): the big world (100,000
 * characters) exported as a Loreforge bundle, then that bundle imported as a new world, once each, timing each
 * and sampling the server's resident memory meanwhile. Budgets: export under 30 s, import under 60 s.
 */
import http from 'node:http';
import type { RunningProcess } from '@loreforge/server/testing';
import { rssMb } from './processes.js';
import type { CaseResult } from './report.js';

/** Names of the two cases (and keys of their budgets). */
export const EXPORT_CASE = 'export the 100,000-character world (one run)';
export const IMPORT_CASE = 'import that bundle as a new world (one run)';

/** One timed step with the server's largest RSS during it; p50 and p99 both hold its duration. */
async function timed(server: RunningProcess, name: string, step: () => Promise<boolean>): Promise<CaseResult> {
  let maxRss = rssMb(server);
  const sampler = setInterval(() => {
    maxRss = Math.max(maxRss, rssMb(server));
  }, 100);
  const started = performance.now();
  let ok = false;
  try {
    ok = await step();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  return { name, reqPerSec: 1000 / ms, p50: ms, p99: ms, errors: ok ? 0 : 1, ratio: null, maxRssMb: maxRss };
}

/**
 * POSTs an archive and reads the answer without a time limit: fetch gives up waiting for headers after 300 s,
 * which a loaded machine may need for a 100,000-character import, and the case should then report its time.
 * @returns the status and the answer's text.
 */
function postArchive(url: string, headers: Record<string, string>, body: Uint8Array): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/zip', 'content-length': String(body.byteLength) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Exports a world and imports the archive, one request each.
 * @param log progress lines; @returns the two cases' figures (errors 1 when a step did not answer 2xx).
 */
export async function benchTransfer(
  server: RunningProcess,
  token: string,
  worldId: string,
  log: (line: string) => void,
): Promise<CaseResult[]> {
  const headers = { authorization: `Bearer ${token}` };
  let archive = new Uint8Array();
  const exported = await timed(server, EXPORT_CASE, async () => {
    const response = await fetch(`${server.baseUrl}/api/worlds/${worldId}/export?format=bundle`, { headers });
    archive = new Uint8Array(await response.arrayBuffer());
    return response.ok;
  });
  log(
    `export: ${(archive.byteLength / 1024 / 1024).toFixed(1)} MB in ${(exported.p50 / 1000).toFixed(1)} s, server RSS up to ${exported.maxRssMb.toFixed(0)} MB`,
  );
  const imported = await timed(server, IMPORT_CASE, async () => {
    const response = await postArchive(`${server.baseUrl}/api/worlds/import`, headers, archive);
    const ok = response.status >= 200 && response.status < 300;
    if (!ok) log(`import answered ${response.status}: ${response.text.slice(0, 300)}`);
    return ok;
  });
  log(`import: ${(imported.p50 / 1000).toFixed(1)} s, server RSS up to ${imported.maxRssMb.toFixed(0)} MB`);
  return [exported, imported];
}
