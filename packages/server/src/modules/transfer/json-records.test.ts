/**
 * The streaming reader of a bundle's entity files: whatever the chunk boundaries (inside a string, an escape, a
 * multi-byte character), it gives the array's elements as JSON.parse would, and refuses what parseJsonBounded
 * refuses (malformed JSON, nesting past the bound, NUL, invalid UTF-8) with the same messages.
 */
import { BUNDLE_MESSAGES } from '@loreforge/contract';
import { describe, expect, it } from 'vitest';
import { jsonArrayElements } from './json-records.js';

/** The bytes cut into chunks of `size` bytes (so boundaries fall everywhere). */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let index = 0; index < bytes.length; index += size) yield bytes.subarray(index, index + size);
}

async function read(text: string | Uint8Array, size = 7, maxDepth = 10): Promise<unknown[]> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const out: unknown[] = [];
  for await (const element of jsonArrayElements('characters.json', chunked(bytes, size), maxDepth)) out.push(element);
  return out;
}

describe('jsonArrayElements', () => {
  const records = [
    { name: 'Dorothy "Dot" Gale', tags: ['a,b', '[x]', '{y}'], note: 'back\\slash \\" quote', nested: { deep: [1, [2, { three: 3 }]] } },
    { name: 'Émeraude 🌈 城', empty: {}, list: [] },
    { name: 'Toto', n: -1.5e3, t: true, f: false, z: null },
  ];

  it('gives every element of compact, one-per-line and pretty-printed arrays, at every chunk size', async () => {
    const texts = [
      JSON.stringify(records),
      `[\n${records.map((record) => JSON.stringify(record)).join(',\n')}\n]\n`,
      `\uFEFF${JSON.stringify(records, null, 2)}`,
    ];
    for (const text of texts) {
      for (const size of [1, 2, 3, 5, 64, 100_000]) expect(await read(text, size)).toEqual(records);
    }
  });

  it('reads an empty array and refuses what is not one array', async () => {
    expect(await read(' [ ] ')).toEqual([]);
    for (const text of ['', '{}', '[1,]', '[,1]', '[1 2]', '[1] [2]', '[{"a":1}', '[{"a":1]]', '"text"']) {
      await expect(read(text), text).rejects.toThrow(BUNDLE_MESSAGES.invalidJson('characters.json'));
    }
  });

  it('refuses nesting past the bound, counting the array itself, as parseJsonBounded does', async () => {
    expect(await read('[[[1]]]', 3, 3)).toEqual([[[1]]]);
    await expect(read('[[[[1]]]]', 3, 3)).rejects.toThrow(BUNDLE_MESSAGES.jsonTooDeep('characters.json', 3));
  });

  it('refuses NUL and invalid UTF-8', async () => {
    await expect(read('[{"a":"x\\u0000"}]')).rejects.toThrow(BUNDLE_MESSAGES.nulCharacter('characters.json'));
    await expect(read(new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d]))).rejects.toThrow(BUNDLE_MESSAGES.invalidJson('characters.json'));
  });
});
