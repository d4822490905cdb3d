/**
 * Field builders: zod schemas that report the exact SPEC §5 messages for a given label.
 * Server routes and web forms both validate with these, so a person sees one wording everywhere.
 */
import { z } from 'zod';
import { LIMITS } from './limits.js';
import * as m from './messages.js';

const isMissing = (input: unknown): boolean => input === undefined || input === null;

/** Options for text fields: length bounds in characters. */
export interface TextOptions {
  min?: number;
  max?: number;
}

/**
 * A required text field: missing or blank gives '{label} is required.', then the length rules.
 * @param label human label used in messages, e.g. 'Name'.
 * @param opts min and max length in characters (max defaults to LIMITS.nameMax).
 */
export function requiredText(label: string, opts: TextOptions = {}) {
  const max = opts.max ?? LIMITS.nameMax;
  let schema = z
    .string({ error: (issue) => (isMissing(issue.input) ? m.required(label) : m.mustBeText(label)) })
    .refine((value) => value.trim().length > 0, { message: m.required(label), abort: true });
  if (opts.min !== undefined) {
    const min = opts.min;
    schema = schema.refine((value) => value.length >= min, { message: m.minLength(label, min), abort: true });
  }
  return schema.refine((value) => value.length <= max, { message: m.maxLength(label, max) });
}

/**
 * An optional text field: absent, null or '' all mean "no value" and are stored as null.
 * @param label human label used in messages.
 * @param max maximum length in characters (default LIMITS.textMax).
 */
export function optionalText(label: string, max: number = LIMITS.textMax) {
  return z
    .string({ error: () => m.mustBeText(label) })
    .max(max, m.maxLength(label, max))
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));
}

/**
 * A number field with SPEC §5 messages for non-numbers and range.
 * @param label human label; @param min inclusive minimum; @param max inclusive maximum.
 * @param integer when true, fractions are rejected with '{label} must be a whole number.'
 */
export function numberField(label: string, min: number, max: number, integer = false) {
  let schema = z
    .number({ error: (issue) => (isMissing(issue.input) ? m.required(label) : m.mustBeNumber(label)) })
    .min(min, m.atLeast(label, min))
    .max(max, m.noMoreThan(label, max));
  if (integer) schema = schema.int(m.mustBeWholeNumber(label));
  return schema;
}

/** A boolean field; anything but true/false gives '{label} must be true or false.' */
export function booleanField(label: string) {
  return z.boolean({ error: () => m.mustBeBoolean(label) });
}

/**
 * Something, an '@', then a domain with a dot that is neither its first nor its last character. The domain's
 * first character is taken alone and the rest up to the first dot cannot hold a dot, so each character is
 * looked at once: linear time on any input (the older `[^\s@]+\.[^\s@]+` backtracked quadratically over a
 * run of dots, and 128,000 of them froze the server for seconds).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/**
 * A required email field: '{label} is required.', '{label} must be no more than 254 characters.' or '{label} must be
 * a valid email address.' The length is checked first and stops validation, so no pattern ever reads more than
 * LIMITS.emailMax characters.
 * @param label human label used in messages, e.g. 'Email'.
 */
export function emailField(label: string) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? m.required(label) : m.mustBeText(label)) })
    .min(1, { message: m.required(label), abort: true })
    .max(LIMITS.emailMax, { message: m.maxLength(label, LIMITS.emailMax), abort: true })
    .regex(EMAIL_PATTERN, m.invalidEmail(label));
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A required UUID: 'Must be a valid UUID.' when malformed (SPEC §5 timeline ids). */
export function uuidField(label: string) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? m.required(label) : m.MESSAGES.invalidUuid) })
    .regex(UUID_PATTERN, m.MESSAGES.invalidUuid);
}

/** An optional UUID: absent, null or '' mean none (stored as null). */
export function optionalUuidField(_label: string) {
  return z
    .union([z.literal(''), z.string().regex(UUID_PATTERN, m.MESSAGES.invalidUuid)], {
      error: () => m.MESSAGES.invalidUuid,
    })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));
}

/** One of a closed list of values; anything else names the allowed values. */
export function enumField<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, {
    error: (issue) => (isMissing(issue.input) ? m.required(label) : m.mustBeOneOf(label, values)),
  });
}

