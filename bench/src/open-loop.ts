/**
 * An open-loop load: requests arrive at a set mean rate, as a Poisson process (independent users, each asking when
 * they like), whether or not the earlier ones have been answered. A closed loop such as autocannon's keeps a
 * fixed number of requests in flight, so its latency is set by that number and the throughput (Little's law), not
 * by the server at a given load. Here each request's latency runs from the moment it was due, not from when it
 * left, so a server that falls behind pays for its whole queue (no coordinated omission).
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { seededRandom } from '@loreforge/server/bench-spread';

/** One request of an open-loop load, and what to do with its answer. */
export interface OpenLoopRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Called with the answer's status and headers (lower-case names), once its body has been read. */
  onAnswer?: (status: number, headers: Record<string, string | string[] | undefined>) => void;
}

/** What an open-loop load asks of the server. */
export interface OpenLoopOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** Mean arrivals a second, more than 0. */
  ratePerSecond: number;
  /** How long requests keep arriving, in seconds; the load then waits for the last answers. */
  seconds: number;
  /** The most requests on the wire at once (one per connection); later ones wait in the client, their wait counted. */
  connections: number;
  /** Draws the next request. */
  next: () => OpenLoopRequest;
  /** Seeds the arrivals' random gaps, so runs compare on the same schedule. */
  seed: number;
}

/** An open-loop load's figures (latencies in ms, from each request's due time to its answer's end). */
export interface OpenLoopResult {
  sent: number;
  /** Answers a second over the time from the first arrival to the last answer. */
  answeredPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Answers that were not 2xx, and requests that failed on the wire. */
  errors: number;
}

/** The value at quantile q (0..1) of sorted values, by the nearest rank. */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/**
 * Loads a server with Poisson arrivals at `ratePerSecond` for `seconds`, then waits for every answer.
 * Arrivals are released on a 1 ms timer, so a request may leave up to about a millisecond after it was due;
 * that delay counts in its latency.
 * @returns the latency quantiles (ms), the answers' rate and the errors.
 * @throws Error when the rate or duration is not a positive number.
 */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { ratePerSecond, seconds } = options;
  if (!(ratePerSecond > 0) || !(seconds > 0))
    throw new Error(`An open loop needs a positive rate and duration (got ${ratePerSecond}/s for ${seconds} s).`);
  const uniform = seededRandom(options.seed);
  const pool = new Pool(options.baseUrl, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const answers: Array<Promise<void>> = [];

  const send = async (due: number): Promise<void> => {
    const request = options.next();
    try {
      const answer = await pool.request({
        method: request.method,
        path: request.path,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      await answer.body.dump();
      latencies.push(performance.now() - due);
      if (answer.statusCode < 200 || answer.statusCode >= 300) errors += 1;
      request.onAnswer?.(answer.statusCode, answer.headers);
    } catch {
      errors += 1;
      latencies.push(performance.now() - due);
    }
  };

  const started = performance.now();
  const end = started + seconds * 1000;
  // The next arrival's due time: exponential gaps of mean 1/rate.
  let due = started - (Math.log(1 - uniform()) / ratePerSecond) * 1000;
  await new Promise<void>((resolve) => {
    const release = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        answers.push(send(due));
        sent += 1;
        due -= (Math.log(1 - uniform()) / ratePerSecond) * 1000;
      }
      if (due >= end) resolve();
      else setTimeout(release, 1);
    };
    release();
  });
  await Promise.all(answers);
  const finished = performance.now();
  await pool.close();
  const sorted = Float64Array.from(latencies).sort();
  return {
    sent,
    answeredPerSecond: latencies.length / ((finished - started) / 1000),
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    errors,
  };
}
