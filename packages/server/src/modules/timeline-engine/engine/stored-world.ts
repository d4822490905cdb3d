/**
 * What a replay does not hold: the stored state of a world's characters, read when an answer needs it. A replay
 * holds only the characters its events name; every other character is untouched along the timeline, so its
 * stored state is its state at every moment (docs/timeline-engine.md "Memory"). The service reads it from the
 * database; `storedWorldOf` reads it from an in-memory start state (tests and the benchmark).
 */
import type { CharacterState, Holding, StartState, TimelineEvents } from './types.js';
import { NameOrder, compareByNameThenId } from './name-order.js';
import { type Replay, SNAPSHOT_EVERY, buildPlanYielding, namedIds, replayPlanYielding } from './replay.js';

/** A character whose stored inventory holds an item, with the holding (entries of the item summed). */
export interface StoredHolder {
  characterId: string;
  name: string;
  holding: Holding;
}

/** A world's stored characters, read on demand. Every read describes the same version of the world. */
export interface StoredWorld {
  /**
   * The stored state of some characters.
   * @param characterIds the characters wanted; those that are not in the world are left out.
   * @param itemIds items whose existence and names are wanted too (those of the characters' inventories always are).
   * @returns the characters that exist, their names and those of the characters their relationships point at,
   *   and the names of the wanted items that exist and of the items the characters hold.
   */
  readCharacters: (characterIds: Iterable<string>, itemIds?: Iterable<string>) => Promise<StartState>;
  /** Every character of the world, as `readCharacters` would read them all, with every item's name. */
  readEveryCharacter: () => Promise<StartState>;
  /** Every character of the world by name, then id (code units), for pages and searches. */
  readNameOrder: () => Promise<NameOrder>;
  /**
   * The characters whose stored inventory holds an item (in a quantity above 0).
   * @returns them by name, then id (code units).
   */
  readHolders: (itemId: string) => Promise<StoredHolder[]>;
}

/**
 * Reads some characters out of a start state that holds every character of a world.
 * @returns a start state with those characters (see `StoredWorld.readCharacters`).
 */
function pickCharacters(world: StartState, characterIds: Iterable<string>, itemIds: Iterable<string> = []): StartState {
  const picked: StartState = { characters: new Map(), characterNames: new Map(), itemNames: new Map() };
  const nameCharacter = (id: string) => {
    const name = world.characterNames.get(id);
    if (name !== undefined) picked.characterNames.set(id, name);
  };
  const nameItem = (id: string) => {
    const name = world.itemNames.get(id);
    if (name !== undefined) picked.itemNames.set(id, name);
  };
  for (const id of characterIds) {
    const state: CharacterState | undefined = world.characters.get(id);
    if (state === undefined) continue;
    picked.characters.set(id, state);
    nameCharacter(id);
    for (const targetId of state.relationships.keys()) nameCharacter(targetId);
    for (const itemId of state.inventory.keys()) nameItem(itemId);
  }
  for (const id of itemIds) nameItem(id);
  return picked;
}

/**
 * A stored world over an in-memory start state that holds every character of the world.
 * @returns reads answered from `world` (never changed).
 */
export function storedWorldOf(world: StartState): StoredWorld {
  let order: NameOrder | undefined;
  return {
    readCharacters: async (characterIds, itemIds) => pickCharacters(world, characterIds, itemIds),
    readEveryCharacter: async () => world,
    readNameOrder: async () => {
      order ??= NameOrder.build([...world.characters.keys()].map((id) => ({ id, name: world.characterNames.get(id) ?? '' })));
      return order;
    },
    readHolders: async (itemId) => {
      const holders: StoredHolder[] = [];
      for (const [characterId, state] of world.characters) {
        const holding = state.inventory.get(itemId);
        if (holding !== undefined) holders.push({ characterId, name: world.characterNames.get(characterId) ?? '', holding });
      }
      return holders.sort((a, b) => compareByNameThenId({ id: a.characterId, name: a.name }, { id: b.characterId, name: b.name }));
    },
  };
}

/**
 * Replays a timeline holding only the characters its sequence names: plans the sequence, reads those characters
 * (and the items it names) from the stored world, then replays.
 * @param chain the timeline and its ancestors with their events, root first.
 * @returns the replay, whose `start` is its cast.
 * @throws RangeError when the chain is empty.
 */
export async function replayNamed(stored: StoredWorld, chain: readonly TimelineEvents[], snapshotEvery = SNAPSHOT_EVERY): Promise<Replay> {
  const planned = await buildPlanYielding(chain);
  const { characterIds, itemIds } = namedIds(planned.plan);
  const cast = await stored.readCharacters(characterIds, itemIds);
  return replayPlanYielding(
    cast,
    chain.map((link) => link.timeline),
    planned,
    snapshotEvery,
  );
}
