/**
 * The import and export formats the transfer routes know (issue 13). Adding a format is one line here: its
 * importer (tried in order; the first whose `detect` accepts the files reads them) or its exporter (chosen by
 * `?format=` on GET /worlds/{worldId}/export). The native bundle export streams from the database and is not
 * listed among the exporters.
 */
import { kankaImporter } from './formats/kanka/kanka.importer.js';
import { markdownExporter } from './formats/markdown/markdown.exporter.js';
import { onlyWorldsExporter } from './formats/onlyworlds/onlyworlds.exporter.js';
import { onlyWorldsImporter } from './formats/onlyworlds/onlyworlds.importer.js';
import type { WorldExporter, WorldImporter } from './transfer.formats.js';

/**
 * Importers of other formats, most specific first. A Loreforge bundle (manifest.json at the root) is not among
 * them: it is read file by file (bundle.importer.ts) rather than whole.
 */
export const IMPORTERS: readonly WorldImporter[] = [kankaImporter, onlyWorldsImporter];

/** Exporters other than the bundle, by their `format` name. */
export const EXPORTERS: readonly WorldExporter[] = [onlyWorldsExporter, markdownExporter];

/** The `?format=` values the export route accepts: 'bundle' and every registered exporter. */
export const exportFormats = (): string[] => ['bundle', ...EXPORTERS.map((exporter) => exporter.format)];

/** The importer for these files, or undefined when no format recognises them. */
export const findImporter = (files: Parameters<WorldImporter['detect']>[0]): WorldImporter | undefined =>
  IMPORTERS.find((importer) => importer.detect(files));

/** The exporter named by `format`, or undefined ('bundle' is handled by the route itself). */
export const findExporter = (format: string): WorldExporter | undefined => EXPORTERS.find((exporter) => exporter.format === format);
