/**
 * The safe archive reader every import goes through (issue 13 "Limits and safety"): a zip is unpacked into
 * memory by yauzl only after its entries pass every bound, and anything hostile is a 400 with a message a person
 * can act on (BUNDLE_MESSAGES):
 * - the archive itself over `maxArchiveBytes`;
 * - more than `maxEntries` entries;
 * - more than `maxUnpackedBytes` once unpacked, counted from the sizes the archive declares AND from the bytes
 *   actually inflated (a zip bomb may lie about its sizes);
 * - entry names that are absolute, hold '..', '\' or a drive letter, or name the same file twice;
 * - symbolic links and other special files, and encrypted entries.
 * JSON inside is read by `parseJsonBounded`, which refuses nesting deeper than a bound before parsing.
 */
import { BUNDLE_MESSAGES } from '@loreforge/contract';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest } from '../../errors/app-error.js';

/** Bounds of one import (config.ts: IMPORT_MAX_ARCHIVE_BYTES, IMPORT_MAX_ENTRIES, IMPORT_MAX_UNPACKED_BYTES, IMPORT_MAX_JSON_DEPTH). */
export interface ArchiveLimits {
  /** Largest archive accepted, in bytes. */
  maxArchiveBytes: number;
  /** Most entries (files and folders) one archive may hold. */
  maxEntries: number;
  /** Most bytes all files may unpack to together. */
  maxUnpackedBytes: number;
  /** Deepest JSON nesting accepted in any file read with parseJsonBounded. */
  maxJsonDepth: number;
}

/** The files of an archive: normalised relative path ('folder/file.json', '/' separated) → bytes. */
export type ArchiveFiles = ReadonlyMap<string, Uint8Array>;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/**
 * Normalises an entry name to a relative '/' path, or refuses it.
 * @returns the path ('' for the archive's root folder entry itself).
 * @throws AppError 400 BUNDLE_MESSAGES.unsafePath for absolute names, '..' segments, backslashes, drive letters,
 * NUL or control characters.
 */
export function normaliseEntryPath(raw: string): string {
  const shown = raw.slice(0, 200);
  // eslint-disable-next-line no-control-regex -- control characters in a file name are exactly what is refused here
  if (raw.includes('\\') || raw.startsWith('/') || /^[a-zA-Z]:/.test(raw) || /[\u0000-\u001f]/.test(raw) || raw.length > 1000) {
    throw badRequest(BUNDLE_MESSAGES.unsafePath(shown));
  }
  const segments: string[] = [];
  for (const segment of raw.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') throw badRequest(BUNDLE_MESSAGES.unsafePath(shown));
    segments.push(segment);
  }
  return segments.join('/');
}

const openZip = (buffer: Buffer): Promise<ZipFile> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: true }, (error, zip) => {
      if (error) reject(badRequest(BUNDLE_MESSAGES.notAnArchive));
      else resolve(zip);
    });
  });

/** Reads one entry's bytes, refusing as soon as the running total passes the budget left. */
const readEntry = (zip: ZipFile, entry: Entry, path: string, budget: number, maxUnpacked: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) {
        reject(badRequest(BUNDLE_MESSAGES.corrupt(error.message)));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > budget) {
          stream.destroy();
          reject(badRequest(BUNDLE_MESSAGES.tooLargeUnpacked(maxUnpacked)));
          return;
        }
        chunks.push(chunk);
      });
      // yauzl checks the bytes inflated against the declared size: more is the mark of a bomb.
      stream.on('error', (streamError: Error) => reject(badRequest(streamError.message.includes('too many bytes')
        ? BUNDLE_MESSAGES.sizeMismatch(path)
        : BUNDLE_MESSAGES.corrupt(`${path}: ${streamError.message}`))));
      stream.on('end', () => resolve(Buffer.concat(chunks, size)));
    });
  });

/**
 * Unpacks a zip archive held in memory, within `limits`.
 * @param archive the archive's bytes (the request body).
 * @returns normalised path → bytes, files only (folder entries are dropped).
 * @throws AppError 400 (BUNDLE_MESSAGES): notAnArchive, archiveTooLarge, tooManyEntries, tooLargeUnpacked,
 * sizeMismatch, unsafePath, notAFile, encrypted, duplicatePath, corrupt.
 */
export async function readZipArchive(archive: Uint8Array, limits: ArchiveLimits): Promise<ArchiveFiles> {
  if (archive.byteLength > limits.maxArchiveBytes) throw badRequest(BUNDLE_MESSAGES.archiveTooLarge(limits.maxArchiveBytes));
  const buffer = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  const zip = await openZip(buffer);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw badRequest(BUNDLE_MESSAGES.tooManyEntries(limits.maxEntries));
  }
  const files = new Map<string, Uint8Array>();
  let unpacked = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        reject(error instanceof AppError ? error : badRequest(BUNDLE_MESSAGES.corrupt(error instanceof Error ? error.message : String(error))));
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        void (async () => {
          const rawName = Buffer.isBuffer(entry.fileName) ? new TextDecoder('utf-8').decode(entry.fileName) : entry.fileName;
          const path = normaliseEntryPath(rawName);
          const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
          const isFolder = rawName.endsWith('/') || mode === S_IFDIR;
          if (!isFolder && mode !== 0 && mode !== S_IFREG) throw badRequest(BUNDLE_MESSAGES.notAFile(path));
          if (isFolder || path === '') {
            zip.readEntry();
            return;
          }
          if (entry.isEncrypted()) throw badRequest(BUNDLE_MESSAGES.encrypted(path));
          if (files.has(path)) throw badRequest(BUNDLE_MESSAGES.duplicatePath(path));
          // The declared size first (cheap), then the bytes inflated: a bomb that lies is caught mid-stream.
          if (unpacked + entry.uncompressedSize > limits.maxUnpackedBytes) throw badRequest(BUNDLE_MESSAGES.tooLargeUnpacked(limits.maxUnpackedBytes));
          const bytes = await readEntry(zip, entry, path, limits.maxUnpackedBytes - unpacked, limits.maxUnpackedBytes);
          unpacked += bytes.length;
          files.set(path, bytes);
          zip.readEntry();
        })().catch(fail);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}

/**
 * The deepest nesting of arrays and objects in JSON text, stopping early past `max` (strings are skipped, so
 * brackets inside them do not count). Linear in the text and without recursion.
 */
function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Parses a JSON file of an archive, refusing nesting deeper than `maxDepth` before JSON.parse sees it.
 * @param path the file's path (named in messages); @param bytes UTF-8 text (a byte-order mark is ignored).
 * @returns the parsed value (unknown: validate it with a schema).
 * @throws AppError 400 BUNDLE_MESSAGES.jsonTooDeep, nulCharacter or invalidJson.
 */
export function parseJsonBounded(path: string, bytes: Uint8Array, maxDepth: number): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest(BUNDLE_MESSAGES.invalidJson(path));
  }
  if (jsonDepthExceeds(text, maxDepth)) throw badRequest(BUNDLE_MESSAGES.jsonTooDeep(path, maxDepth));
  // PostgreSQL text cannot hold U+0000 (and the API refuses it everywhere): refused here, before anything is written.
  if (text.includes('\\u0000') || text.includes('\u0000')) throw badRequest(BUNDLE_MESSAGES.nulCharacter(path));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(BUNDLE_MESSAGES.invalidJson(path));
  }
}
