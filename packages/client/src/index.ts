/**
 * `@loreforge/client`: a typed client of the Loreforge JSON API. Every path, parameter, body and answer is typed
 * from the server's OpenAPI document (src/generated/openapi.ts); calls go through openapi-fetch:
 * `client.GET('/api/worlds/{worldId}/characters', { params: { path: { worldId }, query: { limit: 50 } } })`.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './generated/openapi.js';

export type { components, operations, paths };

/** The typed client: `GET`, `POST`, `PUT`, `PATCH`, `DELETE` on the API's paths, each answering `{ data, error, response }`. */
export type LoreforgeClient = Client<paths>;

/** The one error shape of every non-2xx answer: `{ message, code, fields? }`. */
export interface ApiErrorBody {
  /** A sentence a person can act on. */
  message: string;
  /** Machine-readable, e.g. NOT_FOUND, CONFLICT, VALIDATION_FAILED. */
  code: string;
  /** Field name → its problem, on bad input. */
  fields?: Record<string, string>;
}

/** A non-2xx answer, thrown by `unwrap`: its status, and the API's code, message and field messages. */
export class LoreforgeApiError extends Error {
  /**
   * @param status the HTTP status (400, 401, 404, 409, …).
   * @param body the answer's error body; a body that is not the API's shape keeps only the status.
   */
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(`${status} ${body.code}: ${body.message}`);
    this.name = 'LoreforgeApiError';
  }

  /** Machine-readable code, e.g. CONFLICT. */
  get code(): string {
    return this.body.code;
  }

  /** Field name → message, when the input was refused field by field. */
  get fields(): Record<string, string> | undefined {
    return this.body.fields;
  }
}

export interface ClientOptions {
  /** The server's origin, e.g. `http://localhost:3000` (the paths carry /api). */
  baseUrl: string;
  /** A bearer token from sign-in, or a function asked before every request (so a token can change). */
  token?: string | (() => string | undefined);
  /** The fetch to use (default the global one). */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * Creates a client for one server.
 * @returns an openapi-fetch client that sends `Authorization: Bearer <token>` when a token is given.
 */
export function createLoreforgeClient(options: ClientOptions): LoreforgeClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const { token } = options;
  if (token !== undefined) {
    const bearer: Middleware = {
      onRequest({ request }) {
        const value = typeof token === 'function' ? token() : token;
        if (value) request.headers.set('authorization', `Bearer ${value}`);
        return request;
      },
    };
    client.use(bearer);
  }
  return client;
}

/** What openapi-fetch answers for one call. */
interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function isErrorBody(error: unknown): error is ApiErrorBody {
  if (typeof error !== 'object' || error === null) return false;
  const { message, code } = error as Record<string, unknown>;
  return typeof message === 'string' && typeof code === 'string';
}

function asErrorBody(error: unknown, response: Response): ApiErrorBody {
  if (isErrorBody(error)) return { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
  return { message: response.statusText || 'The API answered with an error.', code: `HTTP_${response.status}` };
}

/**
 * The data of a successful call, for code that treats every error as fatal (setup scripts, tests).
 * @returns the parsed body (undefined for 204).
 * @throws LoreforgeApiError with the status and the API's error body on any non-2xx answer.
 */
export function unwrap<T>(result: CallResult<T>): T {
  if (!result.response.ok) throw new LoreforgeApiError(result.response.status, asErrorBody(result.error, result.response));
  return result.data as T;
}

/** A signed-in session: the client sending the token, the token itself and the account. */
export interface Session {
  client: LoreforgeClient;
  token: string;
  user: AuthAnswer['user'];
}

type AuthAnswer = operations['login']['responses'][200]['content']['application/json'];

/**
 * Signs in with email and password (POST /api/auth/login, SPEC §7 Auth).
 * @returns a client that sends the new token, with the token and the user.
 * @throws LoreforgeApiError 401 INVALID_CREDENTIALS-style on a wrong email or password, 429 when rate-limited.
 */
export async function signIn(
  baseUrl: string,
  credentials: { email: string; password: string },
  fetch?: ClientOptions['fetch'],
): Promise<Session> {
  const anonymous = createLoreforgeClient({ baseUrl, ...(fetch ? { fetch } : {}) });
  const { token, user } = unwrap(await anonymous.POST('/api/auth/login', { body: credentials }));
  return { client: createLoreforgeClient({ baseUrl, token, ...(fetch ? { fetch } : {}) }), token, user };
}

/**
 * Creates an account with an invite code and signs it in (POST /api/auth/register).
 * @returns the signed-in session of the new account.
 * @throws LoreforgeApiError 400 on a bad or used invite code or bad fields, 409 when the email or username is taken.
 */
export async function register(
  baseUrl: string,
  account: { username: string; email: string; password: string; inviteCode: string },
  fetch?: ClientOptions['fetch'],
): Promise<Session> {
  const anonymous = createLoreforgeClient({ baseUrl, ...(fetch ? { fetch } : {}) });
  const { token, user } = unwrap(await anonymous.POST('/api/auth/register', { body: account }));
  return { client: createLoreforgeClient({ baseUrl, token, ...(fetch ? { fetch } : {}) }), token, user };
}
