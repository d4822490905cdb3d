/**
 * The bookkeeping of an imported world (issue 13 with issue 15's change log), on each database: an import writes
 * its rows in one transaction, where PostgreSQL counts the world and sequences its change log once at the end
 * (db/bulk-world.ts). The imported world's counts, its change feed and the writes that follow must be exactly
 * what row-by-row bookkeeping gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldChangePage } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter, worldCounts } from '../../../test/factories/character.js';
import { createEvent } from '../../../test/factories/event.js';
import { createItem } from '../../../test/factories/item.js';
import { createTimeline } from '../../../test/factories/timeline.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';
import { exportWorld, importArchive } from '../../../test/transfer/bundle-compare.js';

describe.each(DIALECTS)('the bookkeeping of an imported world on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const changesOf = async (worldId: string, owner: TestUser) => {
    const response = await t.app.inject({ url: `/api/worlds/${worldId}/changes?limit=1000`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    return response.json<WorldChangePage>().data;
  };

  it('counts the imported world, logs each imported row once in order, and goes on from there', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Gillikin Country' });
    for (const name of ['Glinda', 'Mombi', 'Tip']) await createCharacter(t.app, { world, owner, name });
    await createItem(t.app, { world, owner, name: 'Powder of Life' });
    const { timeline } = await createTimeline(t.app, { world, owner, name: 'The Marvelous Land' });
    await createEvent(t.app, { world, owner, name: 'Jack Pumpkinhead wakes', timelineId: timeline.timelineId });

    const { archive } = await exportWorld(t.app, owner.headers, world.worldId);
    const imported = await importArchive(t.app, owner.headers, archive);
    expect(imported.status).toBe(201);
    const copyId = imported.body.world.worldId;

    expect(await worldCounts(t.app, owner, copyId)).toEqual(await worldCounts(t.app, owner, world.worldId));
    expect(await worldCounts(t.app, owner, copyId)).toEqual({ characters: 3, items: 1, timelines: 1, events: 1, maps: 0 });

    const log = await changesOf(copyId, owner);
    expect(log.map((change) => change.sequence)).toEqual(log.map((_, index) => index + 1));
    expect(log[0]).toMatchObject({ entityType: 'world', entityId: copyId, action: 'created' });
    const created = log.filter((change) => change.action === 'created');
    expect(created.filter((change) => change.entityType === 'character')).toHaveLength(3);
    expect(new Set(created.map((change) => `${change.entityType}:${change.entityId}`)).size).toBe(created.length);

    // The next write continues the counts and the sequence where the import left them.
    const { character } = await createCharacter(t.app, { world: imported.body.world, owner, name: 'The Scarecrow' });
    expect((await worldCounts(t.app, owner, copyId)).characters).toBe(4);
    const after = await changesOf(copyId, owner);
    expect(after).toHaveLength(log.length + 1);
    expect(after.at(-1)).toMatchObject({
      sequence: log.length + 1,
      entityType: 'character',
      entityId: character.characterId,
      action: 'created',
    });
  });
});
