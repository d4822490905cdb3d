import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/app.js';
import { DIALECTS } from '../../test/dialects.js';
import { createUser } from '../../test/factories/user.js';
import { createWorld } from '../../test/factories/world.js';
import { DEPTH_MESSAGE, INVALID_UTF8_MESSAGE, LONE_SURROGATE_MESSAGE, NUMBER_MESSAGE } from './input-guard.js';
import type { ErrorResponse, Pagination, World, Character } from '@loreforge/contract';

describe.each(DIALECTS)('NUL characters on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers 400 naming the field for NUL in a body, nested JSON, a query or a path, and stores nothing', async () => {
    const { world, owner } = await createWorld(t.app);
    const name = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers, payload: { name: 'Oz\u0000' } });
    expect(name.statusCode).toBe(400);
    expect(name.json<ErrorResponse>().fields).toEqual({ name: 'Text must not contain the NUL character (\\u0000).' });

    const nested = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/characters`,
      headers: owner.headers,
      payload: { name: 'Toto', attributes: { bark: { sound: 'wo\u0000of' } } },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json<ErrorResponse>().fields).toEqual({ 'attributes.bark.sound': 'Text must not contain the NUL character (\\u0000).' });

    const query = await t.app.inject({ method: 'GET', url: '/api/worlds?search=o%00z', headers: owner.headers });
    expect(query.statusCode).toBe(400);
    const path = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}%00`, headers: owner.headers });
    expect(path.statusCode).toBe(400);

    const list = await t.app.inject({ method: 'GET', url: '/api/worlds', headers: owner.headers });
    expect(list.json<{ pagination: Pagination }>().pagination.totalItems).toBe(1);
  });

  it('still accepts every other character and gives the text back byte for byte', async () => {
    const owner = await createUser(t.app);
    const tricky = "Ωz — “quotes” 'single' <b>bold</b> \\ back\\slash 🧙‍♀️ \u0001\u001f tab\there %_";
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/worlds',
      headers: owner.headers,
      payload: { name: tricky.slice(0, 200), description: tricky },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<World>().description).toBe(tricky);
  });

  it('answers 400, not 500, for an unpaired surrogate, which no UTF-8 database can keep as sent', async () => {
    const { world, owner } = await createWorld(t.app);
    const lone = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/characters`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"name":"Toto","description":"half \\ud800 a pair"}',
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json<ErrorResponse>().fields).toEqual({ description: LONE_SURROGATE_MESSAGE });
    const pair = await t.app.inject({
      method: 'POST',
      url: '/api/worlds',
      headers: owner.headers,
      payload: { name: 'Oz 🧙', description: '\ud83e\uddd9 whole' },
    });
    expect(pair.statusCode).toBe(201);
    expect(pair.json<World>().description).toBe('🧙 whole');
  });

  it('answers 400, not 500, for a body nested 100,000 levels deep', async () => {
    const owner = await createUser(t.app);
    const deep = `{"name":"Oz","description":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/worlds',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().message).toBe(DEPTH_MESSAGE);
    const array = await t.app.inject({
      method: 'POST',
      url: '/api/worlds',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    });
    expect(array.statusCode).toBe(400);
  });
});

describe.each(DIALECTS)('body caps per route on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('refuses a public form body over 16 KiB with 413 before reading it, and takes a normal one', async () => {
    const padding = 'x'.repeat(17 * 1024);
    for (const url of ['/api/auth/register', '/api/auth/login', '/api/invites/request']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { name: 'Dorothy', email: `d@${padding}.test`, password: 'secret123' },
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json<ErrorResponse>().code).toBe('PAYLOAD_TOO_LARGE');
    }
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/invites/request',
      payload: { name: 'Dorothy', email: 'dorothy@kansas.test' },
    });
    expect(fine.statusCode).toBe(202);
  });

  it('refuses a body over 1 KiB on a route that takes none, and still accepts large JSON where a route needs it', async () => {
    const { world, owner } = await createWorld(t.app);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/worlds/${world.worldId}`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ junk: 'x'.repeat(2048) }),
    });
    expect(remove.statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}`, headers: owner.headers })).statusCode).toBe(200);

    const attributes = { lore: 'y'.repeat(150_000) };
    const character = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/characters`,
      headers: owner.headers,
      payload: { name: 'Toto', attributes },
    });
    expect(character.statusCode).toBe(201);
  });
});

describe.each(DIALECTS)('numbers and bytes that cannot be kept exactly on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('refuses a body that is not valid UTF-8 with a 400 instead of storing U+FFFD', async () => {
    const { owner } = await createWorld(t.app);
    const payload = Buffer.concat([Buffer.from('{"name":"Oz '), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/worlds',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().fields).toEqual({ body: INVALID_UTF8_MESSAGE });
    const list = await t.app.inject({ method: 'GET', url: '/api/worlds', headers: owner.headers });
    expect(list.json<{ pagination: Pagination }>().pagination.totalItems).toBe(1);
  });

  it('refuses numbers beyond ±(2^53 − 1) and numbers that are not finite, naming the field', async () => {
    const { world, owner } = await createWorld(t.app);
    for (const raw of ['12345678901234567890', '1e400', '-1e400', '1.5e300']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/characters`,
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: `{"name":"Toto","attributes":{"power":${raw}}}`,
      });
      expect(response.statusCode, raw).toBe(400);
      expect(response.json<ErrorResponse>().fields).toEqual({ 'attributes.power': NUMBER_MESSAGE });
    }
    const fine = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/characters`,
      headers: owner.headers,
      payload: { name: 'Toto', attributes: { power: 9007199254740991, ratio: 1.5e-300, floor: -9007199254740991 } },
    });
    expect(fine.statusCode).toBe(201);
    expect(fine.json<Character>().attributes).toEqual({ power: 9007199254740991, ratio: 1.5e-300, floor: -9007199254740991 });
  });
});
