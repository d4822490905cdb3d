/**
 * `GET /worlds/{worldId}/export?format=markdown` (issue 13 "an Obsidian-style Markdown vault") on each database:
 * the vault has a folder per entity type and one note per entity; a note's YAML frontmatter holds its id, type and
 * fields, its body links the notes it names with [[wiki links]] that resolve to files of the vault, the map image
 * sits beside its note, file names are safe on every OS, and a player's vault holds no secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type TestApp, buildTestApp } from '../../../../../test/app.js';
import { DIALECTS } from '../../../../../test/dialects.js';
import { addMember } from '../../../../../test/factories/member.js';
import { createWorld } from '../../../../../test/factories/world.js';
import { TINY_PNG } from '../../../../../test/resilience/full-world.js';
import { exportWorld, found } from '../../../../../test/transfer/bundle-compare.js';

/** Splits a note into its frontmatter (parsed) and its body. */
function readNote(bytes: Uint8Array | undefined): { frontmatter: Record<string, unknown>; body: string } {
  const text = Buffer.from(found(bytes, 'the note')).toString('utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  const [, frontmatter, body] = found(match ?? undefined, `frontmatter and body in ${text}`);
  return { frontmatter: parse(frontmatter ?? '') as Record<string, unknown>, body: body ?? '' };
}

describe.each(DIALECTS)('Markdown vault export on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function ozWorld() {
    const { world, owner } = await createWorld(t.app, { name: 'Oz: the "Emerald" edition', description: 'Over the rainbow.' });
    const send = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/worlds/${world.worldId}${url}`, headers: owner.headers, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<Record<string, string>>();
    };
    const map = await send('/maps', { name: 'Map of Oz' });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/worlds/${world.worldId}/maps/${map.mapId}/image`,
          headers: { ...owner.headers, 'content-type': 'image/png' },
          payload: TINY_PNG,
        })
      ).statusCode,
    ).toBe(200);
    const emerald = await send(`/maps/${map.mapId}/points`, { name: 'Emerald City', x: 4, y: 6 });
    const toto = await send('/characters', { name: 'Toto', attributes: { species: 'dog' } });
    const dorothy = await send('/characters', {
      name: 'Dorothy',
      description: 'Always with her dog.',
      attributes: { courage: 8, home: { state: 'Kansas' } },
      currentLocationId: emerald.pointId,
    });
    await send('/characters', { name: 'CON', description: 'A name Windows reserves.' });
    await send('/characters', { name: 'Who/What: the "Wizard"?', visibility: 'editors', gmNotes: 'A humbug.' });
    await send(`/characters/${dorothy.characterId}/relationships`, {
      targetCharacterId: toto.characterId,
      relationshipType: 'friend',
      affinity: 90,
    });
    const shoes = await send('/items', { name: 'Silver Shoes' });
    await send(`/characters/${dorothy.characterId}/inventory`, { itemId: shoes.itemId, quantity: 1, equipped: true });
    const quest = await send('/quests', { name: 'Find the Wizard', status: 'active' });
    await send('/connections', {
      sourceType: 'character',
      sourceId: dorothy.characterId,
      targetType: 'quest',
      targetId: quest.questId,
      connectionType: 'pursues',
    });
    return { world, owner, dorothy, toto };
  }

  it('writes a note per entity whose frontmatter holds its fields and whose wiki links open other notes', async () => {
    const oz = await ozWorld();
    const { files } = await exportWorld(t.app, oz.owner.headers, oz.world.worldId, 'markdown');
    const paths = [...files.keys()];
    expect(paths).toEqual(
      expect.arrayContaining([
        'Characters/Dorothy.md',
        'Characters/Toto.md',
        'Items/Silver Shoes.md',
        'Places/Emerald City.md',
        'Maps/Map of Oz.md',
        'Maps/Map of Oz.png',
        'Quests/Find the Wizard.md',
      ]),
    );

    const dorothy = readNote(files.get('Characters/Dorothy.md'));
    expect(dorothy.frontmatter).toMatchObject({
      id: oz.dorothy.characterId,
      type: 'character',
      name: 'Dorothy',
      attributes: { courage: 8, home: { state: 'Kansas' } },
      currentLocation: '[[Places/Emerald City|Emerald City]]',
      visibility: 'everyone',
    });
    expect(dorothy.body).toContain('# Dorothy\n\nAlways with her dog.');
    expect(dorothy.body).toContain('- friend → [[Characters/Toto|Toto]] (affinity 90');
    expect(dorothy.body).toContain('- [[Items/Silver Shoes|Silver Shoes]] × 1 (equipped)');
    expect(dorothy.body).toContain('- pursues → [[Quests/Find the Wizard|Find the Wizard]]');
    // Every wiki link of every note opens a note (or image) of the vault.
    for (const [notePath, bytes] of files) {
      if (!notePath.endsWith('.md')) continue;
      for (const [, target] of Buffer.from(bytes)
        .toString('utf8')
        .matchAll(/\[\[([^\]|]+)(?:\|[^\]]*)?\]\]/g)) {
        expect(files.has(found(target, 'link target')) || files.has(`${target}.md`), `${notePath} links ${target}`).toBe(true);
      }
    }
    expect(readNote(files.get('Maps/Map of Oz.md')).body).toContain('![[Maps/Map of Oz.png]]');
    expect(Buffer.from(found(files.get('Maps/Map of Oz.png'), 'the map image'))).toEqual(TINY_PNG);
  });

  it("names files safely on every OS and keeps secrets out of a player's vault", async () => {
    const oz = await ozWorld();
    const player = await addMember(t.app, oz.owner, oz.world.worldId, 'player');
    const owners = [...(await exportWorld(t.app, oz.owner.headers, oz.world.worldId, 'markdown')).files.keys()];
    for (const name of owners) {
      for (const segment of name.split('/')) {
        // eslint-disable-next-line no-control-regex -- a file name must hold no control character
        expect(segment).not.toMatch(/[<>:"\\|?*\u0000-\u001f]|^\s|[\s.]$/);
        expect(segment.split('.')[0]).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)$/i);
      }
    }
    expect(owners).toContain('Characters/CON_.md');
    expect(owners).toContain('Characters/Who What the Wizard.md');
    expect(owners).toContain('Oz the Emerald edition.md');
    const wizard = readNote(
      (await exportWorld(t.app, oz.owner.headers, oz.world.worldId, 'markdown')).files.get('Characters/Who What the Wizard.md'),
    );
    expect(wizard.frontmatter).toMatchObject({ name: 'Who/What: the "Wizard"?', visibility: 'editors', gmNotes: 'A humbug.' });

    const players = (await exportWorld(t.app, player.headers, oz.world.worldId, 'markdown')).files;
    expect([...players.keys()]).not.toContain('Characters/Who What the Wizard.md');
    const text = [...players.values()].map((bytes) => Buffer.from(bytes).toString('utf8')).join('\n');
    expect(text).not.toContain('Wizard"?');
    expect(text).not.toContain('A humbug.');
  });
});
