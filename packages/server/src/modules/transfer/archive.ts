/**
 * The safe archive reader every import goes through (issue 13 "Limits and safety"): a zip (in memory, or the
 * request body spooled to a file by archive.spool.ts) is read by yauzl one entry at a time, only after its entries
 * pass every bound, and anything hostile is a 400 with a message a person can act on (BUNDLE_MESSAGES):
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

/** An archive in a file (the import's request body, spooled to disk by archive.spool.ts): its path and size in bytes. */
export interface ArchiveFile {
  path: string;
  size: number;
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

const ZIP_OPTIONS = { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false } as const;

/** Opens a zip held in memory, or in a file read a piece at a time as its entries are read. */
const openZip = (source: Buffer | ArchiveFile): Promise<ZipFile> =>
  new Promise((resolve, reject) => {
    const opened = (error: Error | null, zip: ZipFile) => {
      if (error) reject(badRequest(BUNDLE_MESSAGES.notAnArchive));
      else resolve(zip);
    };
    if (Buffer.isBuffer(source)) yauzl.fromBuffer(source, ZIP_OPTIONS, opened);
    else yauzl.open(source.path, ZIP_OPTIONS, opened);
  });

/** An archive whose entries passed every bound, read one file at a time (nothing is unpacked up front). */
export interface ZipArchive {
  /** The normalised paths of its files (folders left out). */
  readonly paths: ReadonlySet<string>;
  /**
   * A file's bytes as they inflate, chunk by chunk.
   * @throws AppError 400 sizeMismatch (more bytes than declared: a bomb) or corrupt, while iterating.
   */
  chunks: (path: string) => AsyncIterable<Buffer>;
  /** A whole file's bytes (for small files, or one image at a time); undefined when the archive lacks it. */
  read: (path: string) => Promise<Buffer | undefined>;
  /** Lets go of the archive. */
  close: () => void;
}

/** The entries of a zip, checked one by one against the bounds, without reading any content. */
const listEntries = (zip: ZipFile, limits: ArchiveLimits): Promise<Map<string, Entry>> =>
  new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let declared = 0;
    const fail = (error: unknown) => {
      reject(
        error instanceof AppError ? error : badRequest(BUNDLE_MESSAGES.corrupt(error instanceof Error ? error.message : String(error))),
      );
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      try {
        const rawName = Buffer.isBuffer(entry.fileName) ? new TextDecoder('utf-8').decode(entry.fileName) : entry.fileName;
        const path = normaliseEntryPath(rawName);
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
        const isFolder = rawName.endsWith('/') || mode === S_IFDIR;
        if (!isFolder && mode !== 0 && mode !== S_IFREG) throw badRequest(BUNDLE_MESSAGES.notAFile(path));
        if (!isFolder && path !== '') {
          if (entry.isEncrypted()) throw badRequest(BUNDLE_MESSAGES.encrypted(path));
          if (entries.has(path)) throw badRequest(BUNDLE_MESSAGES.duplicatePath(path));
          // The declared sizes here; the bytes inflated are held to them while reading (validateEntrySizes):
          // a bomb that lies about its size is caught mid-stream.
          declared += entry.uncompressedSize;
          if (declared > limits.maxUnpackedBytes) throw badRequest(BUNDLE_MESSAGES.tooLargeUnpacked(limits.maxUnpackedBytes));
          entries.set(path, entry);
        }
        zip.readEntry();
      } catch (error) {
        fail(error);
      }
    });
    zip.readEntry();
  });

/** Opens one entry's inflating stream. */
const openEntry = (zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) reject(badRequest(BUNDLE_MESSAGES.corrupt(error.message)));
      else resolve(stream);
    });
  });

/** One entry's chunks, a stream error turned into the 400 a person can act on. */
async function* entryChunks(zip: ZipFile, entry: Entry, path: string): AsyncGenerator<Buffer> {
  const stream = await openEntry(zip, entry);
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // yauzl checks the bytes inflated against the declared size: more is the mark of a bomb.
    throw badRequest(
      message.includes('too many bytes') ? BUNDLE_MESSAGES.sizeMismatch(path) : BUNDLE_MESSAGES.corrupt(`${path}: ${message}`),
    );
  } finally {
    (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }
}

/**
 * Opens a zip archive and checks every entry against `limits`, without unpacking anything.
 * @param archive the archive's bytes, kept (not copied) until `close`; or the file it was spooled to (the request
 * body), read a piece at a time, so an archive costs memory only for the entry being read.
 * @returns the archive's file paths and readers of one file at a time.
 * @throws AppError 400 (BUNDLE_MESSAGES): notAnArchive, archiveTooLarge, tooManyEntries, tooLargeUnpacked,
 * unsafePath, notAFile, encrypted, duplicatePath, corrupt; reading a file may still throw sizeMismatch or corrupt.
 */
export async function openZipArchive(archive: Uint8Array | ArchiveFile, limits: ArchiveLimits): Promise<ZipArchive> {
  const inMemory = archive instanceof Uint8Array;
  if ((inMemory ? archive.byteLength : archive.size) > limits.maxArchiveBytes)
    throw badRequest(BUNDLE_MESSAGES.archiveTooLarge(limits.maxArchiveBytes));
  const zip = await openZip(inMemory ? Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength) : archive);
  let entries: Map<string, Entry>;
  try {
    if (zip.entryCount > limits.maxEntries) throw badRequest(BUNDLE_MESSAGES.tooManyEntries(limits.maxEntries));
    entries = await listEntries(zip, limits);
  } catch (error) {
    zip.close();
    throw error;
  }
  const chunks = (path: string): AsyncIterable<Buffer> => {
    const entry = entries.get(path);
    if (!entry) throw new Error(`The archive has no file ${path}.`);
    return entryChunks(zip, entry, path);
  };
  return {
    paths: new Set(entries.keys()),
    chunks,
    read: async (path) => {
      if (!entries.has(path)) return undefined;
      const parts: Buffer[] = [];
      for await (const chunk of chunks(path)) parts.push(chunk);
      return Buffer.concat(parts);
    },
    close: () => zip.close(),
  };
}

/**
 * Unpacks a zip archive held in memory, within `limits`, for formats read as a whole (a Loreforge bundle is
 * read file by file instead: bundle.importer.ts).
 * @param archive the archive's bytes (the request body).
 * @returns normalised path → bytes, files only (folder entries are dropped).
 * @throws AppError 400 (BUNDLE_MESSAGES): notAnArchive, archiveTooLarge, tooManyEntries, tooLargeUnpacked,
 * sizeMismatch, unsafePath, notAFile, encrypted, duplicatePath, corrupt.
 */
export async function readZipArchive(archive: Uint8Array, limits: ArchiveLimits): Promise<ArchiveFiles> {
  const zip = await openZipArchive(archive, limits);
  try {
    return await readWholeArchive(zip);
  } finally {
    zip.close();
  }
}

/** Every file of an opened archive in memory (the caller closes the archive). */
export async function readWholeArchive(zip: ZipArchive): Promise<ArchiveFiles> {
  const files = new Map<string, Uint8Array>();
  for (const path of zip.paths) files.set(path, (await zip.read(path)) ?? new Uint8Array());
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
      if (code === 0x5c)
        index += 1; // backslash: skip the escaped character
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
