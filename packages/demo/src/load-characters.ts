/**
 * The demo's characters and items, then what hangs off characters: inventory, relationships and goals. Created
 * through the typed client in that order, so every key a later step names has its id.
 */
import { attempt } from './api.js';
import type { DemoLoad } from './load-context.js';

/** The key of the character the demo's player plays. */
const PLAYER_CHARACTER_KEY = 'dorothy';

/**
 * Creates every character (the player's one assigned to them, when there is a player) and every item.
 * @throws DemoLoadError naming the character or item whose creation failed.
 */
export async function loadCharactersAndItems(load: DemoLoad, playerUserId: string | undefined): Promise<void> {
  const { client, worldId, data, summary } = load;
  for (const character of data.characters) {
    const body = {
      name: character.name,
      description: load.plain(character.description),
      attributes: character.attributes,
      currentLocationId: null,
      activeQuests: [],
      ...(character.visibility ? { visibility: character.visibility } : {}),
      ...(character.gmNotes ? { gmNotes: character.gmNotes } : {}),
      ...(playerUserId !== undefined && character.key === PLAYER_CHARACTER_KEY ? { assignedTo: playerUserId } : {}),
    };
    const created = await attempt(
      `Creating character ${character.name}`,
      client.POST('/api/worlds/{worldId}/characters', { params: { path: { worldId } }, body }),
    );
    load.remember('character', character.key, created.characterId);
    load.characterBodies.set(character.key, body);
    summary.characters += 1;
  }
  for (const item of data.items) {
    const { key, ...rest } = item;
    const created = await attempt(
      `Creating item ${item.name}`,
      client.POST('/api/worlds/{worldId}/items', {
        params: { path: { worldId } },
        body: { ...rest, description: load.plain(item.description) },
      }),
    );
    load.remember('item', key, created.itemId);
    summary.items += 1;
  }
  load.log(`${summary.characters} characters and ${summary.items} items created.`);
}

/**
 * Gives items to characters, relates characters to each other and sets their goals.
 * @throws DemoLoadError naming the entry whose creation failed.
 */
export async function loadCharacterTies(load: DemoLoad): Promise<void> {
  const { client, worldId, data, summary } = load;
  for (const entry of data.inventory) {
    await attempt(
      `Giving ${entry.item} to ${entry.character}`,
      client.POST('/api/worlds/{worldId}/characters/{characterId}/inventory', {
        params: { path: { worldId, characterId: load.id('character', entry.character) } },
        body: { itemId: load.id('item', entry.item), quantity: entry.quantity, equipped: entry.equipped, notes: entry.notes },
      }),
    );
    summary.inventoryEntries += 1;
  }
  for (const relationship of data.relationships) {
    const { character, target, ...fields } = relationship;
    await attempt(
      `Relating ${character} to ${target}`,
      client.POST('/api/worlds/{worldId}/characters/{characterId}/relationships', {
        params: { path: { worldId, characterId: load.id('character', character) } },
        body: { ...fields, targetCharacterId: load.id('character', target) },
      }),
    );
    summary.relationships += 1;
  }
  for (const goal of data.goals) {
    const { key, character, visibility, ...fields } = goal;
    const body = { ...fields, ...(visibility ? { visibility } : {}) };
    const created = await attempt(
      `Creating goal "${goal.title}"`,
      client.POST('/api/worlds/{worldId}/characters/{characterId}/goals', {
        params: { path: { worldId, characterId: load.id('character', character) } },
        body,
      }),
    );
    load.remember('goal', key, created.goalId);
    summary.goals += 1;
  }
  load.log(`${summary.inventoryEntries} inventory entries, ${summary.relationships} relationships and ${summary.goals} goals created.`);
}

/**
 * Sends a character's current body again (PUT), after a later step filled in its location, quests or mentions.
 * @throws Error when no character was created for the key; DemoLoadError when the API refuses.
 */
export async function putCharacter(load: DemoLoad, key: string, step: string): Promise<void> {
  const body = load.characterBodies.get(key);
  if (!body) throw new Error(`No character was created for key "${key}".`);
  await attempt(
    step,
    load.client.PUT('/api/worlds/{worldId}/characters/{characterId}', {
      params: { path: { worldId: load.worldId, characterId: load.id('character', key) } },
      body,
    }),
  );
}
