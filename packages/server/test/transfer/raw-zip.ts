/**
 * A zip writer for tests that build archives a well-behaved writer refuses to make: names with '..', '\' or a
 * leading '/', symbolic links, and entries whose declared sizes lie (zip bombs). Stored or deflated entries,
 * no zip64.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One entry of a raw archive. */
export interface RawEntry {
  name: string;
  data: Uint8Array | string;
  /** Deflate the data (default true). */
  deflate?: boolean;
  /** The uncompressed size written in the headers, when it should lie. */
  declaredSize?: number;
  /** Unix mode in the high 16 bits of the external attributes (0o120777 for a symbolic link). */
  unixMode?: number;
}

/**
 * Builds a zip archive from entries exactly as given.
 * @returns the archive's bytes.
 */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const deflate = entry.deflate ?? true;
    const body = deflate ? zlib.deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = zlib.crc32(data);
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}

/**
 * Every file below a folder (a fixture export) as archive entries, named by its path under the folder with '/'.
 * @returns the entries, in the order the folder lists them.
 */
export function folderEntries(root: string): RawEntry[] {
  const entries: RawEntry[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else entries.push({ name: path.relative(root, full).split(path.sep).join('/'), data: fs.readFileSync(full) });
    }
  };
  walk(root);
  return entries;
}
