/**
 * The API part of the benchmark's report: the budgets of the performance issue (ratios to the in-run
 * baseline, latencies, req/s, memory) and one table with SQLite and PostgreSQL side by side, each case judged
 * PASS or FAIL. PostgreSQL has no budget of its own; it must not be more than 3× slower than SQLite (2.5× on
 * the spread cases). The cases that repeat one URL are answered from the read cache and are printed apart, as
 * cache hits, from the spread cases, whose answers are mostly built anew (the cache-miss path).
 */

/** The spread case with reads only (spread.ts). */
export const SPREAD_READS = 'spread reads (100 worlds, 10 users)';
/** The spread case where one request in ten creates or edits a character. */
export const SPREAD_WRITES = 'spread reads + 10% writes';
/** The spread case read as each world's player: every read runs the visibility rule (issue 11). */
export const SPREAD_PLAYER = "spread reads, a player's view";
/** The state of a world-calendar timeline of 10,000 events at a date of its calendar (issue 12). */
export const CALENDAR_STATE_CASE = 'calendar timeline state at a date (10,000 events)';
/** The first page of a world-calendar timeline's 10,000 events, sorted by date (issue 12). */
export const CALENDAR_LIST_CASE = 'calendar timeline events sorted by date (10,000 events)';
/** Names of the spread cases, printed in their own part of the table. */
const SPREAD_CASES = new Set([SPREAD_READS, SPREAD_WRITES, SPREAD_PLAYER]);

/** A spread case loaded again as an open loop (BENCH_SPREAD_OPEN_LOOP): the rate asked for and what it measured. */
export interface OpenLoopFigures {
  ratePerSecond: number;
  answeredPerSecond: number;
  sent: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
}

/** One load case's measurement. */
export interface CaseResult {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Errors, timeouts and non-2xx answers; -1 when the case could not run. */
  errors: number;
  /** req/s over the baseline's req/s, when the baseline ran. */
  ratio: number | null;
  /** The server's largest resident memory during this case (its warm-up included), in MB. */
  maxRssMb: number;
  /** Set on a spread case when BENCH_SPREAD_OPEN_LOOP is: its open loop's figures, not judged by any budget. */
  openLoop?: OpenLoopFigures;
}

/** One database's run. */
export interface DialectResult {
  dialect: 'sqlite' | 'postgres';
  baselineReqPerSec: number;
  cases: CaseResult[];
  maxRssMb: number;
  generateSeconds: number;
}

/** A case's budget on SQLite; every bound given must hold. */
interface Budget {
  minRatio?: number;
  maxP99Ms?: number;
  maxP50Ms?: number;
  minReqPerSec?: number;
  /** The server's largest RSS during the case, in MB (judged on both databases: memory is no slower there). */
  maxRssMb?: number;
}

/** Resident memory budget of the server under the load, in MB. */
export const MAX_RSS_MB = 250;

