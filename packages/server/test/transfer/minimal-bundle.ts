/** The smallest valid Loreforge bundle (a world and one character), built by hand, for tests that need any import to succeed. */
import { createHash } from 'node:crypto';
import { BUNDLE_ENTITY_TYPES, BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION } from '@loreforge/contract';
import { rawZip } from './raw-zip.js';

/**
 * A zip holding manifest.json, world.json and characters.json with one public character.
 * @param worldName the name the imported world gets.
 */
export function minimalBundle(worldName = 'Imported world'): Buffer {
  const now = '2026-01-01T00:00:00.000Z';
  const files: Record<string, string> = {
    'world.json': JSON.stringify({ worldId: 'w', name: worldName, description: null, createdBy: null, createdAt: now, updatedAt: now }),
    'characters.json': JSON.stringify([
      {
        characterId: 'c1',
        name: 'Dorothy',
        description: null,
        attributes: {},
        currentLocationId: null,
        activeQuests: [],
        assignedTo: null,
        visibility: 'everyone',
        revealedTo: [],
        gmNotes: null,
        createdBy: null,
        updatedBy: null,
        createdAt: now,
        updatedAt: now,
      },
    ]),
  };
  const manifest = {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    exportedAt: now,
    generator: 'test',
    world: { name: worldName },
    includesSecrets: true,
    counts: Object.fromEntries(BUNDLE_ENTITY_TYPES.map((type) => [type, type === 'characters' ? 1 : 0])),
    files: Object.fromEntries(
      Object.entries(files).map(([path, text]) => [
        path,
        { size: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') },
      ]),
    ),
  };
  return rawZip([
    { name: 'manifest.json', data: JSON.stringify(manifest) },
    ...Object.entries(files).map(([name, data]) => ({ name, data })),
  ]);
}
