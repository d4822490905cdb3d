/**
 * Export and import of whole worlds (issue 13, docs/export-format.md):
 * - GET /worlds/{worldId}/export?format=bundle|… streams a zip of what the caller may see;
 * - POST /worlds/import creates a new world owned by the caller from an uploaded archive (a Loreforge bundle or
 *   any registered format), all or nothing.
 * This plugin is encapsulated: its body parser (the raw body spooled to a temporary file, archive.spool.ts) and the
 * import's size limit apply to these routes only.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUNDLE_MESSAGES, ErrorResponseSchema, ExportQuerySchema, ImportResultSchema, MESSAGES } from '@loreforge/contract';
import { badRequest, unauthorized } from '../../errors/app-error.js';
import { WorldParams, errorResponses } from '../../lib/route-parts.js';
import { findUserById } from '../auth/user.repository.js';
import { presentWorld } from '../worlds/world.presenter.js';
import { keptCounts } from '../worlds/world-counts.js';
import type { ArchiveLimits } from './archive.js';
import { type SpooledArchive, spoolArchive } from './archive.spool.js';
import { readWholeBundle, streamBundle, zipFiles } from './bundle.export.js';
import { streamInSnapshot } from './export-snapshot.js';
import { importWorld } from './transfer.commands.js';
import { exportFormats, findExporter } from './transfer.registry.js';

const tags = ['transfer'];

/** Options of the transfer routes: the import's bounds (config.ts importLimits). */
export interface TransferRoutesOptions {
  importLimits: ArchiveLimits;
}

/**
 * A file name for the download: the world's name in safe ASCII (letters, digits, '-'), never empty.
 * @returns e.g. 'the-land-of-oz.loreforge.zip'.
 */
export function exportFileName(worldName: string, format: string): string {
  const slug =
    worldName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'world';
  return `${slug}.${format === 'bundle' ? 'loreforge' : format}.zip`;
}

/** The Content-Length header as a number, or undefined when it is missing or not a count of bytes. */
const declaredLength = (header: string | undefined): number | undefined =>
  header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;

/** Whether a parsed body is an archive spooled by this plugin's parser. */
const isSpooled = (body: unknown): body is SpooledArchive =>
  typeof body === 'object' && body !== null && typeof (body as Partial<SpooledArchive>).remove === 'function';

/** Registers GET …/export and POST /worlds/import with their own body parser and limits. */
export const transferRoutes: FastifyPluginAsyncZod<TransferRoutesOptions> = async (app, options) => {
  const limits = options.importLimits;
  app.removeAllContentTypeParsers();
  // The archive goes to a temporary file as it arrives, never whole into memory; past the limit it is a 413.
  app.addContentTypeParser('*', (request: FastifyRequest, payload: IncomingMessage) =>
    spoolArchive(payload, limits.maxArchiveBytes, declaredLength(request.headers['content-length'])),
  );
  // The spooled file goes once the answer is sent, whatever happened in between.
  app.addHook('onResponse', async (request) => {
    if (isSpooled(request.body)) await request.body.remove();
  });

  app.get(
    '/worlds/:worldId/export',
    {
      schema: {
        tags,
        summary: 'Download the world as a zip: a Loreforge bundle (default) or another registered format',
        description:
          "Streams the archive (Content-Disposition: attachment). Built from what the caller may see: an editor's or the owner's " +
          "export holds every secret and GM note; a player's or viewer's (or `x-view-as`) holds only what they may see. " +
          'Everything is read in one snapshot of the database. The bundle format is documented in docs/export-format.md.',
        produces: ['application/zip'],
        params: WorldParams,
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const scope = request.world;
      const { format } = request.query;
      const formats = exportFormats();
      if (!formats.includes(format))
        throw badRequest(BUNDLE_MESSAGES.unknownExportFormat(formats), { format: BUNDLE_MESSAGES.unknownExportFormat(formats) });
      const exportScope = { world: scope.world, worldId: scope.world.id, viewer: scope.viewer, seesSecrets: scope.seesSecrets };
      const exporter = findExporter(format);
      // Every read of the export in one snapshot, so a write meanwhile cannot leave a dangling reference.
      const stream = await streamInSnapshot(app.db, async (snapshot) => {
        if (!exporter) return streamBundle(snapshot, exportScope);
        const { bundle, images } = await readWholeBundle(snapshot, exportScope);
        return zipFiles(exporter.fromBundle(bundle, images));
      });
      const fileName = exportFileName(scope.world.name, format);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.post(
    '/worlds/import',
    {
      schema: {
        tags,
        summary: 'Create a new world of mine from an archive: a Loreforge bundle or another recognised export',
        description:
          'The body is the archive itself (`application/zip` or `application/octet-stream`). The format is recognised from ' +
          'its files. Every id is new, every reference and mention points into the new world, and the import is all or ' +
          'nothing. Hostile archives (too large, too many files, zip bombs, unsafe names, links, deep JSON) are a 400 and ' +
          'nothing is created. Answers what was created and what could not be mapped.',
        consumes: ['application/zip', 'application/octet-stream'],
        response: { 201: ImportResultSchema, 413: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body: unknown = request.body;
      if (!isSpooled(body) || body.size === 0) throw badRequest(BUNDLE_MESSAGES.noBody);
      if (!(await findUserById(app.db, request.userId))) throw unauthorized(MESSAGES.invalidToken);
      const outcome = await importWorld(app.db, request.userId, body, limits).finally(body.remove);
      return reply.status(201).send({
        world: presentWorld(outcome.world, 'owner', keptCounts(outcome.world)),
        format: outcome.format,
        created: outcome.created,
        notMapped: outcome.notMapped,
      });
    },
  );
};
