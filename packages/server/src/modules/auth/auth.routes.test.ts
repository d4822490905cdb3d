import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createUser } from '../../../test/factories/user.js';
import { createInviteCode, listInviteRequests } from '../invites/invite.repository.js';
import type { AuthResponse, ErrorResponse } from '@loreforge/contract';

/** The parts of the served OpenAPI document these tests read (absent parts fail the expectation that reads them). */
interface MediaTypes {
  content: Record<string, { schema: { type?: string; format?: string } } | undefined>;
}
interface DocumentedOperation {
  responses: Record<string, (Partial<MediaTypes> & { headers?: Record<string, { description?: string } | undefined> }) | undefined>;
  requestBody?: MediaTypes;
  security?: unknown[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, DocumentedOperation | undefined> | undefined>;
  components: { securitySchemes: Record<string, { scheme: string } | undefined> };
}

describe.each(DIALECTS)('auth and invites on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const register = async (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });

  describe('POST /api/auth/register', () => {
    it('creates an account with an invite code and answers a token and a user without the hash', async () => {
      const response = await register({
        username: 'dorothy',
        email: 'Dorothy@Kansas.test',
        password: 'toto-123',
        inviteCode: await createInviteCode(t.app.db),
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<AuthResponse>();
      expect(typeof body.token).toBe('string');
      expect(body.user).toMatchObject({ username: 'dorothy', email: 'Dorothy@Kansas.test' });
      expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
    });

    it('accepts each invite code once only', async () => {
      const inviteCode = await createInviteCode(t.app.db);
      const first = await register({ username: 'first_one', email: 'first@x.test', password: 'secret1', inviteCode });
      expect(first.statusCode).toBe(201);
      const second = await register({ username: 'second_one', email: 'second@x.test', password: 'secret1', inviteCode });
      expect(second.statusCode).toBe(400);
      expect(second.json<ErrorResponse>().fields?.inviteCode).toBe('This invite code is not valid or has already been used.');
    });

    it('gives the spec messages for missing fields and a short password', async () => {
      const response = await register({ username: '', email: 'not-an-email', password: '12345' });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields).toEqual({
        username: 'Username is required.',
        email: 'Email must be a valid email address.',
        password: 'Password must be at least 6 characters.',
        inviteCode: 'Invite Code is required.',
      });
    });

    it('answers 409 for an email already registered, in any case, without using the code', async () => {
      const existing = await createUser(t.app);
      const inviteCode = await createInviteCode(t.app.db);
      const response = await register({
        username: 'someone_else',
        email: existing.user.email.toUpperCase(),
        password: 'secret1',
        inviteCode,
      });
      expect(response.statusCode).toBe(409);
      const retry = await register({ username: 'someone_else', email: 'fresh@x.test', password: 'secret1', inviteCode });
      expect(retry.statusCode).toBe(201);
    });

    it('checks the invite code before saying an email or a username is taken, so a stranger learns neither', async () => {
      const existing = await createUser(t.app);
      for (const payload of [
        { username: 'a_stranger', email: existing.user.email, password: 'secret1', inviteCode: 'LF-NOPE-NOPE-NOPE' },
        { username: existing.user.username, email: 'stranger@x.test', password: 'secret1', inviteCode: 'LF-NOPE-NOPE-NOPE' },
      ]) {
        const response = await register(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: 'This invite code is not valid or has already been used.',
          code: 'VALIDATION_FAILED',
          fields: { inviteCode: 'This invite code is not valid or has already been used.' },
        });
      }
    });
  });

  describe('POST /api/auth/login and GET /api/auth/me', () => {
    it('signs in with the right password and the token reads the user back', async () => {
      const { user } = await createUser(t.app);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'secret123' },
      });
      expect(login.statusCode).toBe(200);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${login.json<AuthResponse>().token}` },
      });
      expect(me.json()).toEqual(user);
    });

    it('answers the same 401 for a wrong password and an unknown email', async () => {
      const { user } = await createUser(t.app);
      const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'nope-nope' } });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ghost@x.test', password: 'nope-nope' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json<ErrorResponse>().message).toBe('Invalid email or password.');
    });

    it('requires email and password', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
      expect(response.json<ErrorResponse>().fields).toEqual({ email: 'Email is required.', password: 'Password is required.' });
    });

    it('answers 401 to a well-signed token whose account this database does not hold, so the client signs in again', async () => {
      const token = t.app.signToken('0191e5a2-0000-7000-8000-00000000dead');
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: 'Your session is invalid or has expired. Please sign in again.', code: 'UNAUTHORIZED' });
    });
  });

  describe('POST /api/auth/logout-all and revoked tokens', () => {
    const signIn = async (email: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } })).json<{ token: string }>()
        .token;
    const worldsWith = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/worlds', headers: { authorization: `Bearer ${token}` } });

    it('signs every session of the user out, this one included, and a new sign-in works again', async () => {
      const { user } = await createUser(t.app);
      const other = await createUser(t.app);
      const [laptop, phone] = [await signIn(user.email), await signIn(user.email)];
      expect((await worldsWith(phone)).statusCode).toBe(200);

      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { authorization: `Bearer ${laptop}` } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ message: 'You are signed out on every device. Sign in again to continue.' });
      for (const token of [laptop, phone]) {
        const refused = await worldsWith(token);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ message: 'Your session is invalid or has expired. Please sign in again.', code: 'UNAUTHORIZED' });
      }
      expect((await worldsWith(await signIn(user.email))).statusCode).toBe(200);
      // Another user's sessions are untouched.
      expect((await worldsWith(other.token)).statusCode).toBe(200);
    });

    it('answers 401 without a token, and documents the route with its 401', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all' });
      expect(response.statusCode).toBe(401);
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
      const operation = doc.paths['/api/auth/logout-all']?.post;
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401']));
      expect(operation?.security).toEqual([{ bearerAuth: [] }]);
    });

    it("refuses a deleted user's token with 401 instead of listing worlds", async () => {
      const doomed = await createUser(t.app);
      expect((await worldsWith(doomed.token)).statusCode).toBe(200);
      await t.app.db.deleteFrom('user').where('id', '=', doomed.user.userId).execute();
      expect((await worldsWith(doomed.token)).statusCode).toBe(401);
    });
  });

  describe('POST /api/invites/request', () => {
    it('keeps the request and answers 202 with a message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/invites/request',
        payload: { name: 'Glinda', email: 'glinda@south.test' },
      });
      expect(response.statusCode).toBe(202);
      expect(response.json<ErrorResponse>().message).toMatch(/received/);
      const requests = await listInviteRequests(t.app.db);
      expect(requests.some((r) => r.email === 'glinda@south.test' && r.name === 'Glinda')).toBe(true);
    });

    it('requires a name and a valid email', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/invites/request', payload: { email: 'x' } });
      expect(response.json<ErrorResponse>().fields).toEqual({ name: 'Name is required.', email: 'Email must be a valid email address.' });
    });
  });

  describe('rate limiting', () => {
    it('answers 429 with Retry-After once a client exceeds the auth limit', async () => {
      const limited = await buildTestApp(dialect, { authRateLimitPerMinute: 3 });
      try {
        const statuses: number[] = [];
        let last;
        for (let i = 0; i < 4; i += 1) {
          last = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.test', password: 'x' } });
          statuses.push(last.statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 429]);
        expect(last?.headers['retry-after']).toBeDefined();
        expect(last?.json<ErrorResponse>().code).toBe('RATE_LIMITED');
      } finally {
        await limited.close();
      }
    });
  });
});

describe.each(DIALECTS)('system routes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('GET /api/health checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: dialect });
  });

  it('GET /api/openapi.json documents the API with bearer auth', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = response.json<OpenApiDocument>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/worlds', '/api/worlds/{worldId}', '/api/auth/login']));
    expect(doc.components.securitySchemes.bearerAuth?.scheme).toBe('bearer');
  });

  it('documents the version ETag of entity answers and the raw bodies of map images', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const character = doc.paths['/api/worlds/{worldId}/characters/{characterId}'];
    expect(character?.get?.responses['200']?.headers?.ETag?.description).toMatch(/If-Match/);
    expect(character?.put?.responses['200']?.headers?.ETag).toBeDefined();
    expect(doc.paths['/api/worlds/{worldId}/characters']?.get?.responses['200']).toBeDefined();
    expect(doc.paths['/api/worlds/{worldId}/characters']?.get?.responses['200']?.headers).toBeUndefined();
    const image = doc.paths['/api/worlds/{worldId}/maps/{mapId}/image'];
    expect(Object.keys(image?.put?.requestBody?.content ?? {})).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(image?.put?.requestBody?.content['image/png']?.schema).toEqual({ type: 'string', format: 'binary' });
    expect(image?.get?.responses['200']?.content?.['image/webp']?.schema.format).toBe('binary');
    expect(image?.get?.responses['304']).toBeDefined();
  });

  it('answers unknown API routes with the one error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route not found.', code: 'NOT_FOUND' });
  });
});
