/**
 * Archives made by zipping a folder (rather than its contents) hold every file under that folder's name:
 * `oz-world/world.json`, `oz-world/elements/…`. Importers read such an archive as if it had been zipped from
 * inside the folder.
 */
import type { ArchiveFiles } from '../../archive.js';

/**
 * Where the folder holding `marker` starts in an archive with these paths: '' when `marker` is at the root, the
 * one shared top folder (with its slash) when every file is inside it and it holds `marker`, otherwise undefined.
 * @param paths the archive's file paths, in archive order.
 * @param marker the file that marks the format, e.g. `world.json`.
 */
export function rootPrefix(paths: ReadonlySet<string>, marker: string): string | undefined {
  if (paths.has(marker)) return '';
  const first = paths.values().next().value;
  const slash = first?.indexOf('/') ?? -1;
  if (first === undefined || slash <= 0) return undefined;
  const prefix = first.slice(0, slash + 1);
  if (!paths.has(`${prefix}${marker}`)) return undefined;
  for (const path of paths) if (!path.startsWith(prefix)) return undefined;
  return prefix;
}

/**
 * The archive's files seen from the folder that holds `marker` (rootPrefix): the files themselves when `marker` is
 * at the root, the files with their one shared top folder taken off, otherwise undefined.
 * @param marker the file that marks the format, e.g. `world.json`.
 */
export function filesFromRoot(files: ArchiveFiles, marker: string): ArchiveFiles | undefined {
  const prefix = rootPrefix(new Set(files.keys()), marker);
  if (prefix === undefined) return undefined;
  if (prefix === '') return files;
  return new Map([...files].map(([path, bytes]) => [path.slice(prefix.length), bytes]));
}
