/**
 * Search that does not scan a whole world: on PostgreSQL, trigram GIN indexes (pg_trgm) on lower(name/title)
 * and lower(description), which serve `lower(column) LIKE '%term%'`; on SQLite, FTS5 tables with the trigram
 * tokenizer over the same columns, kept in sync by triggers. Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Searchable tables and their text columns (name or title first, then description). */
const SEARCHABLE: Array<[table: string, columns: [string, string]]> = [
  ['world', ['name', 'description']],
  ['character', ['name', 'description']],
  ['item', ['name', 'description']],
  ['timeline', ['name', 'description']],
  ['event', ['name', 'description']],
  ['map', ['name', 'description']],
  ['quest', ['name', 'description']],
  ['goal', ['title', 'description']],
];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    // The extension lives in public so every schema of the database can use it.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    for (const [table, columns] of SEARCHABLE) {
      for (const column of columns) {
        await sql
          .raw(`create index ${table}_${column}_trgm_idx on "${table}" using gin (lower("${column}") public.gin_trgm_ops)`)
          .execute(db);
      }
    }
    return;
  }
  for (const [table, [first, second]] of SEARCHABLE) {
    const fts = `${table}_fts`;
    await sql
      .raw(`create virtual table ${fts} using fts5(${first}, ${second}, content='${table}', content_rowid='rowid', tokenize='trigram')`)
      .execute(db);
    await sql.raw(`insert into ${fts}(rowid, ${first}, ${second}) select rowid, ${first}, ${second} from "${table}"`).execute(db);
    await sql
      .raw(
        `create trigger ${fts}_ai after insert on "${table}" begin
        insert into ${fts}(rowid, ${first}, ${second}) values (new.rowid, new.${first}, new.${second});
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_ad after delete on "${table}" begin
        insert into ${fts}(${fts}, rowid, ${first}, ${second}) values ('delete', old.rowid, old.${first}, old.${second});
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_au after update of ${first}, ${second} on "${table}" begin
        insert into ${fts}(${fts}, rowid, ${first}, ${second}) values ('delete', old.rowid, old.${first}, old.${second});
        insert into ${fts}(rowid, ${first}, ${second}) values (new.rowid, new.${first}, new.${second});
      end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [table, columns] of SEARCHABLE) {
    if (isPostgres(db)) {
      for (const column of columns) await sql.raw(`drop index if exists ${table}_${column}_trgm_idx`).execute(db);
    } else {
      for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${table}_fts_${suffix}`).execute(db);
      await sql.raw(`drop table if exists ${table}_fts`).execute(db);
    }
  }
}
