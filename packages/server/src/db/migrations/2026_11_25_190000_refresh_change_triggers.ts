/**
 * Rebuilds the SQLite change-log triggers (issue 15) after the migrations that added columns to recorded tables
 * once the change log existed: `description_html` (rich text, issue 14) and calendars' `created_by` and
 * `updated_by` (issue 12). Without it, SQLite's `before`/`after` rows, and so history and restore, miss those
 * columns. PostgreSQL's trigger reads whole rows and needs nothing. Imports only the change-log migration.
 */
import type { Kysely } from 'kysely';
import { refreshChangeTriggers } from './2026_11_25_110000_create_world_change.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await refreshChangeTriggers(db);
}

export async function down(db: AnyDb): Promise<void> {
  await refreshChangeTriggers(db);
}
