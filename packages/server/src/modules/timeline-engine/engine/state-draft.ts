/**
 * A copy-on-write world state for replaying events: unchanged characters are shared with the state it started
 * from, and a character is copied the first time an event changes it in each generation. `snapshot()` freezes
 * the current generation, so the snapshots a replay keeps never change afterwards. Only the characters changed
 * since the base state are tracked, so a snapshot costs the size of those changes, not of the world.
 */
import { copyJson } from './attribute-path.js';
import type { CharacterState, WorldState, WritableCharacterState } from './types.js';
import { LayeredState } from './layered-state.js';

const copyCharacter = (state: CharacterState): WritableCharacterState => ({
  attributes: copyJson(state.attributes),
  inventory: new Map(state.inventory),
  relationships: new Map(state.relationships),
});

/** The state being built by a replay. */
export class StateDraft {
  private readonly base: WorldState;
  private readonly changed: Map<string, CharacterState>;
  private owned = new Set<CharacterState>();

  /** @param from the state to start from (not modified). */
  constructor(from: WorldState) {
    if (from instanceof LayeredState) {
      this.base = from.base;
      this.changed = new Map(from.changed);
    } else {
      this.base = from;
      this.changed = new Map();
    }
  }

  /** Whether the character exists (a deleted character does not). */
  has(characterId: string): boolean {
    return this.base.has(characterId);
  }

  /** A character's state for reading; do not modify it. */
  read(characterId: string): CharacterState | undefined {
    return this.changed.get(characterId) ?? this.base.get(characterId);
  }

  /** A character's state for writing: copied first if it may be shared. */
  write(characterId: string): WritableCharacterState | undefined {
    const current = this.read(characterId);
    if (current === undefined) return undefined;
    if (this.owned.has(current)) return current as WritableCharacterState;
    const copy = copyCharacter(current);
    this.changed.set(characterId, copy);
    this.owned.add(copy);
    return copy;
  }

  /** The current state; later writes copy again, so the returned state never changes. */
  snapshot(): WorldState {
    this.owned = new Set();
    return new LayeredState(this.base, new Map(this.changed));
  }
}
