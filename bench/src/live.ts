/**
 * The live feed's bench case (issue 15): N open change streams of one world on one server while creates run
 * in that world with autocannon. Every stream must receive every created character exactly once; reported are
 * the creates per second, the p50 and p99 delivery latency (from the change's commit time to its arrival in
 * this process, in ms), the deliveries missing or repeated (as errors), and the server's largest resident memory
 * during the case, sampled here from the server process itself (/proc VmRSS). The caller gives the case a server
 * of its own, so that figure is the live feed's and not what earlier cases' caches left in the heap.
 */
import autocannon from 'autocannon';
import type { RunningProcess } from '@loreforge/server/testing';
import type { CaseResult } from './report.js';
import { rssMb } from './processes.js';

/** How many streams the case opens (BENCH_LIVE_STREAMS, default 500). */
export const LIVE_STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 500);

/** The case's name in the table. */
export const LIVE_CASE = `live feed: ${LIVE_STREAMS} streams during creates`;

interface Stream {
  /** Sequences received, in order. */
  sequences: number[];
  close: () => void;
}

/** Opens one stream and records each change's sequence and delivery latency into `latencies`. */
async function openStream(baseUrl: string, token: string, worldId: string, latencies: number[]): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/worlds/${worldId}/changes`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`a live stream answered ${response.status}: ${await response.text()}`);
  const stream: Stream = { sequences: [], close: () => controller.abort() };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!block.includes('event: change')) continue;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const change = JSON.parse(data.slice(6)) as { sequence: number; at: string };
          stream.sequences.push(change.sequence);
          latencies.push(Date.now() - Date.parse(change.at));
        }
      }
    } catch {
      // closed by the case
    }
  })();
  return stream;
}

/** How many characters the world holds, from its characters list's total. */
async function characterCount(baseUrl: string, token: string, worldId: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/worlds/${worldId}/characters?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`the characters list answered ${response.status}`);
  return ((await response.json()) as { pagination: { totalItems: number } }).pagination.totalItems;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** What the case measured beside its row: the server's memory before the streams opened and with them open. */
export interface LiveMemory {
  /** RSS before any stream opened, in MB. */
  idleMb: number;
  /** RSS once every stream is open, before the creates, in MB. */
  openMb: number;
  /** The largest RSS during the case, in MB (the row's maxRssMb). */
  peakMb: number;
}

/**
 * Runs the case. The server must allow LIVE_STREAMS streams per user (LIVE_STREAMS_PER_USER), and should run
 * nothing else, so its memory is the live feed's.
 * @param server the server process (its memory is sampled every 100 ms).
 * @param durationSeconds how long the creates run.
 * @param onMemory told the memory figures at the end, for the log.
 * @returns the case's row (ratio null: creates have no baseline).
 */
export async function liveFeedCase(
  server: RunningProcess,
  token: string,
  worldId: string,
  durationSeconds: number,
  onMemory: (memory: LiveMemory) => void = () => undefined,
): Promise<CaseResult> {
  const baseUrl = server.baseUrl;
  const latencies: number[] = [];
  const streams: Stream[] = [];
  const idleMb = rssMb(server);
  let peakMb = idleMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server))), 100);
  try {
    for (let opened = 0; opened < LIVE_STREAMS; opened += 50) {
      streams.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, LIVE_STREAMS - opened) }, () => openStream(baseUrl, token, worldId, latencies)),
        )),
      );
    }
    const openMb = rssMb(server);
    const before = await characterCount(baseUrl, token, worldId);
    const result = await autocannon({
      url: `${baseUrl}/api/worlds/${worldId}/characters`,
      method: 'POST',
      connections: 10,
      duration: durationSeconds,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Live newcomer', description: null, attributes: {} }),
    });
    // What was committed, read from the world: autocannon stops with up to one create per connection in flight,
    // which the server may still commit (and stream) without autocannon counting its answer.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const created = (await characterCount(baseUrl, token, worldId)) - before;
    // Deliveries still in flight when the load stopped get a few seconds to arrive.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && streams.some((stream) => stream.sequences.length < created))
      await new Promise((resolve) => setTimeout(resolve, 100));
    let wrong = 0;
    for (const stream of streams) {
      const distinct = new Set(stream.sequences).size;
      const ordered = stream.sequences.every((sequence, index) => index === 0 || sequence > (stream.sequences[index - 1] ?? 0));
      wrong += Math.abs(created - distinct) + (stream.sequences.length - distinct) + (ordered ? 0 : 1);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    peakMb = Math.max(peakMb, rssMb(server));
    onMemory({ idleMb, openMb, peakMb });
    return {
      name: LIVE_CASE,
      reqPerSec: result['2xx'] / durationSeconds,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      errors: wrong + result.errors + result.non2xx,
      ratio: null,
      maxRssMb: peakMb,
    };
  } finally {
    clearInterval(sampler);
    for (const stream of streams) stream.close();
  }
}
