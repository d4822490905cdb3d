/**
 * The search indexes on SQLite are rewritten only when the text they index changes (issue "Fast for real
 * traffic"). Every `<table>_fts_au` and `<table>_name_fts_au` trigger fired on `update of name, description`,
 * and an edit through the API sets every column of its entity, so an edit that moved a character or changed its
 * attributes deleted and inserted all of its trigrams in two FTS5 tables: about 400 µs of SQLite's time in a
 * write of about 800 µs, for an index that ends where it started. Each trigger now has a `when` clause that
 * compares the indexed columns' old and new values. PostgreSQL's trigram indexes keep themselves: nothing changes
 * there.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is frozen and knows no app schema
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The head of a search index's update trigger as the earlier migrations wrote it: its columns and its table. */
const HEAD = /^(create trigger \w+ after update of )([\w, ]+)( on "\w+")(?: for each row when .*?)?( begin\b)/is;

/** The search indexes' update triggers: name and text, as stored in sqlite_master. */
async function searchUpdateTriggers(db: AnyDb): Promise<Array<{ name: string; sql: string }>> {
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and name like '%\\_fts\\_au' escape '\\' order by name
  `.execute(db);
  return rows;
}

/**
 * Rewrites one trigger's head, keeping its body.
 * @param text the trigger's `create trigger` statement
 * @param when the `when` clause to give it for its column list, or null to give it none
 * @throws Error when the statement does not have the shape the search migrations gave it
 */
function rewriteHead(text: string, when: ((columns: string[]) => string) | null): string {
  const match = HEAD.exec(text);
  const [head, start, columnList, table, begin] = match ?? [];
  if (head === undefined || columnList === undefined) throw new Error(`unexpected search index trigger: ${text.slice(0, 120)}`);
  const columns = columnList.split(',').map((column) => column.trim());
  const condition = when ? ` for each row when ${when(columns)}` : '';
  return `${start}${columnList}${table}${condition}${begin}${text.slice(head.length)}`;
}

/** Replaces each search index's update trigger by the same trigger with its head rewritten. */
async function replaceTriggers(db: AnyDb, when: ((columns: string[]) => string) | null): Promise<void> {
  for (const trigger of await searchUpdateTriggers(db)) {
    const text = rewriteHead(trigger.sql, when);
    await sql.raw(`drop trigger "${trigger.name}"`).execute(db);
    await sql.raw(text).execute(db);
  }
}

/** `old.a is not new.a or old.b is not new.b`: true when any indexed column changed (NULLs compared as values). */
const changed = (columns: string[]): string => columns.map((column) => `old."${column}" is not new."${column}"`).join(' or ');

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await replaceTriggers(db, changed);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await replaceTriggers(db, null);
}
