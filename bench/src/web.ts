/**
 * The web budgets of the benchmark, measured in Debian's Chromium against the real server serving the built app:
 * the landing page's JavaScript (gzipped), Lighthouse performance and accessibility on the landing page and the
 * signed-in home, and the timeline screen with 10,000 events (time to first rendered events, long tasks while
 * scrolling). Each figure is the median of BENCH_WEB_RUNS runs (default 3); the machine is shared, so one run
 * is noisy.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse, { desktopConfig } from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import type { GeneratedWorld } from '@loreforge/server/bench-world';
import { TIMELINE_CARD_HEIGHT } from '@loreforge/web/timeline-layout';
import { signIn } from '@loreforge/client';
import { BUILT_SERVER, type RunningProcess, SERVER_NODE_FLAGS, freePort, startProcess } from '@loreforge/server/testing';
import { REPO_ROOT } from './processes.js';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
/** `mobile` (Lighthouse's default: a mid-range phone on slow 4G, simulated) or `desktop`. */
const FORM_FACTOR = process.env.BENCH_LIGHTHOUSE === 'desktop' ? 'desktop' : 'mobile';
const DIST_DIR = path.join(REPO_ROOT, 'packages/web/dist');
const TOKEN_KEY = 'loreforge.token';
const USER_KEY = 'loreforge.user';
/**
 * The web measurements to run (BENCH_WEB_PARTS, comma-separated; default all): `landing` (its JavaScript and
 * Lighthouse), `home` (Lighthouse signed in), `world` (the world page's TTI), `timeline`.
 */
const PARTS = new Set((process.env.BENCH_WEB_PARTS ?? 'landing,home,world,timeline').split(',').map((part) => part.trim()));
/** When set, every Lighthouse report is written there as JSON (`<page>-<run>.json`), to read its network chain. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR;
/** Pixels scrolled per animation frame: 20 timeline cards' height, a fast fling through all 10,000 events. */
const SCROLL_STEP = 20 * TIMELINE_CARD_HEIGHT;

/** One measured web figure with its budget. */
export interface WebFigure {
  name: string;
  /** The median of `runs`. */
  value: number;
  unit: string;
  budget: string;
  pass: boolean;
  runs: number[];
  /** Extra facts worth printing (e.g. the longest long task). */
  detail?: string;
}

/** Everything the web part of the benchmark found. */
export interface WebResult {
  figures: WebFigure[];
  lighthouseFormFactor: 'mobile' | 'desktop';
  /** Why a measurement could not run, if one could not. */
  errors: string[];
}

interface Session {
  token: string;
  user: unknown;
}

/** A progress line on stderr, with the seconds since the bench started. */
const log = (line: string) => console.error(`[bench ${Math.round(process.uptime())}s] web: ${line}`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function figure(
  name: string,
  runs: number[],
  unit: string,
  budget: string,
  passes: (value: number) => boolean,
  detail?: string,
): WebFigure {
  const value = median(runs);
  return { name, value, unit, budget, pass: passes(value), runs, ...(detail ? { detail } : {}) };
}

/** Chromium with a DevTools port (for Lighthouse) and a fresh profile; playwright attaches over CDP. */
async function startChromium(): Promise<{ port: number; browser: Browser; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-bench-chromium-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Chromium (${CHROMIUM_PATH}) did not open its DevTools port`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  return {
    port,
    browser,
    stop: async () => {
      await browser.close().catch(() => undefined);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        // The child may have exited during the wait above; TypeScript keeps the narrowing from before it.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- exitCode changes while awaiting
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      // Chromium's helper processes can still be writing the profile as the browser exits: retry the removal, and
      // if they outlast the retries leave the temporary folder behind rather than fail a finished run on ENOTEMPTY.
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`Could not remove Chromium's temporary profile ${profile}: ${(error as Error).message}`);
      }
    },
  };
}

/** Total gzipped bytes of the scripts a cold load of `/` fetches (each body gzipped with node:zlib, level 9). */
async function landingScriptBytes(browser: Browser, baseUrl: string): Promise<{ bytes: number; files: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const bodies: Array<Promise<number>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type === 'script' || contentType.includes('javascript')) {
        bodies.push(
          response.body().then(
            (body) => zlib.gzipSync(body, { level: 9 }).length,
            () => 0,
          ),
        );
      }
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(bodies);
    return { bytes: sizes.reduce((sum, size) => sum + size, 0), files: sizes.length };
  } finally {
    await context.close();
  }
}

