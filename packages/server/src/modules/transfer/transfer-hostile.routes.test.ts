/**
 * Hostile and broken archives on POST /worlds/import (issue 13 "Limits and safety"), on each database: each is
 * refused with a 400 (413 for an archive over the size limit) whose message says what is wrong, and no world is
 * created. The app runs with small limits so the bombs stay small.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_FORMAT_VERSION, BUNDLE_MESSAGES, type World } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';
import { exportWorld, importArchive } from '../../../test/transfer/bundle-compare.js';
import { type RawEntry, rawZip } from '../../../test/transfer/raw-zip.js';

const LIMITS = { maxArchiveBytes: 256 * 1024, maxEntries: 50, maxUnpackedBytes: 1024 * 1024, maxJsonDepth: 40 };

describe.each(DIALECTS)('hostile archives on POST /worlds/import on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  /** The unpacked files of a real bundle of a small world, to tamper with. */
  let bundle: Map<string, Buffer>;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { importLimits: LIMITS });
    const made = await createWorld(t.app, { name: 'Tampered' });
    owner = made.owner;
    await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${made.world.worldId}/characters`,
      headers: owner.headers,
      payload: { name: 'Dorothy' },
    });
    const { files } = await exportWorld(t.app, owner.headers, made.world.worldId);
    bundle = new Map([...files].map(([path, bytes]) => [path, Buffer.from(bytes)]));
  });
  afterAll(async () => t.close());

  /** A file of the real bundle as text. */
  const text = (path: string): string => bundle.get(path)?.toString('utf8') ?? '';

  const worldCount = async () =>
    (await t.app.inject({ url: '/api/worlds?limit=1000', headers: owner.headers })).json<{ data: World[] }>().data.length;

  /** Imports an archive, expects the status and message, and checks that no world was created. */
  async function expectRefused(archive: Buffer, message: string, status = 400) {
    const before = await worldCount();
    const { status: answered, body } = await importArchive(t.app, owner.headers, archive);
    expect({ status: answered, message: body.message }).toEqual({ status, message });
    expect(await worldCount()).toBe(before);
  }

  /**
   * The real bundle with some files replaced (the manifest's checksums updated to match, unless `keepChecksums`)
   * and entries added.
   */
  const tampered = (changes: Record<string, string | Buffer>, extra: RawEntry[] = [], keepChecksums = false): Buffer => {
    const manifest = JSON.parse(text('manifest.json')) as { files: Record<string, { size: number; sha256: string }> };
    for (const [path, data] of Object.entries(changes)) {
      if (path === 'manifest.json' || keepChecksums) continue;
      manifest.files[path] = { size: Buffer.byteLength(data), sha256: createHash('sha256').update(data).digest('hex') };
    }
    const files = new Map([
      ...bundle,
      ['manifest.json', Buffer.from(JSON.stringify(manifest))],
      ...Object.entries(changes).map(([path, data]) => [path, Buffer.from(data)] as const),
    ]);
    return rawZip([...[...files].map(([name, data]) => ({ name, data })), ...extra]);
  };

  it('imports the untouched bundle (the tampered ones below differ from it only as described)', async () => {
    const { status } = await importArchive(t.app, owner.headers, rawZip([...bundle].map(([name, data]) => ({ name, data }))));
    expect(status).toBe(201);
  });

  it('refuses a zip bomb that lies about its size, as soon as it inflates past what it declares', async () => {
    const bomb = Buffer.alloc(8 * 1024 * 1024);
    expect(zlib.deflateRawSync(bomb).length).toBeLessThan(LIMITS.maxArchiveBytes);
    await expectRefused(tampered({}, [{ name: 'bomb.bin', data: bomb, declaredSize: 100 }]), BUNDLE_MESSAGES.sizeMismatch('bomb.bin'));
  });

  it('refuses an archive whose declared sizes add up past the limit', async () => {
    await expectRefused(
      tampered({}, [{ name: 'big.bin', data: Buffer.alloc(2 * 1024 * 1024) }]),
      BUNDLE_MESSAGES.tooLargeUnpacked(LIMITS.maxUnpackedBytes),
    );
  });

  it.each(['../escape.json', '/etc/passwd', 'maps\\..\\..\\evil.png', 'C:/Windows/evil.json', 'maps/../../evil.json'])(
    'refuses the entry name %s',
    async (name) => {
      await expectRefused(tampered({}, [{ name, data: '{}' }]), BUNDLE_MESSAGES.unsafePath(name));
    },
  );

  it('refuses a symbolic link', async () => {
    await expectRefused(
      tampered({}, [{ name: 'maps/link.png', data: '/etc/passwd', unixMode: 0o120777, deflate: false }]),
      BUNDLE_MESSAGES.notAFile('maps/link.png'),
    );
  });

  it('refuses more entries than the limit', async () => {
    const many = Array.from({ length: LIMITS.maxEntries }, (_, index) => ({ name: `notes/${index}.txt`, data: 'x' }));
    await expectRefused(tampered({}, many), BUNDLE_MESSAGES.tooManyEntries(LIMITS.maxEntries));
  });

  it('refuses JSON nested deeper than the limit before parsing it', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    await expectRefused(tampered({ 'characters.json': deep }), BUNDLE_MESSAGES.jsonTooDeep('characters.json', LIMITS.maxJsonDepth));
  });

  it('refuses a file that is not a zip archive', async () => {
    await expectRefused(Buffer.from('This is a letter, not an archive.'.repeat(10)), BUNDLE_MESSAGES.notAnArchive);
  });

  it('refuses an archive over the size limit with 413', async () => {
    await expectRefused(Buffer.alloc(LIMITS.maxArchiveBytes + 10, 1), BUNDLE_MESSAGES.archiveTooLarge(LIMITS.maxArchiveBytes), 413);
  });

  it('cuts off an archive sent without its length once it passes the size limit, with 413', async () => {
    const before = await worldCount();
    const quarter = Buffer.alloc(LIMITS.maxArchiveBytes / 4, 1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/worlds/import',
      headers: { ...owner.headers, 'content-type': 'application/zip' },
      payload: Readable.from(Array.from({ length: 8 }, () => quarter)),
    });
    expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({
      status: 413,
      message: BUNDLE_MESSAGES.archiveTooLarge(LIMITS.maxArchiveBytes),
    });
    expect(await worldCount()).toBe(before);
  });

  it('refuses a bundle of another format version and says which it reads', async () => {
    const manifest = JSON.parse(text('manifest.json')) as Record<string, unknown>;
    await expectRefused(
      tampered({ 'manifest.json': JSON.stringify({ ...manifest, formatVersion: BUNDLE_FORMAT_VERSION + 1 }) }),
      BUNDLE_MESSAGES.wrongVersion(BUNDLE_FORMAT_VERSION + 1),
    );
  });

  it('refuses a file that no longer matches its checksum', async () => {
    const characters = text('characters.json').replace('Dorothy', 'Dorothea');
    await expectRefused(tampered({ 'characters.json': characters }, [], true), BUNDLE_MESSAGES.checksumMismatch('characters.json'));
  });

  it('refuses an archive in no format it knows', async () => {
    await expectRefused(rawZip([{ name: 'letter.txt', data: 'Dear Oz' }]), BUNDLE_MESSAGES.unknownFormat);
  });

  it('refuses a record that breaks the format, naming the file and the field', async () => {
    const characters = JSON.parse(text('characters.json')) as Array<Record<string, unknown>>;
    const broken = JSON.stringify([{ ...characters[0], name: 'x'.repeat(500) }]);
    const before = await worldCount();
    const { status, body } = await importArchive(t.app, owner.headers, tampered({ 'characters.json': broken }));
    expect(status).toBe(400);
    expect(body.message).toMatch(/^characters\.json: 0\.name: /);
    expect(await worldCount()).toBe(before);
  });

  it('refuses a NUL character in text, which the databases cannot store alike', async () => {
    const characters = text('characters.json').replace('Dorothy', 'Doro\\u0000thy');
    await expectRefused(tampered({ 'characters.json': characters }), BUNDLE_MESSAGES.nulCharacter('characters.json'));
  });

  it('sanitises imported rich text again and keeps only mentions of what the new world holds', async () => {
    const records = JSON.parse(text('characters.json')) as Array<Record<string, unknown>>;
    const [dorothy] = records;
    if (!dorothy) throw new Error('the bundle holds no character');
    const elsewhere = '0190f3a1-0000-7000-8000-00000000dead';
    dorothy.descriptionHtml =
      '<p onclick="steal()">Hi <script>alert(1)</script><img src="x" onerror="steal()">' +
      `<span data-type="mention" data-entity-type="character" data-id="${String(dorothy.characterId)}">Me</span> and ` +
      `<span data-type="mention" data-entity-type="character" data-id="${elsewhere}">Nobody</span></p>`;
    const { status, body } = await importArchive(t.app, owner.headers, tampered({ 'characters.json': JSON.stringify(records) }));
    expect(status).toBe(201);
    const base = `/api/worlds/${body.world.worldId}`;
    const list = (await t.app.inject({ url: `${base}/characters`, headers: owner.headers })).json<{
      data: Array<{ characterId: string; description: string; descriptionHtml: string }>;
    }>();
    const [imported] = list.data;
    if (!imported) throw new Error('the import holds no character');
    expect(imported.descriptionHtml).not.toMatch(/script|onclick|onerror|alert|steal/);
    expect(imported.descriptionHtml).toContain(`data-id="${imported.characterId}">Dorothy</span>`);
    expect(imported.descriptionHtml).not.toContain(elsewhere);
    // The plain text keeps the labels as written, as a write through the API does.
    expect(imported.description).toBe('Hi Me and Nobody');
    const backlinks = await t.app.inject({ url: `${base}/characters/${imported.characterId}/backlinks`, headers: owner.headers });
    expect(backlinks.json<{ data: Array<{ name: string }> }>().data.map((link) => link.name)).toEqual(['Dorothy']);
  });
});
