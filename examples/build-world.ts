/**
 * Builds a small world through the typed client `@loreforge/client`: four travellers, an item, a timeline with
 * two events that change them, then reads it back the ways an API client would (pages of characters by
 * cursor, the state of the timeline after its events) and shows a stale `If-Match` refused with 409.
 *
 * Against a running server (`npm start`), signed in with an existing account:
 *   LOREFORGE_URL=http://localhost:3000 LOREFORGE_EMAIL=you@example.com LOREFORGE_PASSWORD=… \
 *     node --import tsx examples/build-world.ts
 * or registering a new account with an invite code (`npm run --silent invite`):
 *   LOREFORGE_INVITE=<code> node --import tsx examples/build-world.ts
 *
 * Prints what it does, and last `World: <worldId>`. Exits 1 with the API's message on any unexpected answer.
 */
import crypto from 'node:crypto';
import { LoreforgeApiError, type LoreforgeClient, type Session, register, signIn, unwrap } from '@loreforge/client';

const baseUrl = process.env.LOREFORGE_URL ?? 'http://localhost:3000';

/** Signs in with LOREFORGE_EMAIL and LOREFORGE_PASSWORD, or registers a new account with LOREFORGE_INVITE. */
async function startSession(): Promise<Session> {
  const { LOREFORGE_EMAIL: email, LOREFORGE_PASSWORD: password, LOREFORGE_INVITE: inviteCode } = process.env;
  if (email && password) return signIn(baseUrl, { email, password });
  if (!inviteCode) throw new Error('Set LOREFORGE_EMAIL and LOREFORGE_PASSWORD, or LOREFORGE_INVITE to register a new account.');
  const suffix = crypto.randomBytes(3).toString('hex');
  return register(baseUrl, {
    username: `example_${suffix}`,
    email: `example-${suffix}@example.com`,
    password: `example-${suffix}-password`,
    inviteCode,
  });
}

/** Creates the world's content and returns the ids the later steps use. */
async function buildWorld(client: LoreforgeClient) {
  const world = unwrap(
    await client.POST('/api/worlds', { body: { name: 'The Yellow Brick Road', description: 'Built by examples/build-world.ts' } }),
  );
  const path = { worldId: world.worldId };
  const travellers: Record<string, string> = {};
  for (const [name, courage] of [
    ['Dorothy', 5],
    ['Scarecrow', 3],
    ['Tin Woodman', 4],
    ['Cowardly Lion', 1],
  ] as const) {
    const character = unwrap(
      await client.POST('/api/worlds/{worldId}/characters', { params: { path }, body: { name, attributes: { courage } } }),
    );
    travellers[name] = character.characterId;
  }
  const shoes = unwrap(
    await client.POST('/api/worlds/{worldId}/items', {
      params: { path },
      body: { name: 'Silver Shoes', description: 'They carry their wearer anywhere.' },
    }),
  );
  const timeline = unwrap(
    await client.POST('/api/worlds/{worldId}/timelines', {
      params: { path },
      body: { name: 'The journey', currentDateTime: '1900-06-30T12:00:00Z' },
    }),
  );
  unwrap(
    await client.POST('/api/worlds/{worldId}/events', {
      params: { path },
      body: {
        name: 'Dorothy takes the Silver Shoes',
        dateTime: '1900-05-01T09:00:00Z',
        timelineId: timeline.timelineId,
        inventoryChanges: { version: 1, changes: [{ characterId: travellers.Dorothy, itemId: shoes.itemId, quantity: 1, equipped: true }] },
      },
    }),
  );
  unwrap(
    await client.POST('/api/worlds/{worldId}/events', {
      params: { path },
      body: {
        name: 'The Wizard gives the Lion courage',
        dateTime: '1900-06-15T09:00:00Z',
        timelineId: timeline.timelineId,
        characterAttributeChanges: {
          version: 1,
          changes: [{ op: 'increment', characterId: travellers['Cowardly Lion'], path: 'courage', by: 9 }],
        },
      },
    }),
  );
  console.log(`Created "${world.name}" with ${Object.keys(travellers).length} characters, an item, a timeline and 2 events.`);
  return { worldId: world.worldId, timelineId: timeline.timelineId };
}

/** Reads every character, two per page, following `pagination.nextCursor` until it is null. */
async function listAllCharacters(client: LoreforgeClient, worldId: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const { data, pagination } = unwrap(
      await client.GET('/api/worlds/{worldId}/characters', {
        params: { path: { worldId }, query: { limit: 2, sortBy: 'name', sortOrder: 'asc', ...(cursor ? { cursor } : {}) } },
      }),
    );
    names.push(...data.map((character) => character.name));
    console.log(`Page ${page}: ${data.map((character) => character.name).join(', ')}`);
    if (!pagination.nextCursor) return names;
    cursor = pagination.nextCursor;
  }
}

/** The timeline's state after all its events: who holds what, and the Lion's courage. */
async function readState(client: LoreforgeClient, worldId: string, timelineId: string): Promise<void> {
  const state = unwrap(
    await client.GET('/api/worlds/{worldId}/timelines/{timelineId}/state', { params: { path: { worldId, timelineId } } }),
  );
  console.log(`After ${state.eventCount} events (last: "${state.lastEvent?.name ?? 'none'}"):`);
  for (const character of state.characters) {
    const holding = character.inventory.map(
      (entry) => `${entry.quantity} × ${entry.name ?? entry.itemId}${entry.equipped ? ' (equipped)' : ''}`,
    );
    console.log(
      `  ${character.name}: courage ${String(character.attributes.courage)}${holding.length ? `, holds ${holding.join(', ')}` : ''}`,
    );
  }
}

/** Renames the world with the version it loaded, then tries again with that now stale version: a 409. */
async function renameWithIfMatch(client: LoreforgeClient, worldId: string): Promise<void> {
  const loaded = await client.GET('/api/worlds/{worldId}', { params: { path: { worldId } } });
  const version = loaded.response.headers.get('etag') ?? '';
  const body = { name: 'The Road to the Emerald City', description: unwrap(loaded).description };
  unwrap(await client.PUT('/api/worlds/{worldId}', { params: { path: { worldId }, header: { 'if-match': version } }, body }));
  const stale = await client.PUT('/api/worlds/{worldId}', {
    params: { path: { worldId }, header: { 'if-match': version } },
    body: { ...body, name: 'A stale rename' },
  });
  if (stale.response.status !== 409 || !stale.error) throw new Error(`A stale If-Match answered ${stale.response.status}, not 409`);
  console.log(`Renamed with If-Match; the stale retry got ${stale.response.status} ${stale.error.code}: ${stale.error.message}`);
}

try {
  const { client, user } = await startSession();
  console.log(`Signed in to ${baseUrl} as ${user.username}.`);
  const { worldId, timelineId } = await buildWorld(client);
  await listAllCharacters(client, worldId);
  await readState(client, worldId, timelineId);
  await renameWithIfMatch(client, worldId);
  console.log(`World: ${worldId}`);
} catch (error) {
  console.error(error instanceof LoreforgeApiError ? `The API refused: ${error.message}` : error);
  process.exitCode = 1;
}