/** Puts the session into the default browser context's localStorage and empties the HTTP cache. */
async function signInDefaultContext(browser: Browser, baseUrl: string, session: Session | null): Promise<void> {
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context');
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate(
      `(${JSON.stringify(session)} === null) ? localStorage.clear() : (localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(session?.token ?? '')}), localStorage.setItem(${JSON.stringify(USER_KEY)}, ${JSON.stringify(JSON.stringify(session?.user ?? null))}))`,
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  } finally {
    await page.close();
  }
}

/** How long Lighthouse waits for a page to load before it measures what it has (its default is 45 s). */
const LOAD_WAIT_MS = 15_000;

/** One Lighthouse run; with a session, the origin's storage is kept (so the app starts signed in) but the cache is cold. */
async function lighthouseScores(
  port: number,
  url: string,
  keepStorage: boolean,
  reportName: string,
): Promise<{ performance: number; accessibility: number; failing: string[]; metrics: string; interactiveMs: number }> {
  const run = () =>
    lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: keepStorage,
        // A world page keeps its live change stream open, so the network never goes quiet and Lighthouse would wait
        // out its default 45 s on every run; every page here has loaded within a few seconds.
        maxWaitForLoad: LOAD_WAIT_MS,
      },
      FORM_FACTOR === 'desktop' ? desktopConfig : undefined,
    );
  // On a busy machine the trace sometimes misses its navigation start (NO_NAVSTART); one retry is enough.
  let result = await run();
  if (result?.lhr.runtimeError) result = await run();
  if (REPORT_DIR && result) {
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORT_DIR, `${reportName}.json`), JSON.stringify(result.lhr));
  }
  const categories = result?.lhr.categories;
  const performance = categories?.performance?.score;
  const accessibility = categories?.accessibility?.score;
  if (typeof performance !== 'number' || typeof accessibility !== 'number') {
    throw new Error(`Lighthouse gave no scores for ${url}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
  }
  const audits = result?.lhr.audits ?? {};
  const failing = (categories?.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index']
    .map(
      (id) =>
        `${id
          .split('-')
          .map((word) => word[0])
          .join('')
          .toUpperCase()} ${audits[id]?.displayValue ?? '?'}`,
    )
    .join(', ');
  const interactiveMs = Number(audits.interactive?.numericValue ?? Number.NaN);
  return {
    performance: Math.round(performance * 100),
    accessibility: Math.round(accessibility * 100),
    failing,
    metrics: `${metrics}, TTI ${audits.interactive?.displayValue ?? '?'}`,
    interactiveMs,
  };
}

/** Installed before any page script: records long tasks and when the first real event card is on screen. */
const TIMELINE_PROBE = `
  window.__lfBench = { longTasks: [], firstEvents: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lfBench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (window.__lfBench.firstEvents !== null) return;
    if (document.querySelector('.lf-timeline-card:not(.lf-timeline-placeholder)')) {
      observer.disconnect();
      window.__lfBench.firstEvents = -1;
      requestAnimationFrame(() => { window.__lfBench.firstEvents = performance.now(); });
    }
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/** Scrolls the timeline (it scrolls with the page) from top to bottom a fling at a time, then waits for every row to hold its event. */
const TIMELINE_SCROLL = `(async () => {
  const scroller = document.scrollingElement;
  const start = performance.now();
  const end = () => scroller.scrollHeight - scroller.clientHeight;
  let frames = 0;
  while (scroller.scrollTop < end() - 1) {
    // 'instant': the app's CSS asks for smooth scrolling, which would animate (and restart) every step.
    scroller.scrollTo({ top: Math.min(scroller.scrollTop + ${SCROLL_STEP}, end()), behavior: 'instant' });
    frames += 1;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const deadline = performance.now() + 30000;
  while (document.querySelector('.lf-timeline-placeholder') && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const settled = !document.querySelector('.lf-timeline-placeholder');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const tasks = window.__lfBench.longTasks.filter((task) => task.start >= start);
  return { frames, settled, seconds: (performance.now() - start) / 1000, longTasks: tasks.length, longest: Math.max(0, ...tasks.map((task) => task.duration)) };
})()`;

interface TimelineRun {
  firstEventsMs: number;
  scrollLongTasks: number;
  longestMs: number;
  settled: boolean;
}

/** What a Chromium trace of the timeline records: the main thread's tasks, with a CPU profile of the script. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

/** One cold load of the timeline screen (signed in through localStorage) and a scroll through it. */
async function timelineRun(browser: Browser, baseUrl: string, session: Session, world: GeneratedWorld): Promise<TimelineRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(
      `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(session.token)}); localStorage.setItem(${JSON.stringify(USER_KEY)}, ${JSON.stringify(JSON.stringify(session.user))});`,
    );
    await context.addInitScript(TIMELINE_PROBE);
    const page = await context.newPage();
    // BENCH_TRACE_DIR keeps a Chromium trace of the first load there too, up to the first events.
    const traceDir = process.env.BENCH_TRACE_DIR;
    if (traceDir)
      await browser.startTracing(page, { path: path.join(traceDir, `timeline-load-${Date.now()}.json`), categories: TRACE_CATEGORIES });
    await page.goto(`${baseUrl}/worlds/${world.bigWorldId}/timelines/${world.timelineId}`);
    // Polled from outside: waitForFunction compiles its predicate in the page, which the app's CSP forbids.
    let firstEventsMs = 0;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error('the timeline showed no events within 30 s');
      firstEventsMs = Number(await page.evaluate('window.__lfBench ? window.__lfBench.firstEvents : 0'));
      if (firstEventsMs > 0) break;
      await page.waitForTimeout(25);
    }
    if (traceDir) await browser.stopTracing();
    // Not 'networkidle': a world page keeps its live change stream open, so the network never idles.
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    // BENCH_TRACE_DIR keeps a Chromium trace of each scroll there (the main thread's tasks with a CPU profile), to
    // find which work a long task is; tracing slows the page, so the run's figures are not comparable.
    const traceFile = traceDir ? path.join(traceDir, `timeline-scroll-${Date.now()}.json`) : undefined;
    if (traceFile) await browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
    const scroll = await page.evaluate<{ longTasks: number; longest: number; settled: boolean }>(TIMELINE_SCROLL);
    if (traceFile) await browser.stopTracing();
    return { firstEventsMs, scrollLongTasks: scroll.longTasks, longestMs: scroll.longest, settled: scroll.settled };
  } finally {
    await context.close();
  }
}

