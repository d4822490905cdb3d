/**
 * Rejects text that no database can keep: a NUL character (U+0000) or an unpaired UTF-16 surrogate anywhere in
 * the path, query or JSON body, numbers JSON cannot carry exactly, and bodies nested too deep to walk, are a 400
 * before validation, on every route. PostgreSQL refuses NUL in text outright, so accepting it on
 * SQLite alone would make the two databases behave differently.
 */
import fp from 'fastify-plugin';
import { LIMITS } from '@loreforge/contract';
import { invalidField } from '../errors/app-error.js';

/** The message for a NUL character in a field. */
const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000).';

/** The message for text holding half of a UTF-16 surrogate pair, which no UTF-8 database can store as sent. */
export const LONE_SURROGATE_MESSAGE = 'Text must be valid Unicode: it contains an unpaired surrogate (\\uD800–\\uDFFF).';

/**
 * Bodies nested deeper than this are refused before anything walks them: JSON fields stop at
 * LIMITS.jsonMaxDepth (with their own message), and a body sits only a few levels above its fields.
 */
const BODY_MAX_DEPTH = LIMITS.jsonMaxDepth + 8;

/** The message for a body nested deeper than BODY_MAX_DEPTH. */
export const DEPTH_MESSAGE = `The request body is nested more than ${BODY_MAX_DEPTH} levels deep.`;

/**
 * The message for a number JSON cannot carry exactly: beyond ±(2^53 − 1), where whole numbers lose digits (a parsed
 * double cannot tell 12345678901234567890 from 1.2345678901234567e19), or not finite (1e400, stored as null).
 */
export const NUMBER_MESSAGE = `Numbers must lie between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER} to be kept exactly; send larger values as text.`;

/** The message for a body whose bytes are not valid UTF-8 (it would be stored with U+FFFD in their place). */
export const INVALID_UTF8_MESSAGE = 'The request body is not valid UTF-8 text; send it encoded as UTF-8.';

/** What is wrong with some text of a request, and where. */
export interface TextProblem {
  /** Dotted path of the field ('body' for the whole body). */
  field: string;
  message: string;
}

// A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function stringProblem(text: string, field: string): TextProblem | undefined {
  if (text.includes('\u0000')) return { field, message: NUL_MESSAGE };
  if (LONE_SURROGATE.test(text)) return { field, message: LONE_SURROGATE_MESSAGE };
  return undefined;
}

/**
 * Finds the first string (key or value) with a NUL character or a lone surrogate, a number JSON cannot keep
 * exactly (see NUMBER_MESSAGE), or nesting deeper than BODY_MAX_DEPTH. Walks with its own stack, so a body nested 100,000 levels deep cannot exhaust the call stack.
 * @returns the problem, or undefined when the value is clean.
 */
function findTextProblem(value: unknown): TextProblem | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    const { path, depth } = next;
    if (typeof next.value === 'string') {
      const problem = stringProblem(next.value, path || 'body');
      if (problem) return problem;
      continue;
    }
    if (typeof next.value === 'number') {
      const number = next.value;
      if (!Number.isFinite(number) || Math.abs(number) > Number.MAX_SAFE_INTEGER) return { field: path || 'body', message: NUMBER_MESSAGE };
      continue;
    }
    // Binary bodies (map images) are bytes, not text: a zero byte is part of the picture.
    if (next.value === null || typeof next.value !== 'object' || ArrayBuffer.isView(next.value)) continue;
    if (depth >= BODY_MAX_DEPTH) return { field: path || 'body', message: DEPTH_MESSAGE };
    const entries = Object.entries(next.value as Record<string, unknown>);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index] ?? ['', undefined];
      const childPath = path ? `${path}.${key}` : key;
      const keyProblem = stringProblem(key, childPath);
      if (keyProblem) return keyProblem;
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Options of the input guard: the body cap of routes that declare no body (bytes). */
export interface InputGuardOptions {
  noBodyLimit: number;
}

/**
 * The input guard: refuses NUL, lone surrogates and over-deep bodies with a 400 on every route, and caps the
 * body of every route that declares no body schema (and sets no cap of its own) at `noBodyLimit` bytes.
 */
export const inputGuardPlugin = fp<InputGuardOptions>(
  async (app, options) => {
    app.addHook('onRoute', (route) => {
      if (route.bodyLimit === undefined && route.schema?.body === undefined) route.bodyLimit = options.noBodyLimit;
    });
    // A callback hook, not an async one: it runs on every request and almost always finds nothing.
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.url.includes('%00') || request.url.includes('\u0000')) {
        done(invalidField('url', NUL_MESSAGE));
        return;
      }
      const problem = findTextProblem(request.query) ?? findTextProblem(request.params) ?? findTextProblem(request.body);
      done(problem ? invalidField(problem.field, problem.message) : undefined);
    });
  },
  { name: 'input-guard' },
);
