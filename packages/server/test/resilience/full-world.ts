/**
 * A world holding one of every entity, made through the real routes, so every path parameter of the API
 * resolves to something that exists. Every name and description carries one marker word, so a response that
 * leaks the owner's data can be found by searching for it.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type TestUser, createUser } from '../factories/user.js';

/** A 1×1 PNG, for the map image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The owner's world as the suites address it. */
export interface FullWorld {
  /** Path parameter name → id of an existing entity of the owner's world (`worldId`, `characterId`, …). */
  params: Record<string, string>;
  /** Ids to use inside bodies by field name (`targetCharacterId` is a second character, …). */
  refs: Record<string, string>;
  /** The word every name and description of this world contains. */
  marker: string;
  /** Every id created, to search non-owner responses for. */
  ids: string[];
}

async function post(app: FastifyInstance, owner: TestUser, url: string, payload: object): Promise<Record<string, unknown>> {
  const response = await app.inject({ method: 'POST', url, headers: owner.headers, payload });
  if (response.statusCode !== 201) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<Record<string, unknown>>();
}

function idOf(entity: Record<string, unknown>, field: string): string {
  const value = entity[field];
  if (typeof value !== 'string') throw new Error(`no ${field} in ${JSON.stringify(entity)}`);
  return value;
}

/**
 * Creates a world with a character (and a second one it relates to), a character goal, an item held in the
 * character's inventory, a timeline with an event, a map with an image, a point and an area, a connection,
 * a quest with an objective, a player member and an invitation link (plus an account that is not yet a member,
 * named in `refs.user` for adding one).
 * @returns the ids by path parameter name, body references, the marker word and every id.
 */
export async function buildFullWorld(app: FastifyInstance, owner: TestUser): Promise<FullWorld> {
  const marker = `Zephyrine${crypto.randomBytes(4).toString('hex')}`;
  const text = (what: string) => ({ name: `${marker} ${what}`, description: `${marker} ${what} description` });

  const world = await post(app, owner, '/api/worlds', text('world'));
  const worldId = idOf(world, 'worldId');
  const base = `/api/worlds/${worldId}`;
  const character = await post(app, owner, `${base}/characters`, text('character'));
  const characterId = idOf(character, 'characterId');
  const friend = await post(app, owner, `${base}/characters`, text('friend'));
  const friendId = idOf(friend, 'characterId');
  // Unrelated so far: new relationships are made to this one (a second one to `friend` would be a duplicate).
  const stranger = await post(app, owner, `${base}/characters`, text('stranger'));
  const strangerId = idOf(stranger, 'characterId');
  const relationship = await post(app, owner, `${base}/characters/${characterId}/relationships`, {
    targetCharacterId: friendId,
    relationshipType: 'friend',
    description: `${marker} relationship`,
  });
  const goal = await post(app, owner, `${base}/characters/${characterId}/goals`, {
    title: `${marker} goal`,
    description: `${marker} goal description`,
    goalType: 'Primary',
    status: 'Pending',
  });
  const item = await post(app, owner, `${base}/items`, text('item'));
  const itemId = idOf(item, 'itemId');
  const entry = await post(app, owner, `${base}/characters/${characterId}/inventory`, { itemId, quantity: 2, notes: `${marker} notes` });
  const timeline = await post(app, owner, `${base}/timelines`, { ...text('timeline'), currentDateTime: '2026-06-01T00:00:00.000Z' });
  const timelineId = idOf(timeline, 'timelineId');
  const event = await post(app, owner, `${base}/events`, { ...text('event'), dateTime: '2026-02-01T00:00:00.000Z', timelineId });
  const map = await post(app, owner, `${base}/maps`, text('map'));
  const mapId = idOf(map, 'mapId');
  const image = await app.inject({
    method: 'PUT',
    url: `${base}/maps/${mapId}/image`,
    headers: { ...owner.headers, 'content-type': 'image/png' },
    payload: TINY_PNG,
  });
  if (image.statusCode >= 300) throw new Error(`map image upload answered ${image.statusCode}: ${image.body}`);
  const point = await post(app, owner, `${base}/maps/${mapId}/points`, { ...text('point'), x: 1, y: 1 });
  const area = await post(app, owner, `${base}/maps/${mapId}/areas`, {
    ...text('area'),
    polygon: [
      [0, 0],
      [10, 0],
      [0, 10],
    ],
  });
  const connection = await post(app, owner, `${base}/connections`, {
    sourceType: 'character',
    sourceId: characterId,
    targetType: 'item',
    targetId: itemId,
    connectionType: `${marker} owns`,
  });
  const quest = await post(app, owner, `${base}/quests`, text('quest'));
  const questId = idOf(quest, 'questId');
  const objective = await post(app, owner, `${base}/quests/${questId}/objectives`, { description: `${marker} objective`, target: 3 });
  const calendar = await post(app, owner, `${base}/calendars`, { preset: 'harptos', name: `${marker} calendar` });
  const note = await post(app, owner, `${base}/notes`, { entityType: 'character', entityId: characterId, text: `${marker} note` });

  const member = await createUser(app);
  await post(app, owner, `${base}/members`, { user: member.user.username, role: 'player' });
  const candidate = await createUser(app);
  const invitation = await post(app, owner, `${base}/invitations`, { role: 'viewer' });
  // Paused, at a public address literal: saved without DNS, never called.
  const webhook = await post(app, owner, `${base}/webhooks`, {
    url: 'https://93.184.215.14/hooks/loreforge',
    events: ['*'],
    active: false,
  });

  const inventoryItemId = idOf(entry, 'inventoryItemId');
  const params: Record<string, string> = {
    worldId,
    characterId,
    relationshipId: idOf(relationship, 'relationshipId'),
    goalId: idOf(goal, 'goalId'),
    itemId,
    inventoryItemId,
    instanceId: inventoryItemId,
    timelineId,
    eventId: idOf(event, 'eventId'),
    mapId,
    pointId: idOf(point, 'pointId'),
    areaId: idOf(area, 'areaId'),
    connectionId: idOf(connection, 'connectionId'),
    questId,
    objectiveId: idOf(objective, 'objectiveId'),
    calendarId: idOf(calendar, 'calendarId'),
    noteId: idOf(note, 'noteId'),
    userId: member.user.userId,
    invitationId: idOf(invitation, 'invitationId'),
    code: idOf(invitation, 'code'),
    webhookId: idOf(webhook, 'webhookId'),
    entityId: characterId,
  };
  const refs: Record<string, string> = {
    ...params,
    targetCharacterId: strangerId,
    relatedCharacterId: friendId,
    sourceId: characterId,
    targetId: friendId,
    user: candidate.user.email,
    // A webhook's target: a public address literal, saved without DNS.
    url: 'https://93.184.215.14/hooks/loreforge',
  };
  const ids = [...new Set([...Object.values(params), friendId, strangerId])];
  // The tag and history routes name the entity's type in their path ({entityType}); it is a word, not an id.
  // A history version is a number: the character's first change.
  const history = await app.inject({ url: `${base}/history/character/${characterId}`, headers: owner.headers });
  const sequence = String(history.json<{ data: Array<{ sequence: number }> }>().data.at(-1)?.sequence ?? 1);
  return { params: { ...params, entityType: 'character', sequence }, refs, marker, ids };
}
