/**
 * A world's counts as one reader sees them (SPEC §3 World counts, issue 11 "counts are per viewer").
 * Editors and the owner read the counts the database triggers keep on the world row (migration
 * count_world_content_in_triggers); a player or viewer gets filtered COUNT queries through the visibility
 * rule, so a secret is never counted for them. Kept counts stay exact for editors at no read cost; the
 * filtered counts cost five indexed counts per world, only for players and viewers.
 */
import type { WorldCounts } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { WorldTable } from '../../db/tables/world.table.js';
import { type SecretTable, whereVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

const COUNTED: Array<[keyof WorldCounts, SecretTable]> = [
  ['characters', 'character'],
  ['timelines', 'timeline'],
  ['maps', 'map'],
  ['events', 'event'],
  ['items', 'item'],
];

/** The counts kept on the world row. */
export function keptCounts(row: WorldTable): WorldCounts {
  return {
    characters: Number(row.character_count),
    timelines: Number(row.timeline_count),
    maps: Number(row.map_count),
    events: Number(row.event_count),
    items: Number(row.item_count),
  };
}

/**
 * The world's counts as the reader sees them.
 * @returns kept counts for editors and the owner; counts of the visible rows for anyone else.
 */
export async function countsFor(db: Db, scope: ReadScope, world: WorldTable): Promise<WorldCounts> {
  if (scope.seesSecrets) return keptCounts(world);
  const entries: Array<readonly [keyof WorldCounts, number]> = [];
  for (const [key, table] of COUNTED) {
    const query = db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('world_id', '=', world.id);
    const row = await whereVisible(query, scope, table).executeTakeFirst();
    entries.push([key, Number(row?.n ?? 0)]);
  }
  return Object.fromEntries(entries) as WorldCounts;
}