/** Budgets by case name (the names of run.ts's cases). */
export const BUDGETS: Record<string, Budget> = {
  'characters page 1': { minRatio: 0.25, maxP99Ms: 25 },
  // The same page through the visibility rule: the player's answers must be as quick as the owner's (issue 11).
  "a player's characters page 1": { minRatio: 0.25, maxP99Ms: 25 },
  'characters page 5,000 (page number)': { minRatio: 0.05 },
  'characters page 5,000 (cursor)': { minRatio: 0.25 },
  'search "Gwendolyn" (~1.5%)': { minRatio: 0.1 },
  'one character by id': { minRatio: 0.3 },
  'worlds list with counts': { minRatio: 0.25 },
  'create a character (POST)': { minReqPerSec: 2000 },
  'timeline state at the end (10,000 events)': { maxP50Ms: 50 },
  // A timeline in its own calendar keeps the Gregorian timeline's budget (issue 12 "with the same budget").
  [CALENDAR_STATE_CASE]: { maxP50Ms: 50 },
  [CALENDAR_LIST_CASE]: { maxP50Ms: 50 },
  'world search "Gwendolyn"': { maxP50Ms: 100 },
  'world search "Gwendolin" (typo)': { maxP50Ms: 100 },
  // Each keystroke's answer, uncached and alone: the slowest must stay under 100 ms (the palette's promise).
  'world search, typed (uncached, one at a time)': { maxP99Ms: 100 },
  // Issue 13: one export of the big world, then one import of that bundle (p50 is the one run's duration), each
  // on a server of its own whose memory must stay under the server's budget (MAX_RSS_MB).
  'export the 100,000-character world (one run)': { maxP50Ms: 30_000, maxRssMb: MAX_RSS_MB },
  'import that bundle as a new world (one run)': { maxP50Ms: 60_000, maxRssMb: MAX_RSS_MB },
  [SPREAD_READS]: { minRatio: 0.15, maxP99Ms: 20 },
  [SPREAD_WRITES]: { minRatio: 0.12, maxP99Ms: 30 },
  // A player's view keeps the budget of the owners' reads.
  [SPREAD_PLAYER]: { minRatio: 0.15, maxP99Ms: 20 },
};

/** How much slower than SQLite PostgreSQL may be, as a factor of req/s. */
export const MAX_POSTGRES_SLOWDOWN = 3;
/** The same bound on the spread cases. */
export const MAX_POSTGRES_SLOWDOWN_SPREAD = 2.5;

/** How many times slower than SQLite PostgreSQL may be on a case. */
export function maxPostgresSlowdown(name: string): number {
  return SPREAD_CASES.has(name) ? MAX_POSTGRES_SLOWDOWN_SPREAD : MAX_POSTGRES_SLOWDOWN;
}

/** The budget as text, e.g. "≥ 25%, p99 < 25 ms". */
function describe(budget: Budget | undefined): string {
  if (!budget) return '';
  const parts: string[] = [];
  if (budget.minRatio !== undefined) parts.push(`≥ ${budget.minRatio * 100}%`);
  if (budget.maxP99Ms !== undefined) parts.push(`p99 < ${budget.maxP99Ms} ms`);
  if (budget.maxP50Ms !== undefined) parts.push(`p50 ≤ ${budget.maxP50Ms} ms`);
  if (budget.minReqPerSec !== undefined) parts.push(`≥ ${budget.minReqPerSec.toLocaleString('en')} req/s`);
  if (budget.maxRssMb !== undefined) parts.push(`RSS < ${budget.maxRssMb} MB`);
  return parts.join(', ');
}

/**
 * Whether a SQLite case meets its budget (and answered without errors).
 * @returns true, false, or undefined when the case has no budget.
 */
export function meetsBudget(result: CaseResult): boolean | undefined {
  const budget = BUDGETS[result.name];
  if (!budget) return undefined;
  if (result.errors !== 0) return false;
  if (budget.minRatio !== undefined && (result.ratio ?? 0) < budget.minRatio) return false;
  if (budget.maxP99Ms !== undefined && result.p99 >= budget.maxP99Ms) return false;
  if (budget.maxP50Ms !== undefined && result.p50 > budget.maxP50Ms) return false;
  if (budget.minReqPerSec !== undefined && result.reqPerSec < budget.minReqPerSec) return false;
  if (budget.maxRssMb !== undefined && result.maxRssMb >= budget.maxRssMb) return false;
  return true;
}

/**
 * Prints one table: each case's req/s, ratio to the baseline, p50 and p99 on SQLite with its budget and result,
 * and, when PostgreSQL ran, its figures beside them with how many times slower it is (FAIL past 3×).
 * @returns the number of failed budgets.
 */
