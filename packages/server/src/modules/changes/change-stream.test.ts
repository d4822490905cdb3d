import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIVE_MESSAGES, type WorldChange, type WorldChangePage } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { addMember } from '../../../test/factories/member.js';
import { createWorld } from '../../../test/factories/world.js';
import type { TestUser } from '../../../test/factories/user.js';
import { type StreamEvent, type TestStream, buildSecondInstance, listenLocally, openStream } from '../../../test/live-streams.js';
import { present } from '../../../test/present.js';

const changesOf = (events: StreamEvent[]): WorldChange[] =>
  events.filter((event) => event.event === 'change').map((event) => event.data as WorldChange);

describe.each(DIALECTS)('the live change stream on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  const streams: TestStream[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect, { tokenSecret: 'live-stream-test-secret', liveStreamsPerUser: 3, liveHeartbeatMs: 1_000 });
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  const open = async (worldId: string, user: TestUser, extra: Record<string, string> = {}, at = base) => {
    const stream = await openStream(at, worldId, { ...user.headers, ...extra });
    streams.push(stream);
    return stream;
  };
  const rename = async (app: FastifyInstance, user: TestUser, worldId: string, characterId: string, name: string) => {
    const url = `/api/worlds/${worldId}/characters/${characterId}`;
    const current = await app.inject({ url, headers: user.headers });
    const response = await app.inject({ method: 'PUT', url, headers: user.headers, payload: { ...current.json<object>(), name } });
    expect(response.statusCode).toBe(200);
  };
  const allChanges = async (worldId: string, user: TestUser) =>
    (await t.app.inject({ url: `/api/worlds/${worldId}/changes?limit=1000`, headers: user.headers })).json<WorldChangePage>().data;

  it('delivers each change from now on with its sequence as the event id, and heartbeats', async () => {
    const { world, owner } = await createWorld(t.app);
    const { character } = await createCharacter(t.app, { world, owner, name: 'Cowardly Lion' });
    const stream = await open(world.worldId, owner);
    expect(stream.status).toBe(200);
    await rename(t.app, owner, world.worldId, character.characterId, 'Brave Lion');
    await stream.waitFor((events) => changesOf(events).length === 1);
    const change = present(changesOf(stream.events)[0], 'the change event');
    expect(change).toMatchObject({ entityType: 'character', entityId: character.characterId, action: 'updated', by: owner.user.userId });
    const event = stream.events.find((one) => one.event === 'change');
    expect(event?.id).toBe(String(change.sequence));
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(stream.comments).toContain('heartbeat');
  });

  it('resumes after Last-Event-ID without losing or repeating a change', async () => {
    const { world, owner } = await createWorld(t.app);
    const { character } = await createCharacter(t.app, { world, owner });
    const first = await open(world.worldId, owner);
    await rename(t.app, owner, world.worldId, character.characterId, 'Dorothy Gale');
    await first.waitFor((events) => changesOf(events).length === 1);
    first.close();
    const lastId = present(first.events.filter((event) => event.event === 'change').at(-1)?.id, 'the id of the last change event');
    for (const name of ['Dorothy of Kansas', 'Princess Dorothy']) await rename(t.app, owner, world.worldId, character.characterId, name);
    await createCharacter(t.app, { world, owner, name: 'Toto' });

    const resumed = await open(world.worldId, owner, { 'last-event-id': lastId });
    const expected = (await allChanges(world.worldId, owner)).filter((change) => change.sequence > Number(lastId));
    expect(expected.length).toBe(3);
    await resumed.waitFor((events) => changesOf(events).length >= expected.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changesOf(resumed.events).map((change) => change.sequence)).toEqual(expected.map((change) => change.sequence));
  });

  it("never names a secret in a player's stream, and shows them what they may see", async () => {
    const { world, owner } = await createWorld(t.app);
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const playerStream = await open(world.worldId, player);
    const ownerStream = await open(world.worldId, owner);
    const { character: secret } = await createCharacter(t.app, { world, owner, name: 'Ozma', visibility: 'editors' });
    await rename(t.app, owner, world.worldId, secret.characterId, 'Tip');
    const { character: visible } = await createCharacter(t.app, { world, owner, name: 'Glinda' });
    await ownerStream.waitFor((events) => changesOf(events).some((change) => change.entityId === visible.characterId));
    await playerStream.waitFor((events) => changesOf(events).some((change) => change.entityId === visible.characterId));
    expect(changesOf(ownerStream.events).filter((change) => change.entityId === secret.characterId)).toHaveLength(2);
    expect(JSON.stringify(playerStream.events)).not.toContain(secret.characterId);
  });

  it('ends the stream of a member removed meanwhile', async () => {
    const { world, owner } = await createWorld(t.app);
    const viewer = await addMember(t.app, owner, world.worldId, 'viewer');
    const stream = await open(world.worldId, viewer);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/worlds/${world.worldId}/members/${viewer.user.userId}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    await stream.ended;
    await createCharacter(t.app, { world, owner, name: 'Wicked Witch' });
    expect(JSON.stringify(stream.events)).not.toContain('Wicked');
    expect(changesOf(stream.events)).toEqual([]);
  });

  it('refuses a stream over the per-user limit with 429 and a message, and allows it again once one closes', async () => {
    const { world, owner } = await createWorld(t.app);
    const held = [await open(world.worldId, owner), await open(world.worldId, owner), await open(world.worldId, owner)];
    const refused = await open(world.worldId, owner);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ message: LIVE_MESSAGES.tooManyStreams(3) });
    present(held[0], 'the first stream').close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await open(world.worldId, owner);
    expect(again.status).toBe(200);
    for (const stream of [...held, again]) stream.close();
  });

  it('answers 400 for a Last-Event-ID that is not a sequence number', async () => {
    const { world, owner } = await createWorld(t.app);
    const bad = await open(world.worldId, owner, { 'last-event-id': 'yesterday' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ message: LIVE_MESSAGES.lastEventIdInvalid });
  });

  it("gives a player their own positions as event ids, resumes from them, and refuses the owner's numbers with a 400", async () => {
    const { world, owner } = await createWorld(t.app);
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const { character } = await createCharacter(t.app, { world, owner, name: 'Dorothy' });
    const first = await open(world.worldId, player);
    await createCharacter(t.app, { world, owner, name: 'Ozma', visibility: 'editors' });
    await rename(t.app, owner, world.worldId, character.characterId, 'Dorothy Gale');
    await first.waitFor((events) => changesOf(events).length === 1);
    first.close();
    const lastId = first.events.filter((event) => event.event === 'change').at(-1)?.id ?? '';
    // The id is the change's position in the player's JSON feed, not the world's number for it.
    const feed = await allChanges(world.worldId, player);
    expect(feed.at(-1)?.sequence).toBe(Number(lastId));
    const ownerFeed = await allChanges(world.worldId, owner);
    expect(ownerFeed.map((change) => change.sequence)).not.toContain(Number(lastId));

    await createCharacter(t.app, { world, owner, name: 'Glinda the Good', visibility: 'editors' });
    const { character: toto } = await createCharacter(t.app, { world, owner, name: 'Toto' });
    const resumed = await open(world.worldId, player, { 'last-event-id': lastId });
    await resumed.waitFor((events) => changesOf(events).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changesOf(resumed.events).map((change) => change.entityId)).toEqual([toto.characterId]);

    for (const forged of [String(ownerFeed.at(-1)?.sequence), '4503599627370495']) {
      const refused = await open(world.worldId, player, { 'last-event-id': forged });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({ message: LIVE_MESSAGES.lastEventIdUnknown });
    }
  });
});

