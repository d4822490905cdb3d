/**
 * The demo loader's use of the typed client (`@loreforge/client`): a client with a per-request time limit, every
 * call turned into its answer's data or a DemoLoadError naming the step, and sign-in or registration of an account.
 */
import { type LoreforgeClient, createLoreforgeClient } from '@loreforge/client';

/** A failed API call: the step being done, the HTTP status (null when the server could not be reached) and the API's message. */
export class DemoLoadError extends Error {
  constructor(
    readonly step: string,
    readonly status: number | null,
    readonly apiMessage: string,
  ) {
    super(`${step} failed${status === null ? '' : ` (HTTP ${status})`}: ${apiMessage}`);
    this.name = 'DemoLoadError';
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

/** Normalises a base URL to the server's origin: no trailing slash, no trailing /api (the client's paths carry it). */
export function apiOrigin(baseUrl: string): string {
  let root = baseUrl;
  while (root.endsWith('/')) root = root.slice(0, -1);
  return root.endsWith('/api') ? root.slice(0, -'/api'.length) : root;
}

/**
 * A typed client of the server at `baseUrl` (with or without /api), sending `token` when given; each request
 * gives up after 30 seconds.
 * @throws Error "could not reach …" from a call when the server cannot be reached or does not answer in time.
 */
export function demoClient(baseUrl: string, token?: string): LoreforgeClient {
  return createLoreforgeClient({
    baseUrl: apiOrigin(baseUrl),
    ...(token === undefined ? {} : { token }),
    fetch: async (request) => {
      try {
        return await fetch(request, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      } catch (error) {
        throw new Error(`could not reach ${request.url} (${(error as Error).message})`);
      }
    },
  });
}

/** What the typed client answers for one call. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The API's message of an error answer, with its field messages; the status when the body is not the API's shape. */
function messageOf(error: unknown, status: number): string {
  if (typeof error === 'string') return error ? error.slice(0, 300) : `HTTP ${status}`;
  if (typeof error !== 'object' || error === null || typeof (error as { message?: unknown }).message !== 'string') return `HTTP ${status}`;
  const { message, fields } = error as { message: string; fields?: Record<string, string> };
  const details = fields
    ? ` (${Object.entries(fields)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')})`
    : '';
  return `${message}${details}`;
}

/**
 * Awaits one call of the typed client as one step of loading.
 * @returns the answer's data.
 * @throws DemoLoadError naming the step: with the status and the API's message on a non-2xx answer, with status
 * null when the server could not be reached.
 */
export async function attempt<T>(step: string, call: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch (error) {
    throw new DemoLoadError(step, null, (error as Error).message);
  }
  if (!answer.response.ok) throw new DemoLoadError(step, answer.response.status, messageOf(answer.error, answer.response.status));
  return answer.data as T;
}

/** The demo account's credentials. */
export interface DemoAccount {
  username: string;
  email: string;
  password: string;
}

/**
 * Signs an account in, registering it first when it does not exist yet.
 * @param inviteCode called only when the account must be registered; returns a fresh single-use code.
 * @returns the bearer token, the user id and whether the account was just created.
 * @throws DemoLoadError when sign-in fails for another reason than an unknown account, or registration fails
 * (a 409 says to set DEMO_PASSWORD to the existing account's password).
 */
export async function signInDemoAccount(
  baseUrl: string,
  account: DemoAccount,
  inviteCode: () => Promise<string>,
): Promise<{ token: string; userId: string; registered: boolean }> {
  const client = demoClient(baseUrl);
  let login: Answer<{ token: string; user: { userId: string } }>;
  try {
    login = await client.POST('/api/auth/login', { body: { email: account.email, password: account.password } });
  } catch (error) {
    throw new DemoLoadError('Signing in', null, (error as Error).message);
  }
  if (login.response.status === 200 && login.data) return { token: login.data.token, userId: login.data.user.userId, registered: false };
  if (login.response.status !== 401)
    throw new DemoLoadError('Signing in', login.response.status, messageOf(login.error, login.response.status));
  const step = 'Registering the demo account';
  const code = await inviteCode();
  const registered = await client
    .POST('/api/auth/register', {
      body: { username: account.username, email: account.email, password: account.password, inviteCode: code },
    })
    .catch((error: unknown) => {
      throw new DemoLoadError(step, null, (error as Error).message);
    });
  if (registered.response.status === 409) {
    throw new DemoLoadError(
      step,
      409,
      `${messageOf(registered.error, 409)} The account ${account.email} exists with another password; set DEMO_PASSWORD to it.`,
    );
  }
  const auth = await attempt(step, Promise.resolve(registered));
  return { token: auth.token, userId: auth.user.userId, registered: true };
}