function jsonDepth(value: unknown, depth = 0): number {
  if (depth > LIMITS.jsonMaxDepth) return depth;
  if (value === null || typeof value !== 'object') return depth;
  let deepest = depth + 1;
  for (const child of Object.values(value as Record<string, unknown>)) {
    deepest = Math.max(deepest, jsonDepth(child, depth + 1));
    if (deepest > LIMITS.jsonMaxDepth) break;
  }
  return deepest;
}

/** Checks a JSON value's size and nesting against LIMITS; returns a message or null when acceptable. */
export function jsonSizeProblem(label: string, value: unknown): string | null {
  if (jsonDepth(value) > LIMITS.jsonMaxDepth) return `${label} is nested too deeply (at most ${LIMITS.jsonMaxDepth} levels).`;
  if (JSON.stringify(value).length > LIMITS.jsonMaxChars) return `${label} is too large (at most ${LIMITS.jsonMaxChars} characters).`;
  return null;
}

/**
 * A JSON object field (attributes, properties). Absent or null becomes {} unless `nullable`.
 * @param label human label; @param invalidMessage message when the value is not an object.
 */
export function jsonObjectField(label: string, invalidMessage: string = m.mustBeObject(label)) {
  return z.record(z.string(), z.unknown(), { error: () => invalidMessage }).superRefine((value, ctx) => {
    const problem = jsonSizeProblem(label, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** Any JSON value (object or array) or null, for free-form change fields; bounded in size. */
export function jsonValueField(label: string) {
  return z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown())], { error: () => m.invalidJsonIn(label) })
    .nullish()
    .superRefine((value, ctx) => {
      if (value === undefined || value === null) return;
      const problem = jsonSizeProblem(label, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value ?? null);
}

const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Normalises an ISO 8601 date-time ('2025-03-14T09:30', with optional seconds, fraction and Z or offset)
 * to UTC 'YYYY-MM-DDTHH:mm:ss.sssZ'. A value without zone is read as UTC. Returns null when invalid, including
 * a day the month does not have ('2025-02-30T10:00Z'), which JavaScript's Date would roll into the next month.
 */
export function normalizeDateTime(value: string): string | null {
  const match = DATE_TIME_PATTERN.exec(value);
  if (!match) return null;
  const part = (group: number): number => Number(match[group] ?? 0);
  const [month, day] = [part(2), part(3)];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(part(1), month)) return null;
  if (part(4) > 23 || part(5) > 59 || part(6) > 59 || part(9) > 23 || part(10) > 59) return null;
  const date = new Date(match[8] ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** True when a normalised UTC date-time lies in the years 1 to 9999, the range whose text sorts in time order. */
function isInYearRange(normalized: string): boolean {
  return /^\d{4}-/.test(normalized) && !normalized.startsWith('0000');
}

/**
 * Normalises a date-time field's value and reports a problem: not a date-time, or (once in UTC) a year outside
 * 1 to 9999, which would be stored as text that no longer sorts in time order ('+010000-…', '-000001-…').
 * @returns the normalised value, or the message to give.
 */
function readDateTime(label: string, value: string): { value: string } | { message: string } {
  const normalized = normalizeDateTime(value);
  if (normalized === null) return { message: m.mustBeDateTime(label) };
  if (!isInYearRange(normalized)) return { message: m.dateTimeYearOutOfRange(label) };
  return { value: normalized };
}

/** A required ISO date-time, normalised to UTC with 'Z', in the years 1 to 9999. */
export function dateTimeField(label: string) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? m.required(label) : m.mustBeDateTime(label)) })
    .min(1, m.required(label))
    .transform((value, ctx) => {
      const read = readDateTime(label, value);
      if ('message' in read) {
        ctx.addIssue({ code: 'custom', message: read.message });
        return z.NEVER;
      }
      return read.value;
    });
}

/** An optional ISO date-time in the years 1 to 9999; absent, null or '' mean none. */
export function optionalDateTimeField(label: string) {
  return z
    .string({ error: () => m.mustBeDateTime(label) })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return null;
      const read = readDateTime(label, value);
      if ('message' in read) {
        ctx.addIssue({ code: 'custom', message: read.message });
        return z.NEVER;
      }
      return read.value;
    });
}
