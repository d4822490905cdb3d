/**
 * Describes, on every operation of the generated OpenAPI document, each 4xx answer the API can give it, with
 * the error shape `{ message, code, fields? }` (errors/error-handler.ts). Routes declare the answers of their
 * own rules (409 for a disallowed transition, 413 for a large image…); the answers every route of a kind can
 * give whatever its handler does are added here, so no route can leave one out:
 * - 400 on every operation: the input guard refuses NUL characters and over-deep bodies before any handler.
 * - 401 on every operation that needs a token.
 * - 404 on every operation with a path parameter: a missing entity, or one of another user's worlds.
 * - 409 on every operation that takes `If-Match`: someone changed the entity since it was loaded.
 * - 413 and 415 on every operation with a JSON body: a body over 1 MiB, or one that is not JSON.
 */
import { z } from 'zod';
import { ErrorResponseSchema } from '@loreforge/contract';

/** The part of an OpenAPI document this module reads and writes. */
interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
}

interface OpenApiOperation {
  parameters?: Array<{ in?: string; name?: string }>;
  requestBody?: { content?: Record<string, unknown> };
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, { description?: string; content?: unknown } | undefined>;
}

/** What each error status means, as its answer's description. */
const ERROR_DESCRIPTIONS: Readonly<Record<string, string>> = {
  400: 'Bad input: `message` says what to change, `fields` names each field and its problem.',
  401: 'Not signed in: no token, an expired or invalid one, or (signing in) a wrong email or password.',
  403: 'Signed in, but not allowed to do this.',
  404: 'Not found, or not yours (the API never reveals what other users hold).',
  409: 'Conflicts with the current state: a duplicate, a disallowed change, or an `If-Match` version that is no longer current.',
  413: 'The body is too large.',
  415: 'The body is not of a type this operation takes (JSON unless it says otherwise).',
  422: 'The request is well formed but cannot be carried out.',
  429: 'Too many requests from this address: wait for `Retry-After` seconds, then try again.',
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** What each success or server-side status means, where the route gave no description of its own. */
const OTHER_DESCRIPTIONS: Readonly<Record<string, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done; no body.',
  503: 'The server cannot answer now (the database does not respond); try again shortly.',
};

/** Fastify's placeholder description of a response the route schema did not describe. */
const DEFAULT_DESCRIPTION = 'Default Response';

const errorContent = () => ({
  'application/json': { schema: z.toJSONSchema(ErrorResponseSchema, { target: 'draft-2020-12', io: 'output' }) },
});

/** The error statuses an operation can answer whatever its handler does (see the module comment). */
function genericErrorStatuses(path: string, operation: OpenApiOperation): string[] {
  const statuses = ['400'];
  if (operation.security?.some((requirement) => Object.keys(requirement).length > 0)) statuses.push('401');
  if (path.includes('{')) statuses.push('404');
  if (operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name?.toLowerCase() === 'if-match'))
    statuses.push('409');
  if (operation.requestBody?.content?.['application/json']) statuses.push('413', '415');
  return statuses;
}

/**
 * Adds the generic error answers to each operation that lacks them, and gives every answer that still has
 * Fastify's placeholder description what its status means.
 * @param document the document built from the route schemas; changed in place.
 * @returns the same document.
 */
export function describeErrorAnswers<T>(document: T): T {
  for (const [path, item] of Object.entries((document as OpenApiDocument).paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!operation || !HTTP_METHODS.has(method)) continue;
      const responses = (operation.responses ??= {});
      for (const status of genericErrorStatuses(path, operation)) {
        responses[status] ??= { description: DEFAULT_DESCRIPTION, content: errorContent() };
      }
      for (const [status, response] of Object.entries(responses)) {
        const description = ERROR_DESCRIPTIONS[status] ?? OTHER_DESCRIPTIONS[status];
        if (response && description && (!response.description || response.description === DEFAULT_DESCRIPTION))
          response.description = description;
      }
    }
  }
  return document;
}