/**
 * Measures the web budgets against a server on the benchmark's database that also serves the built app.
 * @param env the API server's environment (database, secrets); the app is served from packages/web/dist.
 * @param world the generated world (its user signs in; its 10,000-event timeline is loaded).
 * @returns the figures with their budgets, and the errors of any measurement that could not run.
 */
export async function benchWeb(env: NodeJS.ProcessEnv, world: GeneratedWorld): Promise<WebResult> {
  const result: WebResult = { figures: [], lighthouseFormFactor: FORM_FACTOR, errors: [] };
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) {
    result.errors.push('packages/web/dist has no build; run `npm run build` first');
    return result;
  }
  let server: RunningProcess | undefined;
  let chrome: Awaited<ReturnType<typeof startChromium>> | undefined;
  try {
    server = await startProcess({
      script: BUILT_SERVER,
      env: { ...process.env, ...env, WEB_DIST_DIR: DIST_DIR },
      nodeFlags: SERVER_NODE_FLAGS,
    });
    const baseUrl = server.baseUrl;
    const { token, user } = await signIn(baseUrl, { email: world.email, password: world.password });
    const session: Session = { token, user };
    chrome = await startChromium();

    if (PARTS.has('landing')) {
      log('landing page JavaScript');
      const script = await landingScriptBytes(chrome.browser, baseUrl);
      result.figures.push(
        figure('landing page JS (gzipped)', [script.bytes / 1024], 'KB', '≤ 120 KB', (v) => v <= 120, `${script.files} files`),
      );
    }

    const scores: Record<'landing' | 'home', { performance: number[]; accessibility: number[] }> = {
      landing: { performance: [], accessibility: [] },
      home: { performance: [], accessibility: [] },
    };
    const notes: Record<'landing' | 'home', { metrics: string[]; failing: Set<string> }> = {
      landing: { metrics: [], failing: new Set() },
      home: { metrics: [], failing: new Set() },
    };
    // The signed-in world page (the big world's details) is judged by when it is interactive (Lighthouse's TTI).
    const worldPage = { interactiveMs: [] as number[], metrics: [] as string[] };
    try {
      for (let run = 0; run < RUNS; run += 1) {
        for (const target of (['landing', 'home'] as const).filter((part) => PARTS.has(part))) {
          log(`Lighthouse (${FORM_FACTOR}) ${target}, run ${run + 1} of ${RUNS}`);
          await signInDefaultContext(chrome.browser, baseUrl, target === 'home' ? session : null);
          const score = await lighthouseScores(chrome.port, `${baseUrl}/`, target === 'home', `${target}-${run + 1}`);
          scores[target].performance.push(score.performance);
          scores[target].accessibility.push(score.accessibility);
          notes[target].metrics.push(score.metrics);
          for (const id of score.failing) notes[target].failing.add(id);
        }
        if (!PARTS.has('world')) continue;
        log(`Lighthouse (${FORM_FACTOR}) world page, run ${run + 1} of ${RUNS}`);
        await signInDefaultContext(chrome.browser, baseUrl, session);
        const score = await lighthouseScores(chrome.port, `${baseUrl}/worlds/${world.bigWorldId}`, true, `world-${run + 1}`);
        worldPage.interactiveMs.push(score.interactiveMs);
        worldPage.metrics.push(score.metrics);
      }
      if (PARTS.has('world')) {
        result.figures.push(
          figure(
            `signed-in world page interactive (Lighthouse ${FORM_FACTOR} TTI)`,
            worldPage.interactiveMs,
            'ms',
            '≤ 1500 ms',
            (v) => v <= 1500,
            worldPage.metrics.join(' | '),
          ),
        );
      }
      for (const target of (['landing', 'home'] as const).filter((part) => PARTS.has(part))) {
        const label = target === 'landing' ? 'landing page' : 'signed-in home';
        const metrics = notes[target].metrics.join(' | ');
        const failing = [...notes[target].failing].join(', ');
        result.figures.push(
          figure(`Lighthouse performance, ${label} (${FORM_FACTOR})`, scores[target].performance, '', '≥ 90', (v) => v >= 90, metrics),
        );
        result.figures.push(
          figure(
            `Lighthouse accessibility, ${label}`,
            scores[target].accessibility,
            '',
            '≥ 95',
            (v) => v >= 95,
            failing ? `failing: ${failing}` : undefined,
          ),
        );
      }
    } catch (error) {
      result.errors.push(`Lighthouse: ${error instanceof Error ? error.message : String(error)}`);
    }

    if (PARTS.has('timeline')) {
      const runs: TimelineRun[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        log(`timeline with ${world.counts.events ?? 10_000} events, run ${run + 1} of ${RUNS}`);
        runs.push(await timelineRun(chrome.browser, baseUrl, session, world));
      }
      result.figures.push(
        figure(
          'timeline (10,000 events): first events rendered',
          runs.map((r) => r.firstEventsMs),
          'ms',
          '< 1000 ms',
          (v) => v < 1000,
        ),
      );
      result.figures.push(
        figure(
          'timeline (10,000 events): long tasks while scrolling',
          runs.map((r) => r.scrollLongTasks),
          '',
          'none',
          (v) => v === 0,
          `longest ${median(runs.map((r) => r.longestMs)).toFixed(0)} ms${runs.every((r) => r.settled) ? '' : '; some rows still loading at the end'}`,
        ),
      );
    }
  } catch (error) {
    result.errors.push(error instanceof Error ? error.message : String(error));
  } finally {
    await chrome?.stop();
    await server?.stop();
  }
  return result;
}

/** Prints the web figures, each with its budget and PASS/FAIL, under the API table. */
export function printWebTable(web: WebResult): void {
  console.log(`\nweb (Chromium; Lighthouse ${web.lighthouseFormFactor}; median of ${RUNS} runs where repeated)`);
  console.log(`${'figure'.padEnd(56)}${'value'.padStart(10)}${'budget'.padStart(12)}  result`);
  for (const f of web.figures) {
    const value = `${f.value.toFixed(f.unit === 'KB' ? 1 : 0)}${f.unit ? ` ${f.unit}` : ''}`;
    console.log(
      `${f.name.padEnd(56)}${value.padStart(10)}${f.budget.padStart(12)}  ${f.pass ? 'PASS' : 'FAIL'}${f.detail ? ` (${f.detail})` : ''}`,
    );
  }
  for (const error of web.errors) console.log(`not measured: ${error}`);
}
