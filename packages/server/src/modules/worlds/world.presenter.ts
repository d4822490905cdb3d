import type { World } from '@loreforge/contract';
import type { WorldTable } from '../../db/tables/world.table.js';

/** Presents a world row with its counts (SPEC §3 World). */
export const presentWorld = (row: WorldTable): World => ({
  worldId: row.id,
  name: row.name,
  description: row.description,
  createdBy: row.created_by,
  counts: {
    characters: Number(row.character_count),
    timelines: Number(row.timeline_count),
    maps: Number(row.map_count),
    events: Number(row.event_count),
    items: Number(row.item_count),
  },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
