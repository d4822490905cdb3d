/**
 * A first-in, first-out counting semaphore that knows how many are waiting: the group-commit driver uses one slot
 * as the SQLite connection's mutex, the PostgreSQL driver a few as its write slots.
 */
export class FifoSlots {
  #free: number;
  readonly #waiters: Array<() => void> = [];

  /** @param count how many holders at once (at least 1). */
  constructor(count: number) {
    this.#free = Math.max(1, count);
  }

  /** How many wait for a slot. */
  get waiting(): number {
    return this.#waiters.length;
  }

  /** Resolves once a slot is this caller's. */
  async take(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** Hands the slot to the longest waiter, or frees it. */
  give(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#free += 1;
  }
}
