import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeStartupProblem } from './startup-problem.js';

const SERVER_PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The environment without any database setting, so the server takes its SQLite file under DATA_DIR. */
function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, SQLITE_FILE: _file, ...rest } = env;
  return rest;
}

describe('starting on a data folder that cannot be written', () => {
  it('says what is wrong in one line and exits with status 1, without a stack trace', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-start-'));
    // A data folder under a plain file can never be created, whoever runs the server (root included).
    const blocker = path.join(folder, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const dataDir = path.join(blocker, 'data');
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: SERVER_PACKAGE,
        env: { ...withoutDatabase(process.env), DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Loreforge cannot write to its data folder ${dataDir}`);
      expect(lines[0]).toContain('set DATA_DIR to a folder that is');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 90_000);

  it('words a read-only file system, a full disk and an unreachable PostgreSQL, and leaves other errors alone', () => {
    const where = { dataDir: '/srv/loreforge', postgres: true };
    const readOnly = Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS' });
    expect(describeStartupProblem(new Error('Migration failed', { cause: readOnly }), where)).toMatch(
      /^Loreforge cannot write to its data folder \/srv\/loreforge/,
    );
    expect(describeStartupProblem(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }), where)).toMatch(
      /disk holding its database is full/,
    );
    expect(
      describeStartupProblem(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), where),
    ).toMatch(/cannot reach PostgreSQL/);
    expect(describeStartupProblem(new TypeError('x is not a function'), where)).toBeUndefined();
  });
});
