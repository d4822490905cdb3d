import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/app.js';
import { DIALECTS } from '../../test/dialects.js';
import { createUser } from '../../test/factories/user.js';
import { BODY_MUST_BE_OBJECT, JSON_BODY_EXPECTED } from './error-handler.js';
import type { ErrorResponse, Pagination, World } from '@loreforge/contract';

describe.each(DIALECTS)('request bodies that are not a JSON object, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers 415 asking for JSON when a JSON route is sent text/plain, and creates nothing', async () => {
    const owner = await createUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/worlds',
      headers: { ...owner.headers, 'content-type': 'text/plain' },
      payload: '{"name":"Oz"}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: JSON_BODY_EXPECTED, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const worlds = await t.app.inject({ method: 'GET', url: '/api/worlds', headers: owner.headers });
    expect(worlds.json<{ pagination: Pagination }>().pagination.totalItems).toBe(0);
  });

  it('answers 415 on sign-in sent as text/plain, before any credential is checked', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      payload: '{"email":"dorothy@example.test","password":"secret123"}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorResponse>().message).toBe(JSON_BODY_EXPECTED);
  });

  it.each([
    ['an array', '[{"name":"Oz"}]'],
    ['a string', '"Oz"'],
    ['null', 'null'],
    ['a number', '42'],
  ])('answers 400 saying the body must be a JSON object when it is %s', async (_label, payload) => {
    const owner = await createUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/worlds',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: BODY_MUST_BE_OBJECT, code: 'VALIDATION_FAILED', fields: { body: BODY_MUST_BE_OBJECT } });
  });

  it('answers 400 saying the body must be a JSON object when a create is sent no body at all', async () => {
    const owner = await createUser(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().message).toBe(BODY_MUST_BE_OBJECT);
  });

  it('treats an empty body sent as JSON as no body: a delete succeeds and a create says the body must be an object', async () => {
    const owner = await createUser(t.app);
    const json = { ...owner.headers, 'content-type': 'application/json' };
    const created = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers, payload: { name: 'Oz' } });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/worlds/${created.json<World>().worldId}`,
      headers: json,
      payload: '',
    });
    expect(deleted.statusCode).toBe(204);
    const empty = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: json, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorResponse>().message).toBe(BODY_MUST_BE_OBJECT);
  });

  it('still names each wrong field with its spec message when the body is an object', async () => {
    const owner = await createUser(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers, payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Name is required.', code: 'VALIDATION_FAILED', fields: { name: 'Name is required.' } });
  });
});
