/**
 * The API's surface as the OpenAPI document describes it: every route with its body and query schemas, a
 * minimal valid body generated from a schema, and path filling. The resilience suites enumerate routes from
 * here, so a new route is covered without editing them.
 */
import type { FastifyInstance } from 'fastify';

/** The subset of JSON Schema the zod-generated document uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

/** One operation of the API. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. '/api/worlds/{worldId}'. */
  path: string;
  /** Names of the `{…}` parameters in the path, in order. */
  pathParams: string[];
  /** The JSON body schema, when the operation takes a JSON body. */
  bodySchema: JsonSchema | undefined;
  /** Query parameters, their schemas and whether each is required. */
  query: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  /** True when the operation requires a bearer token. */
  secured: boolean;
}

interface OpenApiOperation {
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema; required?: boolean }>;
  security?: unknown[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Reads GET /api/openapi.json and lists every operation (the docs routes themselves excluded).
 * @throws Error when the document is not served.
 */
export async function listApiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
  const doc = response.json<{ paths: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>> }>();
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      routes.push({
        method: method.toUpperCase() as ApiRoute['method'],
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''),
        bodySchema: operation.requestBody?.content['application/json']?.schema,
        query: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {}, required: parameter.required === true })),
        secured: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  return routes;
}

/**
 * Replaces each `{name}` of a path with `params[name]` (URL-encoded).
 * @throws Error when a parameter has no value.
 */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} in ${path}`);
    return encodeURIComponent(value);
  });
}

/** A route's label for reports: 'PUT /api/worlds/{worldId}'. */
export const routeLabel = (route: ApiRoute): string => `${route.method} ${route.path}`;

const ISO_DATE = '2026-03-01T12:00:00.000Z';

/**
 * A minimal value that satisfies a schema: required properties only, references taken from `refs` by property
 * name (`characterId`, `itemId`, …), dates for date-like names, the first enum value, the smallest allowed number.
 * @param refs ids of existing entities by their field name; @param name the property the value is for.
 */
export function sampleValue(schema: JsonSchema, refs: Record<string, string>, name = ''): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((value) => value !== '') ?? schema.enum[0];
  if (schema.anyOf) {
    const nonNull = schema.anyOf.find((option) => option.type !== 'null');
    return sampleValue(nonNull ?? schema.anyOf[0] ?? {}, refs, name);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((option) => option !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const key of schema.required ?? []) out[key] = sampleValue(schema.properties?.[key] ?? {}, refs, key);
    return out;
  }
  if (type === 'array') {
    if (schema.prefixItems) return schema.prefixItems.map((item) => sampleValue(item, refs));
    const count = schema.minItems ?? 0;
    const item = schema.items === false || schema.items === undefined ? {} : schema.items;
    return Array.from({ length: count }, (_unused, index) => {
      const value = sampleValue(item, refs);
      // Distinct, non-collinear vertices, so a generated polygon is a real shape.
      if (!Array.isArray(value)) return value;
      const parts: unknown[] = value;
      return parts.map((part, axis) => (typeof part === 'number' ? part + (axis === 0 ? index * 10 : index * index * 10) : part));
    });
  }
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return false;
  if (type === 'string') {
    const ref = refs[name];
    if (ref !== undefined) return ref;
    if (/date/i.test(name)) return ISO_DATE;
    if (/email/i.test(name)) return 'someone@example.test';
    if (schema.pattern?.includes('[0-9a-f]')) return refs.characterId ?? '00000000-0000-4000-8000-000000000000';
    return `Sample ${name}`.trim();
  }
  return null;
}

/**
 * The query string of a route's required parameters, sampled like bodies (`?timelineId=…&against=…`).
 * @param refs ids of existing entities by field name; `against` takes the timeline.
 */
export function requiredQuery(route: ApiRoute, refs: Record<string, string>): string {
  const pairs = route.query
    .filter((parameter) => parameter.required)
    .map((parameter) => {
      const value = sampleValue(parameter.schema, { ...refs, against: refs.timelineId ?? '' }, parameter.name);
      return `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(value))}`;
    });
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
