/**
 * What an import or export format plugs into (issue 13 "Ways in from other tools"). Every importer turns the
 * files of an archive into a Loreforge bundle (docs/export-format.md) and lists what it could not map; the one
 * import pipeline (transfer.commands.ts) then creates the world from that bundle, so remapping ids, checking
 * references and the single transaction are shared by all formats. Exporters turn a bundle into files.
 * Register a format in transfer.registry.ts.
 */
import type { Bundle, NotMapped } from '@loreforge/contract';
import type { ArchiveFiles, ZipArchive } from './archive.js';

/** Bounds an importer honours while reading (config.ts). */
export interface ImportOptions {
  /** Deepest JSON nesting accepted: read every JSON file with `parseJsonBounded(path, bytes, maxJsonDepth)`. */
  maxJsonDepth: number;
}

/** An importer's result: the bundle, the images it names, and what could not be carried over. */
export interface ImportedBundle {
  bundle: Bundle;
  /** Image bytes by the path a map record's `image.path` names (usually the archive's own files). */
  images: ReadonlyMap<string, Uint8Array>;
  /** What could not be mapped, each with where it was (`path`) and why (`reason`); never dropped silently. */
  notMapped: NotMapped[];
}

/** A format a world can be imported from. */
export interface WorldImporter {
  /** Its name, as reported in the import's answer ('bundle', 'kanka', 'onlyworlds'). */
  readonly format: string;
  /** Whether these files look like this format, from their names alone (the import may pass names without contents). */
  detect: (files: ArchiveFiles) => boolean;
  /**
   * Reads the files into a bundle.
   * @throws AppError 400 with a message naming the file and the problem when the files are not valid input.
   */
  toBundle: (files: ArchiveFiles, options: ImportOptions) => ImportedBundle | Promise<ImportedBundle>;
  /**
   * Reads the files straight from the opened archive, one at a time, instead of `toBundle` on every file
   * unpacked in memory (optional; `detect` is then given the file names only).
   * @throws AppError 400 as `toBundle`.
   */
  fromArchive?: (zip: ZipArchive, options: ImportOptions) => Promise<ImportedBundle>;
}

/** One file an exporter writes: its path inside the archive and its content (text is written as UTF-8). */
export interface ExportFile {
  path: string;
  data: Uint8Array | string;
}

/** A format a world can be exported to (besides the native bundle, which streams straight from the database). */
export interface WorldExporter {
  /** Its name, as `?format=` takes it ('onlyworlds', 'markdown'). */
  readonly format: string;
  /**
   * The archive's files for a bundle the reader may see (secrets already left out for players and viewers).
   * @param images map image bytes by the path each map record's `image.path` names.
   */
  fromBundle: (bundle: Bundle, images: ReadonlyMap<string, Uint8Array>) => Iterable<ExportFile> | AsyncIterable<ExportFile>;
}
