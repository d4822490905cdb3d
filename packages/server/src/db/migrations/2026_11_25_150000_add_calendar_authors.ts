/**
 * Gives calendars `created_by` and `updated_by` (issue 12): the userId of who created a calendar and of who changed
 * it last, as secret-capable entities carry them. Calendars made before this column keep null (not known).
 * Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('calendar').addColumn('created_by', 'text').execute();
  await db.schema.alterTable('calendar').addColumn('updated_by', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('calendar').dropColumn('updated_by').execute();
  await db.schema.alterTable('calendar').dropColumn('created_by').execute();
}