describe.each(DIALECTS)('a live stream whose client stops reading, on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  const serverSockets: Socket[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.app.server.on('connection', (socket: Socket) => serverSockets.push(socket));
    base = await listenLocally(t.app);
  });
  afterAll(async () => t.close());

  /** Opens a stream over a plain HTTP connection, paused: nothing is read until the caller reads it. */
  const connect = (worldId: string, headers: Record<string, string>) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.get(
        `${base}/api/worlds/${worldId}/changes`,
        { headers: { accept: 'text/event-stream', ...headers }, agent: false },
        (response) => {
          response.pause();
          resolve(response);
        },
      );
      request.on('error', reject);
    });
  /** Reads a stream until `count` change events arrived. @returns their ids, in order. */
  const readChanges = (response: http.IncomingMessage, count: number) =>
    new Promise<string[]>((resolve, reject) => {
      let buffer = '';
      const ids: string[] = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) if (block.includes('event: change')) ids.push(/^id: (\d+)$/m.exec(block)?.[1] ?? '');
        if (ids.length >= count) resolve(ids);
      });
      response.on('close', () => reject(new Error(`the stream ended after ${ids.length} changes`)));
      response.resume();
    });
  const settled = async (socket: Socket) => {
    // The server has written what it will while nothing is read: its count of bytes stops moving.
    let before = -1;
    while (socket.bytesWritten + socket.writableLength !== before) {
      before = socket.bytesWritten + socket.writableLength;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  it('holds back what its client does not read, then goes on from the log once it reads again, losing nothing', async () => {
    const { world, owner } = await createWorld(t.app);
    const worldId = world.worldId;
    const stalled = await connect(worldId, owner.headers);
    expect(stalled.statusCode).toBe(200);
    const socket = serverSockets.at(-1);
    if (socket === undefined) throw new Error('no server-side connection');
    const counter = await t.app.db
      .selectFrom('world_change_counter')
      .select('last_sequence')
      .where('world_id', '=', worldId)
      .executeTakeFirstOrThrow();
    const start = counter.last_sequence;
    // A long log in one go (4,000 changes of about 4 kB each, 16 MB of events): far more than the connection's buffers
    // hold, the kernel's included (on loopback they can take several MB of a reader that does not read).
    const total = 4_000;
    const padding = 'x'.repeat(4_000);
    const rows = Array.from({ length: total }, (_, index) => ({
      world_id: worldId,
      sequence: start + index + 1,
      entity_type: 'calendar',
      entity_id: `${padding}${index}`,
      action: 'updated',
      by: owner.user.userId,
      at: new Date().toISOString(),
      visibility: null,
      revealed_to: null,
      before: null,
      after: null,
    }));
    for (let index = 0; index < rows.length; index += 200)
      await t.app.db
        .insertInto('world_change')
        .values(rows.slice(index, index + 200))
        .execute();
    await t.app.db
      .updateTable('world_change_counter')
      .set({ last_sequence: start + total })
      .where('world_id', '=', worldId)
      .execute();
    // A real write signals every instance, which then reads the new log.
    const { character } = await createCharacter(t.app, { world, owner, name: 'Last of all' });

    await settled(socket);
    // The server holds at most a socket buffer's worth and one event for it, and has sent far from everything
    // (the buffer's size is Node's: 16 KiB before Node.js 22, 64 KiB from 22 on).
    expect(socket.writableLength).toBeLessThan(Math.max(64 * 1024, socket.writableHighWaterMark) + 8 * 1024);
    expect(socket.bytesWritten).toBeLessThan((total * 4_100 * 3) / 4);

    const received = await readChanges(stalled, total + 1);
    stalled.destroy();
    expect(received.map(Number)).toEqual(Array.from({ length: total + 1 }, (_, index) => start + index + 1));
    const page = await t.app.inject({ url: `/api/worlds/${worldId}/changes?after=${start + total}`, headers: owner.headers });
    expect(page.json<WorldChangePage>().data[0]).toMatchObject({ sequence: start + total + 1, entityId: character.characterId });
  }, 90_000);
});

