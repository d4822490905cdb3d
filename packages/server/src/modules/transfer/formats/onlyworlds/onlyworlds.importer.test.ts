/**
 * The OnlyWorlds importer reads the folder one file at a time (issue 13 "stream, do not build the whole archive
 * in memory"): never two files at once, and never a file that is neither world.json, an element nor an image a
 * map names.
 */
import { describe, expect, it } from 'vitest';
import { type FolderReader, readOnlyWorldsArchive } from './onlyworlds.importer.js';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** A reader over files in memory that records which files were read and how many reads overlapped. */
function countingReader(files: Record<string, Uint8Array>) {
  const reads: string[] = [];
  let open = 0;
  let mostOpen = 0;
  const reader: FolderReader = {
    paths: Object.keys(files),
    read: async (path) => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      reads.push(path);
      await new Promise((resolve) => setTimeout(resolve, 1));
      open -= 1;
      return files[path];
    },
  };
  return { reader, reads, mostOpen: () => mostOpen };
}

describe('reading an OnlyWorlds folder', () => {
  it('reads one file at a time and leaves files it does not need unread', async () => {
    const character = (id: string, name: string) => bytes({ id, name, type: 'character' });
    const { reader, reads, mostOpen } = countingReader({
      'oz/world.json': bytes({ id: 'w', name: 'Oz' }),
      'oz/elements/character/dorothy--1.json': character('0190f3a1-0000-7000-8000-000000000001', 'Dorothy'),
      'oz/elements/character/toto--2.json': character('0190f3a1-0000-7000-8000-000000000002', 'Toto'),
      'oz/notes/drafts.txt': new Uint8Array(1_000_000),
    });
    const { bundle, notMapped } = await readOnlyWorldsArchive(reader, { maxJsonDepth: 64 });
    expect(bundle.entities.characters.map((c) => c.name).sort()).toEqual(['Dorothy', 'Toto']);
    expect(mostOpen()).toBe(1);
    expect(reads).not.toContain('oz/notes/drafts.txt');
    expect(notMapped.map((item) => item.path)).toContain('notes/drafts.txt');
  });
});
