/**
 * Admission on the second ask, the "doorkeeper" of TinyLFU (Einziger, Friedman and Manes, "TinyLFU: A Highly
 * Efficient Cache Admission Policy", 2017). A cache that keeps every answer it builds fills, under traffic spread
 * over many distinct answers, with answers nobody asks for again before their world changes; each one kept
 * outlives V8's young generation, so it is copied into the old one and becomes garbage there, which the major
 * collector then has to mark and sweep. The doorkeeper remembers a 30-bit hash of each key asked for since it was
 * last cleared and admits a key the second time it is asked for. It holds numbers only (no strings, no objects),
 * so remembering a key makes no garbage.
 */

/**
 * FNV-1a over a string's UTF-16 code units, folded to 30 bits so the result is a small integer V8 stores without
 * allocating (a Smi on every build of Node.js).
 * @returns an integer in [0, 2^30).
 */
export function hash30(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash ^ (hash >>> 30)) & 0x3fffffff;
}

/** Admits a key on its second ask since the doorkeeper was last cleared (see the module's docstring). */
export class Doorkeeper {
  private readonly seen = new Set<number>();

  /**
   * @param capacity how many keys it remembers before it forgets them all and starts again (a positive integer;
   * a key asked for twice within that many first asks is admitted).
   */
  constructor(private readonly capacity: number) {}

  /**
   * Whether `key` was asked for before, since the doorkeeper was last cleared: false the first time (and the key
   * is remembered), true afterwards. Two keys with one hash share only their admission, never an answer (the cache
   * keeps answers under their whole key): the second is admitted on its first ask, which keeps one answer more.
   */
  admit(key: string): boolean {
    const hash = hash30(key);
    if (this.seen.has(hash)) return true;
    if (this.seen.size >= this.capacity) this.seen.clear();
    this.seen.add(hash);
    return false;
  }
}
