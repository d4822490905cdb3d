import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/app.js';
import type { ErrorResponse } from '@loreforge/contract';

describe('serving the web app from the API process', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Loreforge</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["secret.ts"]}');
    t = await buildTestApp('sqlite', { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the app at / and for client routes on reload, revalidating index.html', async () => {
    for (const url of ['/', '/worlds/123/characters', '/login?next=%2Fworlds']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Loreforge</title>');
      expect(response.headers['cache-control']).toContain('max-age=0');
    }
  });

  it('serves hashed assets with a long cache life and 404s missing ones', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps its source maps to itself unless SERVE_SOURCE_MAPS is set', async () => {
    const hidden = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('secret.ts');
    const open = await buildTestApp('sqlite', { webDistDir: dist, serveSourceMaps: true });
    try {
      const shown = await open.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('secret.ts');
    } finally {
      await open.close();
    }
  });

  it('marks every API answer, errors included, no-store, and leaves the app files their own caching', async () => {
    for (const url of ['/api/health', '/api/nothing', '/api/worlds']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-store');
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).headers['cache-control']).not.toContain('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).not.toContain('no-store');
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorResponse>().code).toBe('NOT_FOUND');
  });
});
