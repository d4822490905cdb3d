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

/** What precedes a search index trigger's column list, as the earlier migrations wrote it. */
const UPDATE_OF = ' after update of ';

/** The search indexes' update triggers: name and text, as stored in sqlite_master. */
async function searchUpdateTriggers(db: AnyDb): Promise<Array<{ name: string; sql: string }>> {
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and name like '%\\_fts\\_au' escape '\\' order by name
  `.execute(db);
  return rows;
}

/**
 * Rewrites one trigger's head, keeping its body: `create trigger <name> after update of <columns> on "<table>"`,
 * then the condition asked for (none when `when` is null) in place of any it had, then ` begin` and the body.
 * @param text the trigger's `create trigger` statement
 * @param when the `when` clause to give it for its column list, or null to give it none
 * @throws Error when the statement does not have the shape the search migrations gave it
 */
function rewriteHead(text: string, when: ((columns: string[]) => string) | null): string {
  const lower = text.toLowerCase();
  const columnsAt = lower.indexOf(UPDATE_OF);
  const tableAt = lower.indexOf(' on "', columnsAt);
  const tableEnd = lower.indexOf('"', tableAt + ' on "'.length);
  const beginAt = lower.indexOf(' begin', tableEnd);
  if (!lower.startsWith('create trigger ') || columnsAt < 0 || tableAt < 0 || tableEnd < 0 || beginAt < 0) {
    throw new Error(`unexpected search index trigger: ${text.slice(0, 120)}`);
  }
  const columns = text
    .slice(columnsAt + UPDATE_OF.length, tableAt)
    .split(',')
    .map((column) => column.trim());
  const condition = when ? ` for each row when ${when(columns)}` : '';
  return `${text.slice(0, tableEnd + 1)}${condition}${text.slice(beginAt)}`;
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

/** Gives every search index update trigger its condition (SQLite; nothing on PostgreSQL). */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await replaceTriggers(db, changed);
}

/** Takes the condition away again: the triggers fire on every update of their columns, as before. */
export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await replaceTriggers(db, null);
}
