/**
 * The demo's last two steps: the connections between entities (issue 3), and the descriptions that mention one
 * another rewritten with their mentions (issue 9), now that everything they mention exists.
 */
import { attempt } from './api.js';
import { demoRichText, hasDemoMentions } from './demo-mentions.js';
import { putCharacter } from './load-characters.js';
import type { DemoLoad } from './load-context.js';

/**
 * Creates every connection of the data.
 * @throws DemoLoadError naming the connection whose creation failed.
 */
export async function loadConnections(load: DemoLoad): Promise<void> {
  const { client, worldId, data, summary } = load;
  for (const connection of data.connections) {
    await attempt(
      `Connecting ${connection.source.key} to ${connection.target.key}`,
      client.POST('/api/worlds/{worldId}/connections', {
        params: { path: { worldId } },
        body: {
          sourceType: connection.source.type,
          sourceId: load.id(connection.source.type, connection.source.key),
          targetType: connection.target.type,
          targetId: load.id(connection.target.type, connection.target.key),
          connectionType: connection.connectionType,
          description: connection.description,
        },
      }),
    );
    summary.connections += 1;
  }
  load.log(`${summary.connections} connections created.`);
}

/**
 * Sends again every character, item and event description that mentions another entity, as rich text that links it.
 * @throws DemoLoadError naming the entity whose update failed.
 */
export async function linkMentions(load: DemoLoad): Promise<void> {
  const { client, worldId, data } = load;
  const html = (text: string): string =>
    demoRichText(
      text,
      (kind, key) => load.id(kind, key),
      (kind, key) => load.nameOf(kind, key),
    );
  for (const character of data.characters) {
    const body = load.characterBodies.get(character.key);
    if (!body || !character.description || !hasDemoMentions(character.description)) continue;
    body.descriptionHtml = html(character.description);
    await putCharacter(load, character.key, `Linking the description of ${character.name}`);
  }
  for (const item of data.items) {
    if (!item.description || !hasDemoMentions(item.description)) continue;
    const { key, ...rest } = item;
    await attempt(
      `Linking the description of ${item.name}`,
      client.PUT('/api/worlds/{worldId}/items/{itemId}', {
        params: { path: { worldId, itemId: load.id('item', key) } },
        body: { ...rest, descriptionHtml: html(item.description) },
      }),
    );
  }
  for (const event of load.events) {
    const body = load.eventBodies.get(event.key);
    if (!body || !event.description || !hasDemoMentions(event.description)) continue;
    await attempt(
      `Linking the description of "${event.name}"`,
      client.PUT('/api/worlds/{worldId}/events/{eventId}', {
        params: { path: { worldId, eventId: load.id('event', event.key) } },
        body: { ...body, descriptionHtml: html(event.description) },
      }),
    );
  }
}
