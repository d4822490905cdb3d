/**
 * The world search (GET /worlds/{worldId}/search) looks in map points and areas too: index them like the other
 * searchable tables (FTS5 trigram tables kept by triggers on SQLite, pg_trgm GIN indexes on PostgreSQL), and by
 * world, since the search filters them by world rather than by map. Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const TABLES = ['map_point', 'map_area'] as const;

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.createIndex(`${table}_world_idx`).on(table).columns(['world_id']).execute();
    if (isPostgres(db)) {
      for (const column of ['name', 'description']) {
        await sql
          .raw(`create index ${table}_${column}_trgm_idx on "${table}" using gin (lower("${column}") public.gin_trgm_ops)`)
          .execute(db);
      }
      continue;
    }
    const fts = `${table}_fts`;
    await sql
      .raw(`create virtual table ${fts} using fts5(name, description, content='${table}', content_rowid='rowid', tokenize='trigram')`)
      .execute(db);
    await sql.raw(`insert into ${fts}(rowid, name, description) select rowid, name, description from "${table}"`).execute(db);
    await sql
      .raw(
        `create trigger ${fts}_ai after insert on "${table}" begin
        insert into ${fts}(rowid, name, description) values (new.rowid, new.name, new.description);
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_ad after delete on "${table}" begin
        insert into ${fts}(${fts}, rowid, name, description) values ('delete', old.rowid, old.name, old.description);
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_au after update of name, description on "${table}" begin
        insert into ${fts}(${fts}, rowid, name, description) values ('delete', old.rowid, old.name, old.description);
        insert into ${fts}(rowid, name, description) values (new.rowid, new.name, new.description);
      end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) {
      for (const column of ['name', 'description']) await sql.raw(`drop index if exists ${table}_${column}_trgm_idx`).execute(db);
    } else {
      for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${table}_fts_${suffix}`).execute(db);
      await sql.raw(`drop table if exists ${table}_fts`).execute(db);
    }
    await db.schema.dropIndex(`${table}_world_idx`).ifExists().execute();
  }
}
