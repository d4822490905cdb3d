/**
 * The one error handler: AppErrors pass through; zod validation errors become 400 with SPEC §5 field messages;
 * Fastify's own 4xx (bad JSON, too large, wrong content type, rate limit) keep their status with a readable
 * message; anything else is a generic 500 whose details go only to the log.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorCode, MESSAGES } from '@loreforge/contract';
import { isDatabaseUnavailable, isStorageFull } from '../db/availability.js';
import { noteStorageFull } from '../db/storage-state.js';
import { AppError } from './app-error.js';

/** Seconds a client is asked to wait before retrying while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

interface ErrorBody {
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

/** '/polygon/0/1' → 'polygon.0.1'; the whole body → 'body'. */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

const FRIENDLY_FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here; send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_BAD_URL: 'The request URL is malformed.',
  FST_ERR_ASYNC_CONSTRAINT: 'The request URL is malformed.',
  FST_ERR_INVALID_URL: 'The request URL is malformed.',
};

/** The answer when a body that is not JSON reaches a JSON route (Fastify reads text/plain as a string). */
export const JSON_BODY_EXPECTED = 'Send the body as JSON, with Content-Type: application/json.';

/** The answer when the JSON body is there but is not an object (an array, a string, null or nothing). */
export const BODY_MUST_BE_OBJECT = 'The request body must be a JSON object.';

function isJsonContentType(header: string | undefined): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' || (type?.endsWith('+json') ?? false);
}

/**
 * A body that fails its schema as a whole (not one of its fields) would otherwise answer zod's own wording
 * ('Invalid input: expected object, received string'); say instead what to send.
 * @returns the error to answer, or undefined when the problem lies in the body's fields.
 */
function wholeBodyError(error: FastifyError, request: FastifyRequest): { status: number; body: ErrorBody } | undefined {
  const notAnObject = error.validation?.some((issue) => fieldName(issue.instancePath) === 'body' && issue.keyword === 'invalid_type');
  if (error.validationContext !== 'body' || !notAnObject) return undefined;
  const hasBody = request.body !== undefined && request.body !== null && request.body !== '';
  if (hasBody && !isJsonContentType(request.headers['content-type'])) {
    return { status: 415, body: { message: JSON_BODY_EXPECTED, code: 'UNSUPPORTED_MEDIA_TYPE' } };
  }
  return { status: 400, body: { message: BODY_MUST_BE_OBJECT, code: 'VALIDATION_FAILED', fields: { body: BODY_MUST_BE_OBJECT } } };
}

/** PostgreSQL data exceptions caused by input values: invalid byte sequences and untranslatable characters. */
const DATABASE_INPUT_CODES = new Set(['22021', '22P05']);

function isDatabaseInputError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && DATABASE_INPUT_CODES.has(code);
}

/**
 * Fastify error handler: writes the one error shape.
 * @param error whatever was thrown; @param request used for logging; @param reply the reply to send.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  let status = 500;
  let body: ErrorBody = { message: MESSAGES.internalError, code: 'INTERNAL_ERROR' };

  if (error instanceof AppError) {
    status = error.status;
    body = { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const name = fieldName(issue.instancePath);
      if (!(name in fields)) fields[name] = issue.message ?? MESSAGES.validationFailed;
    }
    const messages = Object.values(fields);
    status = 400;
    body = {
      message: messages.length === 1 && messages[0] ? messages[0] : MESSAGES.validationFailed,
      code: 'VALIDATION_FAILED',
      fields,
    };
    const whole = wholeBodyError(error, request);
    if (whole) ({ status, body } = whole);
  } else if (isStorageFull(error)) {
    noteStorageFull();
    status = 507;
    body = { message: MESSAGES.storageFull, code: 'INSUFFICIENT_STORAGE' };
  } else if (isDatabaseUnavailable(error)) {
    status = 503;
    body = { message: MESSAGES.databaseUnavailable, code: 'SERVICE_UNAVAILABLE' };
    void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  } else if (isDatabaseInputError(error)) {
    // A value the database refuses as input (e.g. an invalid byte sequence) is the caller's mistake.
    status = 400;
    body = { message: 'Some text could not be stored: it contains characters the database does not accept.', code: 'BAD_REQUEST' };
  } else if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
  } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    const friendly = error.code ? FRIENDLY_FASTIFY_MESSAGES[error.code] : undefined;
    body = {
      message: friendly ?? (error.message || MESSAGES.validationFailed),
      code: codeForStatus(status),
    };
  }

  if (status === 500) request.log.error({ err: error }, 'unhandled error');
  else if (status >= 500) request.log.warn({ err: error }, 'database unavailable or full');
  return reply.status(status).send(body);
}
