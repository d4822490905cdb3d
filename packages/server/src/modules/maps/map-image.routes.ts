/**
 * Map image routes (issue API contract, SPEC §7 Maps): PUT/GET/DELETE /worlds/{worldId}/maps/{mapId}/image.
 * The body of PUT is the raw image (PNG, JPEG or WebP, at most 10 MB), kept in the database. This plugin is
 * encapsulated: its raw-body parser and larger body limit apply to these routes only.
 */
import { z } from 'zod';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, LIMITS, MESSAGES, MapSchema, uuidField } from '@loreforge/contract';
import { WorldParams, errorResponses as errors } from '../../lib/route-parts.js';
import { requireEditor } from '../../access/world-scope.js';
import { AppError, conflict, notFound } from '../../errors/app-error.js';
import { errorHandler } from '../../errors/error-handler.js';
import { nowIso } from '../../lib/time.js';
import { IfMatchHeaders, parseIfMatch, staleVersionMessage } from '../../lib/versioned-update.js';
import { requireMap } from './map.access.js';
import { detectMapImageType, ifNoneMatchHits, isAcceptedImageHeader, strongEtag } from './map-image.js';
import { presentMap } from './map.presenter.js';
import {
  deleteMapImage,
  deleteMapImageIfVersion,
  findMapImageData,
  findMapImageMeta,
  replaceMapImageIfVersion,
  upsertMapImage,
} from './map.repository.js';

const MapParams = WorldParams.extend({ mapId: uuidField('mapId') });
const tags = ['maps'];

/** One byte over the limit reaches the handler, which answers 413 with the image message; more is cut off early. */
const IMAGE_BODY_LIMIT = LIMITS.mapImageMaxBytes + 1;

const unsupportedImage = (): AppError => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedImage);
const imageTooLarge = (): AppError => new AppError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.unsupportedImage);
const staleImage = (): AppError => conflict(staleVersionMessage('map image'));

/**
 * The next version of an image: now, or a millisecond after the previous one when the clock has not moved on,
 * so two different images never share a version.
 */
function nextImageVersion(previous: string | undefined): string {
  const now = nowIso();
  if (previous === undefined || now > previous) return now;
  return new Date(Date.parse(previous) + 1).toISOString();
}

/** Registers the map image routes with their own raw-body parser and 10 MB limit (encapsulated). */
export const mapImageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any content type arrives as raw bytes here; the handler decides by the bytes, not the header alone.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMAGE_BODY_LIMIT }, (_request, body, done) => {
    done(null, Buffer.isBuffer(body) ? body : Buffer.from(body));
  });
  // Bodies cut off by the limit say what an image may be, like the handler's own 413.
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? reply.status(413).send({ message: MESSAGES.unsupportedImage, code: 'PAYLOAD_TOO_LARGE' })
      : errorHandler(error, request, reply),
  );

  app.put(
    '/worlds/:worldId/maps/:mapId/image',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        tags,
        summary: "Upload or replace a map's image: the raw PNG, JPEG or WebP bytes (at most 10 MB) as the body",
        description:
          'With If-Match (the image\'s updatedAt as W/"…", or the strong ETag of GET …/image) the image is replaced ' +
          'only if it is still that version; otherwise 409 and nothing changes.',
        consumes: ['image/png', 'image/jpeg', 'image/webp'],
        params: MapParams,
        headers: IfMatchHeaders,
        response: { 200: MapSchema, ...errors, 409: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema },
      },
    },
    async (request) => {
      const scope = request.world;
      const map = await requireMap(app.db, scope, request.params.mapId);
      requireEditor(scope);
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(400, 'BAD_REQUEST', MESSAGES.unsupportedImage);
      if (body.length > LIMITS.mapImageMaxBytes) throw imageTooLarge();
      if (!isAcceptedImageHeader(request.headers['content-type'])) throw unsupportedImage();
      const contentType = await detectMapImageType(body);
      if (!contentType) throw unsupportedImage();
      const versions = parseIfMatch(request);
      const now = nextImageVersion((await findMapImageMeta(app.db, map.id))?.updated_at);
      const image = { map_id: map.id, content_type: contentType, size: body.length, etag: strongEtag(body), data: body, updated_at: now };
      if (versions === undefined) await upsertMapImage(app.db, image);
      else if (!(await replaceMapImageIfVersion(app.db, image, versions))) throw staleImage();
      return presentMap({ ...map, image_content_type: contentType, image_size: body.length, image_updated_at: now }, scope);
    },
  );

  app.get(
    '/worlds/:worldId/maps/:mapId/image',
    {
      schema: {
        tags,
        summary: "A map's image with its content type and a strong ETag; 304 when If-None-Match matches",
        description: 'Answers the raw bytes (Cache-Control: private, no-cache); 404 when the map has no image.',
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        params: MapParams,
      },
    },
    async (request, reply) => {
      const scope = request.world;
      const map = await requireMap(app.db, scope, request.params.mapId);
      const meta = await findMapImageMeta(app.db, map.id);
      if (!meta) throw notFound('Map image');
      reply.header('etag', meta.etag).header('cache-control', 'private, no-cache');
      if (ifNoneMatchHits(request.headers['if-none-match'], meta.etag)) return reply.status(304).send();
      const data = await findMapImageData(app.db, map.id);
      if (!data) throw notFound('Map image');
      return reply.header('content-type', meta.content_type).send(Buffer.isBuffer(data) ? data : Buffer.from(data));
    },
  );

  app.delete(
    '/worlds/:worldId/maps/:mapId/image',
    {
      schema: {
        tags,
        summary: "Remove a map's image",
        description: 'With If-Match, only while the image is still that version; otherwise 409 and nothing changes.',
        params: MapParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      const map = await requireMap(app.db, scope, request.params.mapId);
      requireEditor(scope);
      const versions = parseIfMatch(request);
      if (versions === undefined) {
        if (!(await deleteMapImage(app.db, map.id))) throw notFound('Map image');
      } else if (!(await deleteMapImageIfVersion(app.db, map.id, versions))) {
        throw (await findMapImageMeta(app.db, map.id)) ? staleImage() : notFound('Map image');
      }
      return reply.status(204).send(null);
    },
  );
};
