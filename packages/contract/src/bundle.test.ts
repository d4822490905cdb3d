import { describe, expect, it } from 'vitest';
import { BundleCharacterSchema, BundleManifestSchema, bundleJsonSchema } from './index.js';

describe('the published JSON Schema of the Loreforge bundle', () => {
  it('describes every entity file and requires the fields a reader relies on', () => {
    const schema = bundleJsonSchema() as { properties: Record<string, { items?: { required?: string[] }; required?: string[] }> };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['manifest.json', 'world.json', 'characters.json', 'map-points.json', 'tags.json']),
    );
    expect(schema.properties['characters.json']?.items?.required).toEqual(
      expect.arrayContaining(['characterId', 'name', 'attributes', 'visibility']),
    );
    expect(schema.properties['manifest.json']?.required).toEqual(expect.arrayContaining(['format', 'formatVersion', 'counts', 'files']));
  });

  it('refuses a manifest of another format version and a character without a name', () => {
    expect(BundleManifestSchema.safeParse({ format: 'loreforge-bundle', formatVersion: 2 }).success).toBe(false);
    expect(BundleCharacterSchema.safeParse({ characterId: 'c', name: '' }).success).toBe(false);
  });
});
