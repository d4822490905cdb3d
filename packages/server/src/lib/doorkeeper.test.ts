/**
 * The read cache's doorkeeper (lib/doorkeeper.ts): a key is admitted on its second ask, and a doorkeeper that has
 * remembered its capacity of first asks forgets them all, so a key asked for long ago waits for a second ask again.
 */
import { describe, expect, it } from 'vitest';
import { Doorkeeper, hash30 } from './doorkeeper.js';

describe('doorkeeper', () => {
  it('admits a key on its second ask and on every ask after', () => {
    const doorkeeper = new Doorkeeper(100);
    expect(['page=1', 'page=1', 'page=2', 'page=1', 'page=2'].map((key) => doorkeeper.admit(key))).toEqual([
      false,
      true,
      false,
      true,
      true,
    ]);
  });

  it('forgets every first ask once it has remembered its capacity of them', () => {
    const doorkeeper = new Doorkeeper(3);
    for (const key of ['a', 'b', 'c']) expect(doorkeeper.admit(key)).toBe(false);
    expect(doorkeeper.admit('d')).toBe(false);
    expect(doorkeeper.admit('a')).toBe(false);
    expect(doorkeeper.admit('d')).toBe(true);
  });

  it('hashes to small non-negative integers that tell near keys apart', () => {
    const keys = Array.from({ length: 10_000 }, (_, page) => `world\u0000w1\u00007\u0000/api/worlds/w1/characters?page=${page}`);
    const hashes = keys.map(hash30);
    expect(hashes.every((hash) => Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30)).toBe(true);
    expect(new Set(hashes).size).toBeGreaterThan(9_990);
  });
});
