/**
 * The one API client of the web app (SPEC §6, §7, §8): base `/api`, JSON, a 10 s timeout, the bearer token
 * from the stored session, and every non-2xx response turned into an {@link ApiError}.
 */
import { ERROR_CODES, LIMITS, MESSAGES, VIEW_AS_HEADER, type ErrorCode } from '@loreforge/contract';
import { clearToken, getToken } from '../session/session-store';
import { takeEarlyGet } from './early-requests';
import { viewAsFor } from '../session/view-as-store';

/** Root of every API path. */
export const API_BASE = '/api';

/**
 * Codes the client adds for failures that never reached the server's error handler: no answer in time, no
 * answer at all, an answer it could not read, or an error status whose body named no contract code.
 */
export type ClientErrorCode = 'TIMEOUT' | 'NETWORK_ERROR' | 'BAD_RESPONSE' | `HTTP_${number}`;

/** The `code` of an {@link ApiError}: one of the contract's error codes, or one the client adds. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * Reads the `code` of an error body.
 * @param value the body's `code` property; @param status the HTTP status of the answer.
 * @returns the value when it is one of the contract's ERROR_CODES, else `HTTP_<status>`.
 */
export function errorCodeOf(value: unknown, status: number): ApiErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(value) ? (value as ErrorCode) : `HTTP_${status}`;
}

/**
 * A failed API call: the HTTP status (0 when no response arrived), the server's `code`, its `message`
 * ('' when the server sent none, so {@link handleError} falls back) and its per-field messages.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/**
 * A 409 answered to an edit or delete that carried If-Match: someone else changed the entity since it was
 * loaded. `reload`, set by the resource layer, refetches the entity so the person sees the other changes.
 */
export class StaleVersionError extends ApiError {
  reload: (() => Promise<void>) | undefined;

  constructor(message: string) {
    super(409, 'CONFLICT', message);
    this.name = 'StaleVersionError';
  }
}

/**
 * The If-Match value of an entity version.
 * @param updatedAt the entity's `updatedAt` as loaded.
 * @returns the server's ETag for that version, `W/"<updatedAt>"`.
 */
const versionTag = (updatedAt: string): string => `W/"${updatedAt}"`;

/** Scalar values accepted in a query string; undefined, null and '' are left out. */
export type QueryValue = string | number | boolean | null | undefined;

/** Options of one request. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; empty values are skipped. */
  query?: Record<string, QueryValue>;
  /** A JSON body (serialised here). */
  body?: unknown;
  /** A raw body (e.g. a map image) sent with its own content type instead of JSON. */
  rawBody?: Blob;
  /** Aborts the request (TanStack Query passes one, or undefined). */
  signal?: AbortSignal | undefined;
  /** Public endpoints (login, register, invite request) need no token, so none is warned about. */
  isPublic?: boolean;
  /** Overrides the 10 s timeout (milliseconds). */
  timeoutMs?: number;
  /** The `updatedAt` of the version being edited or deleted: sent as If-Match, so a stale edit gets 409. */
  /** Undefined when the caller has no version (a create, or a delete without a loaded entity): no If-Match. */
  version?: string | undefined;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', '');
  }
}

/** Settles as `promise` does, or rejects with the signal's reason once it aborts (a request already sent). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Sends one request to the API and returns the parsed JSON body (undefined for 204).
 * Adds `Authorization: Bearer <token>` when a token is stored, else logs a warning and sends none (SPEC §6).
 * A 401 clears the stored token but does not redirect (SPEC §4). While the world of `path` is viewed as a
 * player (issue 11), adds `x-view-as: <their userId>`.
 * @param path path below `/api`, e.g. `/worlds/123`.
 * @returns the response body typed as T (the caller vouches for the shape, which the contract defines).
 * With `version`, sends `If-Match: W/"<version>"`; a 409 then throws {@link StaleVersionError}.
 * @throws ApiError for a non-2xx status (server message, code, fields), a timeout (code TIMEOUT, status 0)
 *   or a network failure (code NETWORK_ERROR, status 0; also logged, SPEC §8).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, rawBody, signal, isPublic = false, version } = options;
  const timeoutMs = options.timeoutMs ?? LIMITS.apiTimeoutMs;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (!isPublic) console.warn(`No sign-in token stored; calling ${method} ${path} without Authorization.`);
  if (version) headers['If-Match'] = versionTag(version);
  const viewAs = viewAsFor(path);
  if (viewAs) headers[VIEW_AS_HEADER] = viewAs;

  let payload: BodyInit | null = null;
  if (rawBody) {
    payload = rawBody;
    headers['Content-Type'] = rawBody.type || 'application/octet-stream';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }

  const controller = new AbortController();
  // The abort's reason tells a timeout from the caller's own abort.
  const timedOut = new Error(`Timed out after ${timeoutMs} ms`);
  const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);

  const url = buildUrl(path, query);
  // The first page's data may already be on its way (api/early-requests.ts); the same timeout and aborts apply.
  const early = method === 'GET' ? takeEarlyGet(url, headers) : undefined;
  let response: Response;
  try {
    response = await (early
      ? untilAborted(early, controller.signal)
      : fetch(url, { method, headers, body: payload, signal: controller.signal }));
  } catch (error) {
    if (controller.signal.reason === timedOut) {
      throw new ApiError(0, 'TIMEOUT', `The server did not answer within ${timeoutMs / 1000} seconds. Please try again.`);
    }
    if (signal?.aborted) throw error;
    console.error(`Network failure on ${method} ${path}`, error);
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  if (response.status === 401) clearToken();
  const data = await readBody(response);
  if (!response.ok) {
    const record = isRecord(data) ? data : {};
    const message = typeof record.message === 'string' ? record.message : '';
    const code = errorCodeOf(record.code, response.status);
    if (version && response.status === 409 && code === 'CONFLICT') throw new StaleVersionError(message);
    throw new ApiError(response.status, code, message, readFields(record.fields));
  }
  return data as T;
}

/** Shorthands for {@link apiRequest} by method. Each returns the parsed body; each throws ApiError. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<undefined>(path, { ...options, method: 'DELETE' }),
};

/**
 * The message to show for a failure (SPEC §8): the server's message, else the error's own text, else `fallback`.
 * @param error anything thrown (ApiError, Error, string, unknown).
 * @param fallback the situation's catalogue message, e.g. 'Failed to load worlds data.'.
 * @returns a non-empty sentence.
 */
export function handleError(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}

/**
 * What to say when loading one entity failed because it does not exist: a 404 (the server's message, else
 * `fallback`), or a 400 that refuses only ids of the address as malformed, since such an id names nothing
 * (`fallback`, e.g. for /worlds/not-a-uuid).
 * @returns the message, or undefined when the error is of another kind (the caller offers a retry then).
 */
export function notFoundMessage(error: unknown, fallback: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 404) return error.message || fallback;
  const fields = Object.entries(error.fields ?? {});
  const malformedIds = fields.length > 0 && fields.every(([name, message]) => name.endsWith('Id') && message === MESSAGES.invalidUuid);
  return error.status === 400 && malformedIds ? fallback : undefined;
}

/**
 * The retry to offer after loading one entity failed: none when it does not exist (a 404, or an id of the address
 * that names nothing, see {@link notFoundMessage}), since trying again cannot help; else `retry`.
 * @returns `retry`, or undefined for a missing entity.
 */
export function retryUnlessMissing(error: unknown, retry: () => void): (() => void) | undefined {
  return notFoundMessage(error, '') === undefined ? retry : undefined;
}
