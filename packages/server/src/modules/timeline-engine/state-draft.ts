/**
 * A copy-on-write world state for replaying events: unchanged characters are shared with the state it started
 * from, and a character is copied the first time an event changes it in each generation. `snapshot()` freezes
 * the current generation, so the snapshots a replay keeps never change afterwards.
 */
import { copyJson } from './attribute-path.js';
import type { CharacterState, WorldState } from './engine.types.js';

const copyCharacter = (state: CharacterState): CharacterState => ({
  attributes: copyJson(state.attributes),
  inventory: new Map(state.inventory),
  relationships: new Map(state.relationships),
});

/** The state being built by a replay. */
export class StateDraft {
  private readonly characters: Map<string, CharacterState>;
  private owned = new Set<CharacterState>();

  /** @param from the state to start from (not modified). */
  constructor(from: WorldState) {
    this.characters = new Map(from);
  }

  /** Whether the character exists (a deleted character does not). */
  has(characterId: string): boolean {
    return this.characters.has(characterId);
  }

  /** A character's state for reading; do not modify it. */
  read(characterId: string): CharacterState | undefined {
    return this.characters.get(characterId);
  }

  /** A character's state for writing: copied first if it may be shared. */
  write(characterId: string): CharacterState | undefined {
    const current = this.characters.get(characterId);
    if (current === undefined || this.owned.has(current)) return current;
    const copy = copyCharacter(current);
    this.characters.set(characterId, copy);
    this.owned.add(copy);
    return copy;
  }

  /** The current state; later writes copy again, so the returned state never changes. */
  snapshot(): WorldState {
    this.owned = new Set();
    return new Map(this.characters);
  }
}
