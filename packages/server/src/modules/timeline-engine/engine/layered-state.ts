/**
 * A world state stored as its differences from a base state: the replay's snapshots keep only the characters
 * changed since the start, so a world of 100,000 characters costs one full map (the start state) plus, per
 * snapshot, the characters its events touched, instead of a copy of every character per snapshot.
 */
import type { CharacterState, WorldState } from './types.js';

/** A read-only world state: `changed` entries win over `base` ones. Events never add or remove characters. */
export class LayeredState implements ReadonlyMap<string, CharacterState> {
  /**
   * @param base the state everything starts from (the world's stored characters); never modified.
   * @param changed characters whose state differs from `base` (every one of them is also in `base`).
   */
  constructor(
    readonly base: WorldState,
    readonly changed: ReadonlyMap<string, CharacterState>,
  ) {}

  /** How many characters the state holds. */
  get size(): number {
    return this.base.size;
  }

  /** A character's state, or undefined when there is no such character. */
  get(characterId: string): CharacterState | undefined {
    return this.changed.get(characterId) ?? this.base.get(characterId);
  }

  /** Whether the character exists. */
  has(characterId: string): boolean {
    return this.base.has(characterId);
  }

  /** Every character id, in the base state's order. */
  keys(): MapIterator<string> {
    return this.base.keys();
  }

  /** Every [characterId, state], in the base state's order. */
  *entries(): MapIterator<[string, CharacterState]> {
    for (const [id, state] of this.base) yield [id, this.changed.get(id) ?? state];
  }

  /** Every character's state, in the base state's order. */
  *values(): MapIterator<CharacterState> {
    for (const [id, state] of this.base) yield this.changed.get(id) ?? state;
  }

  /** Calls `callback` for every character, as Map.forEach does. */
  forEach(callback: (value: CharacterState, key: string, map: ReadonlyMap<string, CharacterState>) => void, thisArg?: unknown): void {
    for (const [id, state] of this.entries()) callback.call(thisArg, state, id, this);
  }

  /** Same as entries(). */
  [Symbol.iterator](): MapIterator<[string, CharacterState]> {
    return this.entries();
  }
}
