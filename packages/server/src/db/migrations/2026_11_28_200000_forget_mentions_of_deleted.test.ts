import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKLINK_SOURCE_TYPES } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { removeOrphanedMentions } from './2026_11_28_200000_forget_mentions_of_deleted.js';

/** The rows an earlier delete left behind in the mention indexes are removed; the rows of live sources stay. */
describe.each(DIALECTS)('removing orphaned mention rows on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('deletes the rows of every kind of source that is gone and keeps those of sources that exist and of the world', async () => {
    const { character: dorothy, world } = await createCharacter(t.app, { name: 'Dorothy' });
    const worldId = world.worldId;
    const gone = '00000000-0000-4000-8000-000000000000';
    const kinds = BACKLINK_SOURCE_TYPES.filter((kind) => kind !== 'world');
    const row = (sourceType: string, sourceId: string) => ({
      world_id: worldId,
      source_type: sourceType,
      source_id: sourceId,
      target_type: 'character',
      target_id: dorothy.characterId,
    });
    const orphans = kinds.map((kind) => row(kind, gone));
    // Dorothy mentions herself; the world mentions her: both sources exist.
    const live = [row('character', dorothy.characterId), row('world', worldId)];
    for (const index of ['mention', 'gm_notes_mention'] as const)
      await t.app.db
        .insertInto(index)
        .values([...orphans, ...live])
        .execute();

    await removeOrphanedMentions(t.app.db);

    for (const index of ['mention', 'gm_notes_mention'] as const) {
      const left = await t.app.db.selectFrom(index).select(['source_type', 'source_id']).where('world_id', '=', worldId).execute();
      expect(left.map((one) => `${one.source_type}:${one.source_id}`).sort(), index).toEqual([
        `character:${dorothy.characterId}`,
        `world:${worldId}`,
      ]);
    }
  });
});
