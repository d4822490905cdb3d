import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';

const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const repoRoot = path.resolve(serverDir, '../..');

describe('the invite command', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-invite-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  const run = (...args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/invite.ts', ...args], { cwd: serverDir, env, encoding: 'utf8' });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints one new code alone on stdout, which registers exactly one account', async () => {
    const output = run();
    expect(output).toMatch(/^LF-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}\n$/);
    const code = output.trim();
    expect(run().trim()).not.toBe(code);

    const config = loadConfig({ ...env, DATABASE_URL: undefined }, { logLevel: 'silent', webDistDir: undefined });
    const database = connectDatabase({ databaseUrl: undefined, sqliteFile: config.sqliteFile });
    await migrateToLatest(database);
    const app = await buildApp({ config, database });
    try {
      const register = (email: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { username: email.split('@')[0], email, password: 'secret1', inviteCode: code.toLowerCase() },
        });
      expect((await register('first@oz.test')).statusCode).toBe(201);
      expect((await register('second@oz.test')).statusCode).toBe(400);
      await app.inject({ method: 'POST', url: '/api/invites/request', payload: { name: 'Ozma', email: 'ozma@oz.test' } });
    } finally {
      await app.close();
    }
    expect(run('--requests')).toMatch(/\tOzma\tozma@oz\.test\n$/);
  });
});

describe('npm run --silent invite, from the repository root', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-invite-npm-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  const npm = (...args: string[]) => spawnSync('npm', ['run', '--silent', 'invite', ...args], { cwd: repoRoot, env, encoding: 'utf8' });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints the code alone, and `-- --requests` lists requests instead of making a code', async () => {
    const made = npm();
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/^LF-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}\n$/);

    const config = loadConfig({ ...env, DATABASE_URL: undefined }, { logLevel: 'silent', webDistDir: undefined });
    const database = connectDatabase({ databaseUrl: undefined, sqliteFile: config.sqliteFile });
    await migrateToLatest(database);
    const app = await buildApp({ config, database });
    try {
      const asked = await app.inject({ method: 'POST', url: '/api/invites/request', payload: { name: 'Glinda', email: 'glinda@oz.test' } });
      expect(asked.statusCode).toBe(202);
    } finally {
      await app.close();
    }

    const listed = npm('--', '--requests');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^\S+\tGlinda\tglinda@oz\.test\n$/);
  }, 60_000);

  it('refuses an unknown option with its usage and makes no code', () => {
    const refused = npm('--', '--reqests');
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('Unknown option: --reqests');
    expect(refused.stderr).toContain('npm run --silent invite -- --requests');
  }, 60_000);
});