describe.runIf(DIALECTS.includes('postgres'))('two instances on one PostgreSQL database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let bases: string[];
  const streams: TestStream[] = [];
  beforeAll(async () => {
    t = await buildTestApp('postgres', { tokenSecret: 'two-instances-secret' });
    second = await buildSecondInstance(t, { tokenSecret: 'two-instances-secret' });
    bases = [await listenLocally(t.app), await listenLocally(second)];
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await second.close();
    await t.close();
  });

  it('gives a subscriber on each instance every change of writes on both, once each and in commit order', async () => {
    const { world, owner } = await createWorld(t.app);
    const editor = await addMember(t.app, owner, world.worldId, 'editor');
    for (const at of bases) streams.push(await openStream(at, world.worldId, owner.headers));
    streams.push(await openStream(present(bases[1], 'the second instance'), world.worldId, editor.headers));
    const apps = [t.app, second];
    // Twenty creates at once, alternating between the instances and two writers.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        createCharacter(present(apps[index % 2], 'an instance'), {
          world,
          owner: index % 3 === 0 ? editor : owner,
          name: `Munchkin ${index}`,
        }),
      ),
    );
    const page = await t.app.inject({ url: `/api/worlds/${world.worldId}/changes?limit=1000`, headers: owner.headers });
    const expected = page.json<WorldChangePage>().data.filter((change) => change.entityType === 'character');
    expect(expected).toHaveLength(20);
    for (const stream of streams) {
      await stream.waitFor((events) => changesOf(events).length >= 20, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const got = changesOf(stream.events);
      expect(got.map((change) => change.sequence)).toEqual(expected.map((change) => change.sequence));
      expect(got.map((change) => change.by)).toEqual(expected.map((change) => change.by));
    }
  });

  it("resumes a player's stream on the other instance from their own position, with every change they may see and no secret", async () => {
    const { world, owner } = await createWorld(t.app);
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const first = await openStream(bases[0] ?? '', world.worldId, player.headers);
    streams.push(first);
    await createCharacter(t.app, { world, owner, name: 'Dorothy' });
    await first.waitFor((events) => changesOf(events).length === 1);
    first.close();
    const lastId = first.events.filter((event) => event.event === 'change').at(-1)?.id ?? '';
    const secrets: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const app = index % 2 === 0 ? t.app : second;
      if (index % 2 === 0)
        secrets.push((await createCharacter(app, { world, owner, name: `Secret ${index}`, visibility: 'editors' })).character.characterId);
      else await createCharacter(app, { world, owner, name: `Munchkin ${index}` });
    }
    const resumed = await openStream(bases[1] ?? '', world.worldId, { ...player.headers, 'last-event-id': lastId });
    streams.push(resumed);
    const page = await second.inject({ url: `/api/worlds/${world.worldId}/changes?after=${lastId}`, headers: player.headers });
    expect(page.statusCode).toBe(200);
    const expected = page.json<WorldChangePage>().data;
    expect(expected).toHaveLength(3);
    await resumed.waitFor((events) => changesOf(events).length >= 3, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changesOf(resumed.events)).toEqual(expected);
    for (const id of secrets) expect(JSON.stringify(resumed.events)).not.toContain(id);
  });
});
