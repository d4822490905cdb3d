/**
 * HTTP details the route schemas cannot carry, added to the generated OpenAPI document: the `ETag` header of
 * every answer that is one entity (its version, for If-Match; issue 7), and the raw image bodies of the map
 * image routes.
 */

/** The part of an OpenAPI document this module reads and writes. */
interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
}

interface OpenApiOperation {
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

/**
 * Adds the ETag header to each 200/201 answer whose body is one entity (it has `updatedAt`), and the image
 * request and response bodies of PUT and GET …/maps/{mapId}/image.
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
