import type { WorldMap } from '@loreforge/contract';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import type { MapRow } from './map.repository.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

/** The path that serves a map's image (GET needs the bearer token like every /api call). */
const mapImageUrl = (worldId: string, mapId: string): string => `/api/worlds/${worldId}/maps/${mapId}/image`;

/** Presents a map row with its image metadata (SPEC §3 Map, in the API's camelCase). */
export const presentMap = (row: MapRow, scope: ReadScope): WorldMap =>
  withAccess(row, scope, {
    mapId: row.id,
    worldId: row.world_id,
    name: row.name,
    description: row.description,
    descriptionHtml: richTextOf(row),
    image:
      row.image_content_type !== null && row.image_size !== null && row.image_updated_at !== null
        ? {
            contentType: row.image_content_type,
            size: Number(row.image_size),
            url: mapImageUrl(row.world_id, row.id),
            updatedAt: row.image_updated_at,
          }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
