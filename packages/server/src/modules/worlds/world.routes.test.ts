import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorResponse, MESSAGES, type World, type Pagination } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';
import { present } from '../../../test/present.js';
import { readCacheSettled } from '../../lib/read-cache.js';

describe.each(DIALECTS)('worlds on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  describe('POST /api/worlds', () => {
    it('creates a world owned by the caller with zero counts, ignoring a createdBy in the body', async () => {
      const owner = await createUser(t.app);
      const other = await createUser(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/worlds',
        headers: owner.headers,
        payload: { name: 'Oz', description: 'Over the rainbow', createdBy: other.user.userId },
      });
      expect(response.statusCode).toBe(201);
      const world = response.json<World>();
      expect(world).toMatchObject({
        name: 'Oz',
        description: 'Over the rainbow',
        createdBy: owner.user.userId,
        counts: { characters: 0, timelines: 0, maps: 0, events: 0, items: 0 },
      });
      expect(world.worldId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('answers 401 asking to sign in again when the token names an account this database does not hold', async () => {
      const token = t.app.signToken('01a20000-0000-7000-8000-000000000000');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/worlds',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Oz' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: MESSAGES.invalidToken });
    });

    it("rejects a blank name with the spec's message", async () => {
      const owner = await createUser(t.app);
      const response = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers, payload: { name: '   ' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: 'Name is required.' } });
    });

    it('answers 401 without a token and with a tampered one', async () => {
      const owner = await createUser(t.app);
      const none = await t.app.inject({ method: 'POST', url: '/api/worlds', payload: { name: 'X' } });
      expect(none.statusCode).toBe(401);
      // Change the signature's first character: it carries six whole bits, so the signature always differs. (The
      // last characters may carry padding bits, and overwriting them can leave a valid token.)
      const header = owner.headers.authorization;
      const signatureAt = header.lastIndexOf('.') + 1;
      const changed = header[signatureAt] === 'A' ? 'B' : 'A';
      const tampered = await t.app.inject({
        method: 'GET',
        url: '/api/worlds',
        headers: { authorization: `${header.slice(0, signatureAt)}${changed}${header.slice(signatureAt + 1)}` },
      });
      expect(tampered.statusCode).toBe(401);
      expect(tampered.json<ErrorResponse>().message).toBe('Your session is invalid or has expired. Please sign in again.');
    });
  });

  describe('GET /api/worlds', () => {
    it("lists only the caller's worlds, newest first, with pagination", async () => {
      const owner = await createUser(t.app);
      for (const name of ['Alpha', 'Beta', 'Gamma']) await createWorld(t.app, { owner, name });
      await createWorld(t.app, { name: 'Not mine' });
      const response = await t.app.inject({ method: 'GET', url: '/api/worlds?limit=2', headers: owner.headers });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ data: World[]; pagination: Record<string, unknown> }>();
      expect(body.data.map((w) => w.name)).toEqual(['Gamma', 'Beta']);
      expect(body.pagination).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 3, limit: 2 });
      expect(typeof body.pagination.nextCursor).toBe('string');

      const next = await t.app.inject({
        method: 'GET',
        url: `/api/worlds?limit=2&cursor=${String(body.pagination.nextCursor)}`,
        headers: owner.headers,
      });
      expect(next.json<{ data: World[] }>().data.map((w) => w.name)).toEqual(['Alpha']);
      expect(next.json<{ pagination: Pagination }>().pagination.nextCursor).toBeNull();
    });

    it('answers 401 to a token signed out everywhere or of a deleted account, though the list was kept for it', async () => {
      const owner = await createUser(t.app);
      await createWorld(t.app, { owner, name: 'Oz' });
      const list = (token: string) => t.app.inject({ url: '/api/worlds', headers: { authorization: `Bearer ${token}` } });
      // Asked twice, the answer is kept (lib/read-cache.ts); the third ask is answered from the cache.
      expect((await list(owner.token)).statusCode).toBe(200);
      expect((await list(owner.token)).statusCode).toBe(200);
      await readCacheSettled(t.app.db);
      expect((await list(owner.token)).json<{ data: World[] }>().data.map((world) => world.name)).toEqual(['Oz']);

      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: owner.headers });
      expect(out.statusCode).toBe(200);
      const revoked = await list(owner.token);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ message: MESSAGES.invalidToken, code: 'UNAUTHORIZED' });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.user.email, password: 'secret123' },
      });
      const fresh = await list(login.json<{ token: string }>().token);
      expect(fresh.json<{ data: World[] }>().data.map((world) => world.name)).toEqual(['Oz']);

      const gone = await createUser(t.app);
      expect((await list(gone.token)).statusCode).toBe(200);
      await t.app.db.deleteFrom('user').where('id', '=', gone.user.userId).execute();
      const deleted = await list(gone.token);
      expect(deleted.statusCode).toBe(401);
      expect(deleted.json()).toEqual({ message: MESSAGES.invalidToken, code: 'UNAUTHORIZED' });
    });

    it('searches name and description case-insensitively and sorts by name', async () => {
      const owner = await createUser(t.app);
      await createWorld(t.app, { owner, name: 'emerald city' });
      await createWorld(t.app, { owner, name: 'kansas', description: 'Grey prairie, far from the EMERALD glow' });
      await createWorld(t.app, { owner, name: 'winkie country' });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/worlds?search=Emerald&sortBy=name&sortOrder=asc',
        headers: owner.headers,
      });
      const body = response.json<{ data: World[]; pagination: { totalItems: number } }>();
      expect(body.data.map((w) => w.name)).toEqual(['emerald city', 'kansas']);
      expect(body.pagination.totalItems).toBe(2);
    });

    it('keeps search in step with renames and deletes, and finds two-letter terms too', async () => {
      const owner = await createUser(t.app);
      const { world } = await createWorld(t.app, { owner, name: 'Quadling Country' });
      await createWorld(t.app, { owner, name: 'Oz' });
      const search = async (term: string) =>
        (await t.app.inject({ method: 'GET', url: `/api/worlds?search=${term}`, headers: owner.headers }))
          .json<{ data: World[] }>()
          .data.map((w) => w.name);
      expect(await search('quadling')).toEqual(['Quadling Country']);
      await t.app.inject({
        method: 'PUT',
        url: `/api/worlds/${world.worldId}`,
        headers: owner.headers,
        payload: { name: 'Gillikin Country' },
      });
      expect(await search('quadling')).toEqual([]);
      expect(await search('gillikin')).toEqual(['Gillikin Country']);
      expect(await search('oz')).toEqual(['Oz']);
      await t.app.inject({ method: 'DELETE', url: `/api/worlds/${world.worldId}`, headers: owner.headers });
      expect(await search('country')).toEqual([]);
    });

    it('treats % and _ in a search as plain text', async () => {
      const owner = await createUser(t.app);
      await createWorld(t.app, { owner, name: '100% magic' });
      await createWorld(t.app, { owner, name: '100 magic' });
      const response = await t.app.inject({ method: 'GET', url: '/api/worlds?search=100%25', headers: owner.headers });
      expect(response.json<{ data: World[] }>().data.map((w) => w.name)).toEqual(['100% magic']);
    });

    it('answers a page past the end with no data and the true totals', async () => {
      const owner = await createUser(t.app);
      await createWorld(t.app, { owner });
      const response = await t.app.inject({ method: 'GET', url: '/api/worlds?page=9', headers: owner.headers });
      expect(response.json()).toMatchObject({ data: [], pagination: { currentPage: 9, totalItems: 1, totalPages: 1 } });
    });

    it('refuses a cursor made for another sort order instead of applying it to this one', async () => {
      const owner = await createUser(t.app);
      for (const name of ['Oz', 'Kansas', 'Ev']) {
        await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers, payload: { name } });
      }
      const byName = await t.app.inject({ method: 'GET', url: '/api/worlds?sortBy=name&limit=1', headers: owner.headers });
      const cursor = present(byName.json<{ pagination: Pagination }>().pagination.nextCursor, 'a cursor to the second page');
      const next = await t.app.inject({ method: 'GET', url: `/api/worlds?sortBy=name&limit=1&cursor=${cursor}`, headers: owner.headers });
      expect(next.json<{ data: World[] }>().data.map((w) => w.name)).toEqual(['Kansas']);
      for (const other of ['', '&sortBy=name&sortOrder=desc', '&sortBy=updatedAt']) {
        const response = await t.app.inject({ method: 'GET', url: `/api/worlds?limit=1&cursor=${cursor}${other}`, headers: owner.headers });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorResponse>().fields?.cursor).toBe(
          'The cursor was made for another sort order; start again from the first page.',
        );
      }
    });

    it('rejects an unknown sort field naming the allowed ones, and a bad cursor', async () => {
      const owner = await createUser(t.app);
      const sort = await t.app.inject({ method: 'GET', url: '/api/worlds?sortBy=password', headers: owner.headers });
      expect(sort.statusCode).toBe(400);
      expect(sort.json<ErrorResponse>().message).toBe('sortBy must be one of: createdAt, updatedAt, name.');
      const cursor = await t.app.inject({ method: 'GET', url: '/api/worlds?cursor=nonsense', headers: owner.headers });
      expect(cursor.statusCode).toBe(400);
      const numberForText = Buffer.from(JSON.stringify([5, 'x', 'createdAt:desc'])).toString('base64url');
      const typed = await t.app.inject({ method: 'GET', url: `/api/worlds?cursor=${numberForText}`, headers: owner.headers });
      expect(typed.statusCode).toBe(400);
      expect(typed.json<ErrorResponse>().message).toBe('The cursor is invalid; start again from the first page.');
      const limit = await t.app.inject({ method: 'GET', url: '/api/worlds?limit=10001', headers: owner.headers });
      expect(limit.statusCode).toBe(400);
      expect(limit.json<ErrorResponse>().fields?.limit).toBe('limit must be no more than 10000.');
    });
  });

  describe('GET, PUT and DELETE /api/worlds/{worldId}', () => {
    it('reads, updates and deletes an own world', async () => {
      const { world, owner } = await createWorld(t.app, { name: 'Before' });
      const read = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}`, headers: owner.headers });
      expect(read.json()).toMatchObject({ worldId: world.worldId, name: 'Before' });

      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/worlds/${world.worldId}`,
        headers: owner.headers,
        payload: { name: 'After', description: '' },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ name: 'After', description: null });

      const del = await t.app.inject({ method: 'DELETE', url: `/api/worlds/${world.worldId}`, headers: owner.headers });
      expect(del.statusCode).toBe(204);
      const gone = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}`, headers: owner.headers });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: 'World not found.', code: 'NOT_FOUND' });
    });

    it("answers 404 for another user's world on every method and leaves it untouched", async () => {
      const { world, owner } = await createWorld(t.app, { name: 'Private' });
      const intruder = await createUser(t.app);
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await t.app.inject({
          method,
          url: `/api/worlds/${world.worldId}`,
          headers: intruder.headers,
          ...(method === 'PUT' ? { payload: { name: 'Mine now' } } : {}),
        });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Private');
      }
      const still = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}`, headers: owner.headers });
      expect(still.json<World>().name).toBe('Private');
    });

    it('rejects a malformed world id with 400', async () => {
      const owner = await createUser(t.app);
      const response = await t.app.inject({ method: 'GET', url: '/api/worlds/not-a-uuid', headers: owner.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe('Must be a valid UUID.');
    });
  });
});
