import type { World, WorldCounts, WorldRole } from '@loreforge/contract';
import type { WorldTable } from '../../db/tables/world.table.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

/**
 * Presents a world row (SPEC §3 World) with the caller's role and the counts they may see
 * (world-counts.ts: kept counts for editors, visible rows for players and viewers).
 */
export const presentWorld = (row: WorldTable, role: WorldRole, counts: WorldCounts): World => ({
  worldId: row.id,
  name: row.name,
  description: row.description,
  descriptionHtml: richTextOf(row),
  createdBy: row.created_by,
  role,
  counts,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
