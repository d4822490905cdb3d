/**
 * Archives made by zipping a folder (rather than its contents) hold every file under that folder's name:
 * `oz-world/world.json`, `oz-world/elements/…`. Importers read such an archive as if it had been zipped from
 * inside the folder.
 */
import type { ArchiveFiles } from '../../archive.js';

/**
 * The archive's files seen from the folder that holds `marker`: the files themselves when `marker` is at the root,
 * the files with their one shared top folder taken off when every file is inside that folder and it holds
 * `marker`, otherwise undefined.
 * @param marker the file that marks the format, e.g. `world.json`.
 */
export function filesFromRoot(files: ArchiveFiles, marker: string): ArchiveFiles | undefined {
  if (files.has(marker)) return files;
  const first = files.keys().next().value;
  const slash = first?.indexOf('/') ?? -1;
  if (first === undefined || slash <= 0) return undefined;
  const prefix = first.slice(0, slash + 1);
  if (!files.has(`${prefix}${marker}`)) return undefined;
  const inner = new Map<string, Uint8Array>();
  for (const [path, bytes] of files) {
    if (!path.startsWith(prefix)) return undefined;
    inner.set(path.slice(prefix.length), bytes);
  }
  return inner;
}
