/**
 * The import's request body written to a temporary file as it arrives (issue 13 "stream, do not build the whole
 * archive in memory"): an archive may be up to IMPORT_MAX_ARCHIVE_BYTES (100 MiB by default), and a zip is read
 * from its end (the central directory) first, so it cannot be unpacked as it streams in. Spooled to disk, it
 * costs the server a write buffer instead of its whole size, and archive.ts reads it from the file one entry at a
 * time. The size limit is held while the bytes come: past it, the upload is cut off with a 413.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE_MESSAGES } from '@loreforge/contract';
import { AppError } from '../../errors/app-error.js';
import type { ArchiveFile } from './archive.js';

/** An archive spooled to a temporary file; `remove` deletes it (safe to call twice). */
export interface SpooledArchive extends ArchiveFile {
  remove: () => Promise<void>;
}

/** The 413 of an archive over the limit, with the limit in its message. */
export const archiveTooLarge = (maxBytes: number): AppError =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', BUNDLE_MESSAGES.archiveTooLarge(maxBytes));

/**
 * Writes a request body to a new temporary file (mode 0600, in a folder of its own).
 * @param body the raw request stream; @param maxBytes the largest body accepted.
 * @param declaredBytes the Content-Length header, when sent: a body declared too large is refused before a byte
 * is written.
 * @param parent where the file's folder is made (default: the system's temporary folder).
 * @returns the file's path and size, and how to remove it (the caller removes it once the import is done).
 * @throws AppError 413 (BUNDLE_MESSAGES.archiveTooLarge) as soon as the body passes `maxBytes` (the file is
 * removed, the rest of the body is not read); the stream's or the file's error when the upload breaks off or
 * the disk refuses the write.
 */
export async function spoolArchive(
  body: NodeJS.ReadableStream,
  maxBytes: number,
  declaredBytes?: number,
  parent: string = os.tmpdir(),
): Promise<SpooledArchive> {
  if (declaredBytes !== undefined && declaredBytes > maxBytes) throw archiveTooLarge(maxBytes);
  const dir = await fs.promises.mkdtemp(path.join(parent, 'loreforge-import-'));
  const file = path.join(dir, 'archive.zip');
  const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
  return new Promise<SpooledArchive>((resolve, reject) => {
    const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
    let size = 0;
    let ended = false;
    let settled = false;
    const detach = () => {
      body.removeListener('data', onData);
      body.removeListener('end', onEnd);
      body.removeListener('error', fail);
      body.removeListener('close', onClose);
    };
    function fail(error: unknown): void {
      if (settled) return;
      settled = true;
      detach();
      out.destroy();
      void remove().finally(() => reject(error instanceof Error ? error : new Error(String(error))));
    }
    function onData(chunk: Buffer | string): void {
      size += chunk.length;
      if (size > maxBytes) {
        fail(archiveTooLarge(maxBytes));
        return;
      }
      // Backpressure: the upload waits while the disk catches up, so no more than a buffer is held.
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    }
    function onEnd(): void {
      ended = true;
      detach();
      out.end(() => {
        if (settled) return;
        settled = true;
        resolve({ path: file, size, remove });
      });
    }
    function onClose(): void {
      if (!ended) fail(new Error('The upload was broken off before its end.'));
    }
    out.once('error', fail);
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', fail);
    body.once('close', onClose);
  });
}
