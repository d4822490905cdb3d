/**
 * Random worlds with random secret flags for the access property tests, and the same world with its secrets
 * removed. A world is a plan (what to create, each entity public, secret or revealed to the player); the plan is
 * built either whole, with the access fields, or as the player should see it: only what is not secret (revealed
 * entities made public), without anything that depends on a removed entity.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../factories/user.js';
import { TINY_PNG } from '../resilience/full-world.js';
import { type Variant, addMember, send } from './access-world.js';

const flag: fc.Arbitrary<Variant> = fc.constantFrom('public', 'secret', 'revealed');

/** What a random world holds beyond its public anchors (indices are taken modulo the list they point into). */
export interface WorldPlan {
  characters: Variant[];
  items: Variant[];
  inventory: Array<{ character: number; item: number; quantity: number; flag: Variant }>;
  relationships: Array<{ from: number; to: number; flag: Variant }>;
  goals: Array<{ character: number; flag: Variant }>;
  timelines: Variant[];
  events: Array<{ flag: Variant; day: number; character: number; value: number; item: number; quantity: number }>;
  maps: Variant[];
  points: Variant[];
  areas: Variant[];
  quests: Variant[];
  objectives: Array<{ quest: number; flag: Variant }>;
  connections: Array<{ character: number; item: number; flag: Variant }>;
}

/** Random plans, small enough to build twice per run. */
export const worldPlan: fc.Arbitrary<WorldPlan> = fc.record({
  characters: fc.array(flag, { maxLength: 4 }),
  items: fc.array(flag, { maxLength: 3 }),
  inventory: fc.array(
    fc.record({ character: fc.nat({ max: 20 }), item: fc.nat({ max: 20 }), quantity: fc.integer({ min: 1, max: 5 }), flag }),
    { maxLength: 4 },
  ),
  relationships: fc.array(fc.record({ from: fc.nat({ max: 20 }), to: fc.nat({ max: 20 }), flag }), { maxLength: 3 }),
  goals: fc.array(fc.record({ character: fc.nat({ max: 20 }), flag }), { maxLength: 3 }),
  timelines: fc.array(flag, { maxLength: 2 }),
  events: fc.array(
    fc.record({
      flag,
      day: fc.integer({ min: 2, max: 27 }),
      character: fc.nat({ max: 20 }),
      value: fc.integer({ min: 0, max: 99 }),
      item: fc.nat({ max: 20 }),
      quantity: fc.integer({ min: -2, max: 3 }).filter((quantity) => quantity !== 0),
    }),
    { maxLength: 4 },
  ),
  maps: fc.array(flag, { maxLength: 1 }),
  points: fc.array(flag, { maxLength: 2 }),
  areas: fc.array(flag, { maxLength: 2 }),
  quests: fc.array(flag, { maxLength: 2 }),
  objectives: fc.array(fc.record({ quest: fc.nat({ max: 20 }), flag }), { maxLength: 3 }),
  connections: fc.array(fc.record({ character: fc.nat({ max: 20 }), item: fc.nat({ max: 20 }), flag }), { maxLength: 3 }),
});

/** A built world: its id and every created entity's id by its plan key (`c0`, `i2`, …), for normalising answers. */
export interface BuiltWorld {
  worldId: string;
  keys: Map<string, string>;
  /** Anchor ids (always public) by path parameter name. */
  anchors: Record<string, string>;
}

/**
 * Builds a plan into a new world of `owner` with `player` as a player.
 * @param mode `whole`: every entity with its access fields; `visible`: what the player may see, all public.
 */
