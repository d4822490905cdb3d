/**
 * Timelines keep time in a calendar (issue 12): `timeline.calendar_id` (null: the built-in Gregorian calendar),
 * and every event and timeline "now" gets an instant, whole minutes since the calendar's epoch (the first minute
 * of year 1) in a signed 64-bit integer, which orders events. Existing rows are Gregorian: their instants are
 * computed here from their ISO 8601 text (seconds dropped), the same way the app computes them.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** Minutes from 0001-01-01T00:00Z to 1970-01-01T00:00Z (719,162 days). */
const UNIX_EPOCH_MINUTES = 719_162 * 1440;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('timeline')
    .addColumn('calendar_id', 'text', (c) => c.references('calendar.id'))
    .execute();
  await db.schema.alterTable('timeline').addColumn('current_instant', 'bigint').execute();
  await db.schema.alterTable('event').addColumn('instant', 'bigint').execute();
  await db.schema.createIndex('event_timeline_instant_idx').on('event').columns(['timeline_id', 'instant']).execute();
  await db.schema.createIndex('timeline_calendar_idx').on('timeline').column('calendar_id').execute();

  // The ISO text is 'YYYY-MM-DDTHH:MM:SS.sssZ' in UTC; its first 16 characters name the minute.
  if (isPostgres(db)) {
    const minutes = (column: string) =>
      sql.raw(`(floor(extract(epoch from (substr(${column}, 1, 16) || ':00Z')::timestamptz) / 60)::bigint + ${UNIX_EPOCH_MINUTES})`);
    await sql`update timeline set current_instant = ${minutes('current_date_time')}`.execute(db);
    await sql`update event set instant = ${minutes('date_time')}`.execute(db);
    return;
  }
  const minutes = (column: string) =>
    sql.raw(`cast(round((julianday(substr(${column}, 1, 16)) - julianday('0001-01-01')) * 1440) as integer)`);
  await sql`update timeline set current_instant = ${minutes('current_date_time')} where julianday(substr(current_date_time, 1, 16)) is not null`.execute(
    db,
  );
  await sql`update event set instant = ${minutes('date_time')} where julianday(substr(date_time, 1, 16)) is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('timeline_calendar_idx').execute();
  await db.schema.dropIndex('event_timeline_instant_idx').execute();
  await db.schema.alterTable('event').dropColumn('instant').execute();
  await db.schema.alterTable('timeline').dropColumn('current_instant').execute();
  await db.schema.alterTable('timeline').dropColumn('calendar_id').execute();
}
