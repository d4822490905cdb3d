/** Map, map point and map area schemas (SPEC §3 Map, §5 Map, §7 Maps; point and area payloads designed here). */
import { z } from 'zod';
import { AccessFieldsSchema, AccessInputSchema } from './access.js';
import { LIMITS } from './limits.js';
import { POINT_ENTITY_TYPES } from './enums.js';
import { enumField, numberField, optionalText, requiredText, uuidField } from './fields.js';
import { richTextField, richTextOutput } from './rich-text.js';

export const MapCreateSchema = AccessInputSchema.extend({
  name: requiredText('Name', { min: LIMITS.mapNameMin, max: LIMITS.mapNameMax }),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
});
export type MapCreateInput = z.input<typeof MapCreateSchema>;
export const MapUpdateSchema = MapCreateSchema;

export const MapImageInfoSchema = z.object({
  contentType: z.string(),
  size: z.number().int().describe('Bytes.'),
  url: z.string().describe('Path of GET …/maps/{mapId}/image.'),
  updatedAt: z.string(),
});

export const MapSchema = AccessFieldsSchema.extend({
  mapId: z.string(),
  worldId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  image: MapImageInfoSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorldMap = z.infer<typeof MapSchema>;
export const MAP_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;

const coordinate = (label: string) => numberField(label, 0, LIMITS.mapCoordinateMax);

export const PointEntitySchema = z.object(
  {
    type: enumField('Linked entity type', POINT_ENTITY_TYPES),
    id: uuidField('Linked entity'),
  },
  { error: () => `Linked entity must be an object {type, id} with type one of: ${POINT_ENTITY_TYPES.join(', ')}.` },
);

export const PointCreateSchema = AccessInputSchema.extend({
  name: requiredText('Name'),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
  x: coordinate('X').describe('Pixels from the left edge of the map image.'),
  y: coordinate('Y').describe('Pixels from the top edge of the map image.'),
  entity: PointEntitySchema.nullish()
    .transform((v) => v ?? null)
    .describe('A character or item this point marks, in the same world.'),
});
export type PointCreateInput = z.input<typeof PointCreateSchema>;
export const PointUpdateSchema = PointCreateSchema;

export const PointSchema = AccessFieldsSchema.extend({
  pointId: z.string(),
  mapId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  x: z.number(),
  y: z.number(),
  entity: z.object({ type: z.enum(POINT_ENTITY_TYPES), id: z.string(), name: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MapPoint = z.infer<typeof PointSchema>;

export const AreaCreateSchema = AccessInputSchema.extend({
  name: requiredText('Name'),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
  color: z
    .string({ error: () => 'Color must be a hex colour such as #3388ff.' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'Color must be a hex colour such as #3388ff.')
    .default('#3388ff'),
  polygon: z
    .array(z.tuple([coordinate('X'), coordinate('Y')], { error: () => 'Each polygon point must be [x, y].' }), {
      error: () => 'Polygon must be a list of [x, y] points.',
    })
    .min(LIMITS.areaPolygonMinPoints, `Polygon must have at least ${LIMITS.areaPolygonMinPoints} points.`)
    .max(LIMITS.areaPolygonMaxPoints, `Polygon must have no more than ${LIMITS.areaPolygonMaxPoints} points.`)
    .describe('Vertices in map image pixels, [x, y] each.'),
});
export type AreaCreateInput = z.input<typeof AreaCreateSchema>;
export const AreaUpdateSchema = AreaCreateSchema;

export const AreaSchema = AccessFieldsSchema.extend({
  areaId: z.string(),
  mapId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  color: z.string(),
  polygon: z.array(z.tuple([z.number(), z.number()])),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MapArea = z.infer<typeof AreaSchema>;
export const POINT_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;
