/**
 * Rebuilds the SQLite change-log triggers (issue 15) after `add_gm_notes_html` added `gm_notes_html` to the
 * thirteen tables with secrets: without it, SQLite's `before`/`after` rows, and so history, restore and the
 * restore of a deleted entity, would miss the rich GM notes. PostgreSQL's trigger reads whole rows and needs
 * nothing. Imports only the change-log migration.
 */
import type { Kysely } from 'kysely';
import { refreshChangeTriggers } from './2026_11_25_110000_create_world_change.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
type AnyDb = Kysely<any>;

/** Rebuilds the triggers from the tables' current columns. */
export async function up(db: AnyDb): Promise<void> {
  await refreshChangeTriggers(db);
}

/** Rebuilds them again (after `add_gm_notes_html` is undone, from the columns left). */
export async function down(db: AnyDb): Promise<void> {
  await refreshChangeTriggers(db);
}
