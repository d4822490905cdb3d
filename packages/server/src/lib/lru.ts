/**
 * A least-recently-used map bounded by entry count and by total weight (e.g. how many ids its values hold),
 * so a cache of derived answers cannot grow without limit.
 */
export class WeightedLru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private weight = 0;

  /**
   * @param maxEntries how many entries are kept at most.
   * @param maxWeight the most total weight kept; a single value heavier than this is not kept at all.
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
  ) {}

  /** The value under key (marking it most recently used), or undefined. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether a value is kept under key (without marking it recently used). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps value under key with a weight (default 1), dropping the least recently used entries over the limits. */
  set(key: string, value: V, weight = 1): void {
    this.delete(key);
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.weight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
  }

  /** Changes the recorded weight of a kept value (after it grew); drops entries over the limits. */
  reweigh(key: string, weight: number): void {
    const entry = this.entries.get(key);
    if (entry !== undefined) this.set(key, entry.value, weight);
  }

  /** Removes key if present. */
  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  /** How many entries are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** The total weight kept. */
  get totalWeight(): number {
    return this.weight;
  }
}