export function printApiTable(results: DialectResult[]): number {
  const sqlite = results.find((r) => r.dialect === 'sqlite');
  const postgres = results.find((r) => r.dialect === 'postgres');
  let failures = 0;
  const cell = (text: string, width: number) => text.padStart(width);
  const figures = (c: CaseResult | undefined): string => {
    if (!c || c.errors === -1) return cell('n/a', 9) + cell('', 8) + cell('', 7) + cell('', 7) + cell('', 7);
    const ratio = c.ratio === null ? '—' : `${(c.ratio * 100).toFixed(1)}%`;
    return (
      cell(c.reqPerSec.toFixed(0), 9) +
      cell(ratio, 8) +
      cell(c.p50.toFixed(0), 7) +
      cell(c.p99.toFixed(0), 7) +
      cell(c.maxRssMb.toFixed(0), 7)
    );
  };
  for (const r of results) {
    console.log(
      `\n${r.dialect}: baseline (bare Fastify, same page) ${r.baselineReqPerSec.toFixed(0)} req/s; world generated in ${r.generateSeconds.toFixed(0)} s`,
    );
  }
  const head = `${'case'.padEnd(42)}${cell('req/s', 9)}${cell('ratio', 8)}${cell('p50', 7)}${cell('p99', 7)}${cell('RSS', 7)}  ${'budget (SQLite)'.padEnd(30)}${'result'.padEnd(8)}`;
  const pgHead = postgres
    ? `${cell('PG req/s', 9)}${cell('ratio', 8)}${cell('p50', 7)}${cell('p99', 7)}${cell('RSS', 7)}${cell('PG slower', 10)}  result`
    : '';
  console.log(`\n${head}${pgHead}`);
  const cases = sqlite?.cases ?? [];
  const parts = [
    {
      title: '— cache hits: one URL asked over and over, answered from the read cache —',
      cases: cases.filter((c) => !SPREAD_CASES.has(c.name)),
    },
    {
      title: '— spread: requests drawn at random, most answers built anew (the cache-miss path) —',
      cases: cases.filter((c) => SPREAD_CASES.has(c.name)),
    },
  ];
  for (const part of parts) {
    if (part.cases.length > 0) console.log(part.title);
    for (const c of part.cases) {
      const pass = meetsBudget(c);
      if (pass === false) failures += 1;
      let line = `${c.name.padEnd(42)}${figures(c)}  ${describe(BUDGETS[c.name]).padEnd(30)}${(pass === undefined ? '' : pass ? 'PASS' : 'FAIL').padEnd(8)}`;
      if (postgres) {
        const pg = postgres.cases.find((p) => p.name === c.name);
        const slower = pg && pg.reqPerSec > 0 ? c.reqPerSec / pg.reqPerSec : Number.POSITIVE_INFINITY;
        const pgRss = BUDGETS[c.name]?.maxRssMb;
        const pgPass = pg?.errors === 0 && slower <= maxPostgresSlowdown(c.name) && (pgRss === undefined || pg.maxRssMb < pgRss);
        if (!pgPass) failures += 1;
        line += `${figures(pg)}${cell(`${slower.toFixed(2)}×`, 10)}  ${pgPass ? 'PASS' : 'FAIL'}`;
      }
      console.log(line);
      if (c.openLoop) {
        const o = c.openLoop;
        console.log(
          `  open loop at ${o.ratePerSecond.toFixed(0)} req/s (not judged): p50 ${o.p50.toFixed(1)} · p90 ${o.p90.toFixed(1)} · p99 ${o.p99.toFixed(1)} · max ${o.max.toFixed(1)} ms`,
        );
      }
    }
  }
  for (const r of results) {
    const pass = r.maxRssMb < MAX_RSS_MB;
    if (!pass) failures += 1;
    console.log(
      `${`server max RSS under the load, ${r.dialect}`.padEnd(42)}${cell(`${r.maxRssMb.toFixed(0)} MB`, 9)}${''.padEnd(31)}  ${`< ${MAX_RSS_MB} MB`.padEnd(30)}${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(
    "(p50 and p99 in ms; RSS: the server's largest resident memory during the case, in MB; ratio = req/s over the baseline measured in the same run)",
  );
  return failures;
}
