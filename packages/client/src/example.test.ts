/**
 * examples/build-world.ts run as a reader would run it, against the real server started on a free port, on
 * each database: it exits 0, and the world it reports holds what it built, read back through the client.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type ScratchDatabase, type ServerProcess, createScratchDatabase, startServerProcess } from '@loreforge/server/testing';
import { type Session, register, unwrap } from './index.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe.each(DIALECTS)('examples/build-world.ts against a server on %s', (dialect) => {
  // Unset when beforeAll failed part way: afterAll cleans up what was made.
  let database: ScratchDatabase | undefined;
  let server: ServerProcess | undefined;
  let session: Session;
  const account = { username: 'example_reader', email: 'reader@example.com', password: 'reader-password-1' };

  beforeAll(async () => {
    database = await createScratchDatabase(dialect, 'example');
    const started = await startServerProcess(database, { waitForInvite: true });
    server = started;
    session = await register(started.baseUrl, { ...account, inviteCode: started.inviteCode ?? '' });
  });

  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
  });

  it('builds a small world, pages its characters by cursor, reads the timeline state and meets a 409 on a stale If-Match', async () => {
    const baseUrl = server?.baseUrl ?? '';
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'examples/build-world.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOREFORGE_URL: baseUrl, LOREFORGE_EMAIL: account.email, LOREFORGE_PASSWORD: account.password },
    });
    const worldId = /World: (\S+)/.exec(stdout)?.[1] ?? '';
    expect(stdout).toContain('Page 1: Cowardly Lion, Dorothy');
    expect(stdout).toContain('Page 2: Scarecrow, Tin Woodman');
    expect(stdout).toMatch(/stale retry got 409 CONFLICT/);

    const { client } = session;
    const world = unwrap(await client.GET('/api/worlds/{worldId}', { params: { path: { worldId } } }));
    expect(world.name).toBe('The Road to the Emerald City');
    const timelines = unwrap(await client.GET('/api/worlds/{worldId}/timelines', { params: { path: { worldId } } }));
    const timelineId = timelines.data[0]?.timelineId ?? '';
    const state = unwrap(
      await client.GET('/api/worlds/{worldId}/timelines/{timelineId}/state', { params: { path: { worldId, timelineId } } }),
    );
    const byName = new Map(state.characters.map((character) => [character.name, character]));
    expect(state.eventCount).toBe(2);
    expect(byName.get('Cowardly Lion')?.attributes.courage).toBe(10);
    expect(byName.get('Dorothy')?.inventory).toEqual([expect.objectContaining({ name: 'Silver Shoes', quantity: 1, equipped: true })]);
  });
});
