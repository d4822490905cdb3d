/**
 * Leap-year arithmetic of one rule (docs/calendars.md "Leap rules"): a table over the rule's repeat period makes
 * "is year y leap?" and "how many leap years lie in [0, n)?" constant-time for years of any size (BigInt).
 */
import type { LeapRule } from './calendar.model.js';

function lcm(a: number, b: number): number {
  let [x, y] = [a, b];
  while (y !== 0) [x, y] = [y, x % y];
  return (a / x) * b;
}

/** The repeat period of a leap rule in years (least common multiple of its intervals). */
export function leapRulePeriod(rule: Pick<LeapRule, 'every' | 'exceptions'>): number {
  return rule.exceptions.reduce((period, exception) => lcm(period, exception.every), rule.every);
}

/** Floor division of BigInts (rounds towards minus infinity, unlike `/`). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? quotient - 1n : quotient;
}

/** Mathematical modulo of BigInts: the result has the sign of `b` (0 ≤ result < b for b > 0). */
export function floorMod(a: bigint, b: bigint): bigint {
  return a - floorDiv(a, b) * b;
}

/** One leap rule prepared for counting. */
export interface CompiledLeapRule {
  rule: LeapRule;
  /** Repeat period in years. */
  period: bigint;
  /** leapBefore[k] = number of leap positions in [0, k) of one period, for k in 0..period. */
  leapBefore: Int32Array;
}

/**
 * Prepares a rule: position k of the period (year − offset, modulo the period) is leap when the largest of the
 * rule's intervals dividing k says so (the base interval says leap, each exception says its `leap`).
 * @param rule a validated leap rule (its period at most CALENDAR_LIMITS.leapCycleMax years).
 */
export function compileLeapRule(rule: LeapRule): CompiledLeapRule {
  const period = leapRulePeriod(rule);
  const intervals = [{ every: rule.every, leap: true }, ...rule.exceptions].sort((a, b) => b.every - a.every);
  const leapBefore = new Int32Array(period + 1);
  for (let k = 0; k < period; k += 1) {
    const decisive = intervals.find((interval) => k % interval.every === 0);
    leapBefore[k + 1] = (leapBefore[k] ?? 0) + (decisive?.leap ? 1 : 0);
  }
  return { rule, period: BigInt(period), leapBefore };
}

function leapPositionsBefore(compiled: CompiledLeapRule, n: bigint): bigint {
  const perPeriod = BigInt(compiled.leapBefore[compiled.leapBefore.length - 1] ?? 0);
  const whole = floorDiv(n, compiled.period);
  return whole * perPeriod + BigInt(compiled.leapBefore[Number(n - whole * compiled.period)] ?? 0);
}

/** Whether absolute year `year` is a leap year of the rule. */
export function isLeapYear(compiled: CompiledLeapRule, year: bigint): boolean {
  const k = Number(floorMod(year - BigInt(compiled.rule.offset), compiled.period));
  return (compiled.leapBefore[k + 1] ?? 0) > (compiled.leapBefore[k] ?? 0);
}

/** Number of the rule's leap years among absolute years [1, year) (negative, counting [year, 1), when year < 1). */
export function leapYearsSinceEpoch(compiled: CompiledLeapRule, year: bigint): bigint {
  const offset = BigInt(compiled.rule.offset);
  return leapPositionsBefore(compiled, year - offset) - leapPositionsBefore(compiled, 1n - offset);
}
