/** `map`: a world map. Its image lives in `map_image` so lists never load image bytes. */
import type { AccessColumns } from './access-columns.js';
export interface MapTable extends AccessColumns {
  id: string;
  world_id: string;
  name: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  created_at: string;
  updated_at: string;
}

/** `map_image`: one image per map (PNG, JPEG or WebP, ≤ 10 MB) with its content type and ETag. */
export interface MapImageTable {
  map_id: string;
  content_type: string;
  size: number;
  etag: string;
  data: Uint8Array;
  updated_at: string;
}

/** `map_point`: x, y in image pixels; entity_type/entity_id optionally link a character or item. */
export interface MapPointTable extends AccessColumns {
  id: string;
  world_id: string;
  map_id: string;
  name: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  x: number;
  y: number;
  entity_type: string | null;
  entity_id: string | null;
  created_at: string;
  updated_at: string;
}

/** `map_area`: polygon is JSON text `[[x, y], …]` in image pixels. */
export interface MapAreaTable extends AccessColumns {
  id: string;
  world_id: string;
  map_id: string;
  name: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  color: string;
  polygon: string;
  created_at: string;
  updated_at: string;
}
