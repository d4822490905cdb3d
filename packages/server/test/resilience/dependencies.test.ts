/**
 * Production dependencies with public advisories stay out: @fastify/swagger-ui 5 brought its own
 * @fastify/static 9.3.0, which has published advisories; every copy of @fastify/static in the lockfile must now
 * be the maintained major (10) the server itself uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../app.js';

const LOCKFILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package-lock.json');

describe('the locked dependency tree', () => {
  it('holds no @fastify/static older than major 10, nested copies included', () => {
    const lock = JSON.parse(fs.readFileSync(LOCKFILE, 'utf8')) as { packages: Record<string, { version?: string }> };
    const copies = Object.entries(lock.packages)
      .filter(([where]) => where.endsWith('node_modules/@fastify/static'))
      .map(([where, entry]) => ({ where, version: entry.version ?? '' }));
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.filter((copy) => Number(copy.version.split('.')[0]) < 10)).toEqual([]);
  });
});

describe('the interactive API documentation on the upgraded @fastify/swagger-ui', () => {
  it('serves its page and its script', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
      expect(script.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
