/**
 * HTTP details the route schemas cannot carry, added to the generated OpenAPI document: the `ETag` header of
 * every answer that is one entity (its version, for If-Match; issue 7), the raw image bodies of the map
 * image routes, and the `x-view-as` header every read under a world honours (issue 11, "view as player").
 */
import { ACCESS_MESSAGES, VIEW_AS_HEADER } from '@loreforge/contract';

/** The part of an OpenAPI document this module reads and writes. */
interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
}

interface OpenApiOperation {
  parameters?: Array<{ in?: string; name?: string } & Record<string, unknown>>;
  requestBody?: unknown;
  responses?: Record<string, OpenApiResponse | undefined>;
}

interface OpenApiResponse {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: { type?: string; format?: string; properties?: Record<string, unknown> } } | undefined>;
}

const MAP_IMAGE_PATH = '/api/worlds/{worldId}/maps/{mapId}/image';
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const binary = () => Object.fromEntries(IMAGE_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));

const VERSION_ETAG = {
  description: 'The version of the entity, `W/"<updatedAt>"`. Send it back as If-Match on PUT, PATCH or DELETE.',
  schema: { type: 'string' },
};

/** The `x-view-as` header parameter of every GET under /api/worlds/{worldId} (world-scope.plugin.ts reads it). */
const VIEW_AS_PARAMETER = {
  in: 'header',
  name: VIEW_AS_HEADER,
  required: false,
  description:
    'Optional: "view as player". The userId of a player or viewer of this world; the answer is then exactly what ' +
    'that member would get (no secrets but those revealed to them, no GM notes). Only an editor or the owner may ' +
    `send it (403 '${ACCESS_MESSAGES.editorsOnly}' otherwise); a userId that is not a player or viewer of the world ` +
    `is a 400 '${ACCESS_MESSAGES.viewAsNotMember}'. Ignored on writes, which are always the signed-in user's.`,
  schema: { type: 'string', format: 'uuid' },
};

/**
 * Adds the `x-view-as` header parameter to every GET whose path is under a world, unless it already has one.
 * @param paths the document's paths; changed in place.
 */
function addViewAsParameter(paths: NonNullable<OpenApiDocument['paths']>): void {
  for (const [path, item] of Object.entries(paths)) {
    const get = item?.get;
    if (!get || !path.startsWith('/api/worlds/{worldId}')) continue;
    const parameters = get.parameters ?? [];
    if (parameters.some((parameter) => parameter.in === 'header' && parameter.name === VIEW_AS_HEADER)) continue;
    get.parameters = [...parameters, { ...VIEW_AS_PARAMETER }];
  }
}

/**
 * Adds the ETag header to each 200/201 answer whose body is one entity (it has `updatedAt`), and the image
 * request and response bodies of PUT and GET …/maps/{mapId}/image, and the `x-view-as` header of every GET
 * under a world.
 * @param document the document built from the route schemas; changed in place.
 * @returns the same document.
 */
export function addHttpDetails<T>(document: T): T {
  const paths = (document as OpenApiDocument).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item ?? {})) {
      for (const status of ['200', '201']) {
        const response = operation?.responses?.[status];
        const properties = response?.content?.['application/json']?.schema?.properties;
        if (response && properties && 'updatedAt' in properties) response.headers = { ...response.headers, ETag: VERSION_ETAG };
      }
    }
  }
  addViewAsParameter(paths);
  const image = paths[MAP_IMAGE_PATH];
  const put = image?.put;
  if (put) put.requestBody = { required: true, description: 'The image file itself, at most 10 MB.', content: binary() };
  const get = image?.get;
  if (get) {
    get.responses = {
      ...get.responses,
      200: {
        description: 'The image bytes.',
        headers: { ETag: { description: 'A strong ETag of the bytes, for If-None-Match and If-Match.', schema: { type: 'string' } } },
        content: binary(),
      },
      304: { description: 'Not modified: the If-None-Match tag is the current image.' },
    };
  }
  return document;
}
