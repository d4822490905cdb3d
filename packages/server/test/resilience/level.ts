/**
 * How hard the resilience suite pushes: `RESILIENCE_LEVEL=short` (the default, run by `npm test`) or `full`
 * (`npm run test:resilience`). Each suite scales its runs, repeats and durations from here.
 */
export type ResilienceLevel = 'short' | 'full';

/** The level chosen by RESILIENCE_LEVEL (anything but 'full' is short). */
export const RESILIENCE_LEVEL: ResilienceLevel = process.env.RESILIENCE_LEVEL === 'full' ? 'full' : 'short';

/**
 * Picks a figure by level.
 * @returns `short` at the short level, `full` at the full level.
 */
export function byLevel<T>(short: T, full: T): T {
  return RESILIENCE_LEVEL === 'full' ? full : short;
}

/** Prints one line of the suite's figures, prefixed so they are easy to find in the output. */
export function report(suite: string, figures: Record<string, number | string>): void {
  const text = Object.entries(figures)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  console.log(`[resilience:${RESILIENCE_LEVEL}] ${suite}: ${text}`);
}