export async function buildPlannedWorld(
  app: FastifyInstance,
  owner: TestUser,
  player: TestUser,
  plan: WorldPlan,
  mode: 'whole' | 'visible',
): Promise<BuiltWorld> {
  const world = await send(app, owner, 'POST', '/api/worlds', { name: 'Planned world', description: 'Random secrets' });
  const worldId = String(world.worldId);
  await addMember(app, owner, worldId, player, 'player');
  const base = `/api/worlds/${worldId}`;
  const keys = new Map<string, string>([[worldId, 'world']]);
  /** Plan key → id, for entities the player may see (all of them in `whole`). */
  const made = new Map<string, string>();

  /** A mention of the first character (always public) once it is made, its plain name before. */
  const gmMention = () => {
    const id = made.get('c0');
    return id ? `<span data-type="mention" data-entity-type="character" data-id="${id}">Lore c0</span>` : 'Lore c0';
  };
  /** Creates one entity unless it (or what it needs) is hidden in `visible` mode. */
  const create = async (key: string, variant: Variant, needs: string[], url: string, body: (ids: string[]) => object, field: string) => {
    if (mode === 'visible' && variant === 'secret') return;
    const ids = needs.map((need) => made.get(need));
    if (ids.some((id) => id === undefined)) return;
    // A revealed entity's GM notes are plain text; a secret one's are rich text mentioning the first character.
    const notes =
      variant === 'revealed'
        ? { revealedTo: [player.user.userId], gmNotes: `Notes of ${key}` }
        : { gmNotesHtml: `<p>Notes of ${key} <em>on</em> ${gmMention()}</p>` };
    const access = mode === 'visible' || variant === 'public' ? {} : { visibility: 'editors', ...notes };
    const entity = await send(app, owner, 'POST', `${base}${url.replace(/\{(\d+)\}/g, (_m, index: string) => ids[Number(index)] ?? '')}`, {
      ...body(ids as string[]),
      ...access,
    });
    const id = String(entity[field]);
    keys.set(id, key);
    made.set(key, id);
  };
  const text = (key: string) => ({ name: `Lore ${key}`, description: `Lore ${key} text` });

  const characters = ['public', 'public', ...plan.characters] as Variant[];
  for (const [index, variant] of characters.entries()) {
    await create(`c${index}`, variant, [], '/characters', () => ({ ...text(`c${index}`), attributes: { level: index } }), 'characterId');
  }
  const items = ['public', ...plan.items] as Variant[];
  for (const [index, variant] of items.entries()) await create(`i${index}`, variant, [], '/items', () => text(`i${index}`), 'itemId');
  const characterKey = (index: number) => `c${index % characters.length}`;
  const itemKey = (index: number) => `i${index % items.length}`;

  const inventory = [{ character: 0, item: 0, quantity: 1, flag: 'public' as Variant }, ...plan.inventory];
  const heldPairs = new Set<string>();
  for (const [index, entry] of inventory.entries()) {
    const pair = `${characterKey(entry.character)}:${itemKey(entry.item)}`;
    if (heldPairs.has(pair)) continue;
    heldPairs.add(pair);
    await create(
      `e${index}`,
      entry.flag,
      [characterKey(entry.character), itemKey(entry.item)],
      '/characters/{0}/inventory',
      (ids) => ({ itemId: ids[1], quantity: entry.quantity, notes: `Lore e${index}` }),
      'inventoryItemId',
    );
  }
  const relationships = [{ from: 0, to: 1, flag: 'public' as Variant }, ...plan.relationships];
  const relatedPairs = new Set<string>();
  for (const [index, relationship] of relationships.entries()) {
    const from = characterKey(relationship.from);
    const to = characterKey(relationship.to);
    if (from === to || relatedPairs.has(`${from}:${to}`)) continue;
    relatedPairs.add(`${from}:${to}`);
    await create(
      `r${index}`,
      relationship.flag,
      [from, to],
      '/characters/{0}/relationships',
      (ids) => ({ targetCharacterId: ids[1], relationshipType: 'friend', description: `Lore r${index}` }),
      'relationshipId',
    );
  }
  const goals = [{ character: 0, flag: 'public' as Variant }, ...plan.goals];
  for (const [index, goal] of goals.entries()) {
    await create(
      `g${index}`,
      goal.flag,
      [characterKey(goal.character)],
      '/characters/{0}/goals',
      () => ({ title: `Lore g${index}`, goalType: 'Primary', status: 'Pending', description: `Lore g${index} text` }),
      'goalId',
    );
  }

  const timelines = ['public', ...plan.timelines] as Variant[];
  for (const [index, variant] of timelines.entries()) {
    await create(
      `t${index}`,
      variant,
      [],
      '/timelines',
      () => ({ ...text(`t${index}`), currentDateTime: '2026-12-31T00:00:00.000Z' }),
      'timelineId',
    );
  }
  const events = [{ flag: 'public' as Variant, day: 1, character: 0, value: 1, item: 0, quantity: 1 }, ...plan.events];
  for (const [index, event] of events.entries()) {
    const character = characterKey(event.character);
    const item = itemKey(event.item);
    // A change naming a removed character or item is not part of the world the player should see: the
    // event keeps its change documents, without that change.
    const changesFor = (ids: string[]) => {
      const characterId = made.get(character);
      const itemId = made.get(item);
      return {
        characterAttributeChanges: {
          version: 1,
          changes: characterId ? [{ op: 'set', characterId, path: 'mood', value: `Lore mood ${event.value}` }] : [],
        },
        inventoryChanges: { version: 1, changes: characterId && itemId ? [{ characterId, itemId, quantity: event.quantity }] : [] },
        timelineId: ids[0],
      };
    };
    const day = String(event.day).padStart(2, '0');
    await create(
      `v${index}`,
      event.flag,
      ['t0'],
      '/events',
      (ids) => ({ ...text(`v${index}`), dateTime: `2026-03-${day}T00:00:00.000Z`, ...changesFor(ids) }),
      'eventId',
    );
  }

  const maps = ['public', ...plan.maps] as Variant[];
  for (const [index, variant] of maps.entries()) await create(`m${index}`, variant, [], '/maps', () => text(`m${index}`), 'mapId');
  const image = await app.inject({
    method: 'PUT',
    url: `${base}/maps/${made.get('m0')}/image`,
    headers: { ...owner.headers, 'content-type': 'image/png' },
    payload: TINY_PNG,
  });
  if (image.statusCode !== 200) throw new Error(`map image upload answered ${image.statusCode}`);
  for (const [index, variant] of ['public', ...plan.points].entries()) {
    await create(
      `p${index}`,
      variant as Variant,
      ['m0'],
      '/maps/{0}/points',
      () => ({ ...text(`p${index}`), x: index, y: index }),
      'pointId',
    );
  }
  for (const [index, variant] of ['public', ...plan.areas].entries()) {
    await create(
      `a${index}`,
      variant as Variant,
      ['m0'],
      '/maps/{0}/areas',
      () => ({
        ...text(`a${index}`),
        polygon: [
          [0, 0],
          [10 + index, 0],
          [0, 10],
        ],
      }),
      'areaId',
    );
  }

  const quests = ['public', ...plan.quests] as Variant[];
  /**
   * Rich text mentioning an entity: a mention span where it was made, its plain name where it was not (what a
   * player reads of a hidden one), so both modes give the player the same text.
   */
  const mention = (type: 'character' | 'item', key: string) => {
    const id = made.get(key);
    return id ? `<span data-type="mention" data-entity-type="${type}" data-id="${id}">Lore ${key}</span>` : `Lore ${key}`;
  };
  for (const [index, variant] of quests.entries()) {
    await create(
      `q${index}`,
      variant,
      [],
      '/quests',
      () => ({
        ...text(`q${index}`),
        descriptionHtml: `<p>Lore q${index} <strong>seeks</strong> ${mention('character', characterKey(index + 2))} and ${mention('item', itemKey(index))}.</p>`,
      }),
      'questId',
    );
  }
  const objectives = [{ quest: 0, flag: 'public' as Variant }, ...plan.objectives];
  for (const [index, objective] of objectives.entries()) {
    await create(
      `o${index}`,
      objective.flag,
      [`q${objective.quest % quests.length}`],
      '/quests/{0}/objectives',
      () => ({ description: `Lore o${index}`, target: 3 }),
      'objectiveId',
    );
  }
  const connections = [{ character: 0, item: 0, flag: 'public' as Variant }, ...plan.connections];
  for (const [index, connection] of connections.entries()) {
    await create(
      `n${index}`,
      connection.flag,
      [characterKey(connection.character), itemKey(connection.item)],
      '/connections',
      (ids) => ({ sourceType: 'character', sourceId: ids[0], targetType: 'item', targetId: ids[1], connectionType: `Lore n${index}` }),
      'connectionId',
    );
  }

  // A calendar holds no secrets: the player reads it, and the timeline engine, in both worlds alike.
  await create('k0', 'public', [], '/calendars', () => ({ preset: 'harptos', name: 'Lore k0' }), 'calendarId');
  // A paused webhook (the owner's alone: a player's read is a 403 in both worlds).
  await create(
    'w0',
    'public',
    [],
    '/webhooks',
    () => ({ url: 'https://93.184.215.14/hooks/loreforge', events: ['*'], active: false }),
    'webhookId',
  );

  // The player's own notes: on the world and on every character they see. In the whole world the player also
  // holds a note on each secret character (written while it was revealed to them, say): it must not show.
  const note = async (key: string, payload: object): Promise<void> => {
    const written = await send(app, player, 'POST', `${base}/notes`, payload);
    keys.set(String(written.noteId), key);
    made.set(key, String(written.noteId));
  };
  await note('w0', { entityType: 'world', text: 'Lore w0' });
  for (const [index, variant] of characters.entries()) {
    const characterId = made.get(`c${index}`);
    if (characterId === undefined) continue;
    if (variant !== 'secret' || mode === 'visible') {
      await note(`w${index + 1}`, { entityType: 'character', entityId: characterId, text: `Lore w${index + 1}` });
    } else {
      const now = new Date().toISOString();
      await app.db
        .insertInto('member_note')
        .values({
          id: crypto.randomUUID(),
          world_id: worldId,
          author_id: player.user.userId,
          entity_type: 'character',
          entity_id: characterId,
          body: `Lore hidden w${index + 1}`,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }

  const anchor = (key: string): string => made.get(key) ?? '';
  const anchors: Record<string, string> = {
    worldId,
    characterId: anchor('c0'),
    relationshipId: anchor('r0'),
    goalId: anchor('g0'),
    itemId: anchor('i0'),
    inventoryItemId: anchor('e0'),
    instanceId: anchor('e0'),
    timelineId: anchor('t0'),
    eventId: anchor('v0'),
    mapId: anchor('m0'),
    pointId: anchor('p0'),
    areaId: anchor('a0'),
    connectionId: anchor('n0'),
    questId: anchor('q0'),
    objectiveId: anchor('o0'),
    calendarId: anchor('k0'),
    webhookId: anchor('w0'),
    noteId: anchor('w0'),
    // The tag routes address an entity by type and id: the anchor character's.
    entityType: 'character',
    entityId: anchor('c0'),
    // A history version of the anchor character (restores are writes; reads never name one).
    sequence: '1',
  };
  return { worldId, keys, anchors };
}

// The change feed's `sequence` and `nextAfter` are a player's own opaque positions, keyed per world, so they differ
// between the two worlds by design: the feed's entries are compared without them (docs/live-updates.md, "Positions").
const VOLATILE = new Set([
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'visibility',
  'nextCursor',
  'joinedAt',
  'version',
  'etag',
  'at',
  'sequence',
  'nextAfter',
]);

/**
 * An answer as comparable data: ids replaced by plan keys, times, who-wrote-it and feed sequence numbers dropped, a revealed entity's
 * visibility dropped (it is public in the world without secrets), arrays sorted.
 */
export function normalizeAnswer(status: number, body: string, keys: Map<string, string>): unknown {
  let text = body;
  for (const [id, key] of keys) text = text.replaceAll(id, key);
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([name]) => !VOLATILE.has(name))
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([name, inner]) => [name, canonical(inner)]),
      );
    }
    return value;
  };
  try {
    return { status, body: canonical(JSON.parse(text)) };
  } catch {
    return { status, body: text };
  }
}
