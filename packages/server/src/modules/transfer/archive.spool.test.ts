/**
 * The import's body spooled to a temporary file (archive.spool.ts): the file holds exactly the bytes sent, an
 * archive over the limit is a 413 whether it declares its length or not, and nothing is left on disk when the
 * upload is refused or breaks off.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE_MESSAGES } from '@loreforge/contract';
import { spoolArchive } from './archive.spool.js';

describe('spoolArchive', () => {
  let parent: string;
  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'spool-test-'));
  });
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  const chunks = (count: number, size: number): Buffer[] => Array.from({ length: count }, (_, index) => Buffer.alloc(size, index));

  it('writes the body to a file of its own, byte for byte, and removes it when asked', async () => {
    const parts = chunks(40, 64 * 1024);
    const spooled = await spoolArchive(Readable.from(parts), 10 * 1024 * 1024, undefined, parent);
    expect(spooled.size).toBe(40 * 64 * 1024);
    expect(fs.readFileSync(spooled.path).equals(Buffer.concat(parts))).toBe(true);
    await spooled.remove();
    await spooled.remove();
    expect(fs.readdirSync(parent)).toEqual([]);
  });

  it('refuses a body whose Content-Length is over the limit before writing anything', async () => {
    const body = Readable.from(chunks(1, 10));
    await expect(spoolArchive(body, 1000, 1001, parent)).rejects.toMatchObject({
      status: 413,
      message: BUNDLE_MESSAGES.archiveTooLarge(1000),
    });
    expect(fs.readdirSync(parent)).toEqual([]);
  });

  it('cuts off a body that passes the limit without declaring its length, and leaves no file', async () => {
    await expect(spoolArchive(Readable.from(chunks(20, 1024)), 10_000, undefined, parent)).rejects.toMatchObject({
      status: 413,
      message: BUNDLE_MESSAGES.archiveTooLarge(10_000),
    });
    expect(fs.readdirSync(parent)).toEqual([]);
  });

  it('leaves no file when the upload breaks off', async () => {
    async function* brokenOff() {
      yield Buffer.alloc(1024);
      throw new Error('connection reset');
    }
    await expect(spoolArchive(Readable.from(brokenOff()), 10_000, undefined, parent)).rejects.toThrow('connection reset');
    expect(fs.readdirSync(parent)).toEqual([]);
  });
});
