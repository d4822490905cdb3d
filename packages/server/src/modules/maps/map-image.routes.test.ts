import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { World, WorldMap, ErrorResponse } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { type TestUser, createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 1×1 RGBA PNG, built byte by byte. */
function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.from([0, 255, 0, 0, 255]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JPEG (SOI + JFIF APP0 marker), enough for content sniffing. */
const tinyJpeg = (): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'ascii'), Buffer.alloc(32)]);

describe.each(DIALECTS)('map images on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function createMap(): Promise<{ world: World; owner: TestUser; map: WorldMap; url: string }> {
    const { world, owner } = await createWorld(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/maps`,
      headers: owner.headers,
      payload: { name: 'Oz map' },
    });
    const map = response.json<WorldMap>();
    return { world, owner, map, url: `/api/worlds/${world.worldId}/maps/${map.mapId}/image` };
  }

  const upload = (url: string, owner: TestUser, body: Buffer, contentType = 'image/png') =>
    t.app.inject({ method: 'PUT', url, headers: { ...owner.headers, 'content-type': contentType }, payload: body });

  it('stores a PNG, answers the map with image info, and serves it with its type, ETag and no-cache', async () => {
    const { owner, map, url } = await createMap();
    const png = tinyPng();
    const put = await upload(url, owner, png);
    expect(put.statusCode).toBe(200);
    const updated = put.json<WorldMap>();
    expect(updated.image).toMatchObject({ contentType: 'image/png', size: png.length, url });
    expect(updated.mapId).toBe(map.mapId);

    const read = await t.app.inject({ method: 'GET', url: url.replace('/image', ''), headers: owner.headers });
    expect(read.json<WorldMap>().image).toEqual(updated.image);

    const get = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.headers['cache-control']).toBe('private, no-cache');
    expect(get.headers.etag).toBe(`"${crypto.createHash('sha256').update(png).digest('hex')}"`);
    expect(get.rawPayload.equals(png)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match and 200 after the image changes', async () => {
    const { owner, url } = await createMap();
    await upload(url, owner, tinyPng());
    const etag = String((await t.app.inject({ method: 'GET', url, headers: owner.headers })).headers.etag);
    const cached = await t.app.inject({ method: 'GET', url, headers: { ...owner.headers, 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    const listed = await t.app.inject({ method: 'GET', url, headers: { ...owner.headers, 'if-none-match': `"other", W/${etag}` } });
    expect(listed.statusCode).toBe(304);

    const jpeg = tinyJpeg();
    const replaced = await upload(url, owner, jpeg, 'image/jpeg');
    expect(replaced.json<WorldMap>().image).toMatchObject({ contentType: 'image/jpeg', size: jpeg.length });
    const fresh = await t.app.inject({ method: 'GET', url, headers: { ...owner.headers, 'if-none-match': etag } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-type']).toBe('image/jpeg');
    expect(fresh.headers.etag).not.toBe(etag);
  });

  it('judges the type by content: a text file sent as image/png is refused, and a header that is not an image too', async () => {
    const { owner, url } = await createMap();
    const text = await upload(url, owner, Buffer.from('definitely not a picture\n', 'utf8'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      message: 'The image must be a PNG, JPEG or WebP file of at most 10 MB.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const gif = await upload(url, owner, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 'image/png');
    expect(gif.statusCode).toBe(415);
    const wrongHeader = await upload(url, owner, tinyPng(), 'text/plain');
    expect(wrongHeader.statusCode).toBe(415);
    const json = await t.app.inject({ method: 'PUT', url, headers: owner.headers, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    const empty = await upload(url, owner, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorResponse>().message).toBe('The image must be a PNG, JPEG or WebP file of at most 10 MB.');
    expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).statusCode).toBe(404);
  });

  it('answers 413 over 10 MB and accepts exactly 10 MB', async () => {
    const { owner, url } = await createMap();
    const png = tinyPng();
    const limit = 10 * 1024 * 1024;
    const exact = Buffer.concat([png, Buffer.alloc(limit - png.length)]);
    expect((await upload(url, owner, exact)).statusCode).toBe(200);
    const oneOver = await upload(url, owner, Buffer.concat([exact, Buffer.alloc(1)]));
    expect(oneOver.statusCode).toBe(413);
    expect(oneOver.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image must be a PNG, JPEG or WebP file of at most 10 MB.',
    });
    const farOver = await upload(url, owner, Buffer.alloc(limit + 1024 * 1024));
    expect(farOver.statusCode).toBe(413);
    expect(farOver.json<ErrorResponse>().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('deletes the image (204), then answers 404 "Map image not found."', async () => {
    const { owner, url } = await createMap();
    await upload(url, owner, tinyPng());
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Map image not found.', code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(404);
    const map = await t.app.inject({ method: 'GET', url: url.replace('/image', ''), headers: owner.headers });
    expect(map.json<WorldMap>().image).toBeNull();
  });

  it('replaces and removes an image only at the version the client saw (If-Match), else 409 and nothing changes', async () => {
    const { owner, url } = await createMap();
    const first = (await upload(url, owner, tinyPng())).json<WorldMap>().image;
    if (!first) throw new Error('no image info');
    const seen = `W/"${first.updatedAt}"`;
    const jpeg = tinyJpeg();
    const replace = (ifMatch: string, body: Buffer, contentType: string) =>
      t.app.inject({ method: 'PUT', url, headers: { ...owner.headers, 'content-type': contentType, 'if-match': ifMatch }, payload: body });

    // Someone else replaces the image first, at once, so the versions may share a millisecond.
    const theirs = await replace(seen, jpeg, 'image/jpeg');
    expect(theirs.statusCode).toBe(200);
    const current = theirs.json<WorldMap>().image;
    expect(current?.updatedAt).not.toBe(first.updatedAt);

    const stale = await replace(seen, tinyPng(), 'image/png');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'Someone else changed this map image since you loaded it. Reload to see their changes, then try again.',
      code: 'CONFLICT',
    });
    const staleDelete = await t.app.inject({ method: 'DELETE', url, headers: { ...owner.headers, 'if-match': seen } });
    expect(staleDelete.statusCode).toBe(409);
    const kept = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(kept.headers['content-type']).toBe('image/jpeg');
    expect(kept.rawPayload.equals(jpeg)).toBe(true);

    // The strong ETag of the image's GET is accepted as well.
    const removed = await t.app.inject({ method: 'DELETE', url, headers: { ...owner.headers, 'if-match': String(kept.headers.etag) } });
    expect(removed.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url,
      headers: { ...owner.headers, 'if-match': `W/"${current?.updatedAt ?? ''}"` },
    });
    expect(again.statusCode).toBe(404);
  });

  it('needs the bearer token, hides the image from other users, and keeps JSON routes at their 1 MiB limit', async () => {
    const { owner, url, world } = await createMap();
    await upload(url, owner, tinyPng());
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const intruder = await createUser(t.app);
    expect((await t.app.inject({ method: 'GET', url, headers: intruder.headers })).statusCode).toBe(404);
    expect((await upload(url, intruder, tinyJpeg(), 'image/jpeg')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: intruder.headers })).statusCode).toBe(404);
    const still = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(still.headers['content-type']).toBe('image/png');

    const big = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/maps`,
      headers: owner.headers,
      payload: { name: 'Big', description: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
  });
});
