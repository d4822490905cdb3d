/**
 * One snapshot for a whole export (issue 13 "export → import gives the same bundle"): an export reads page by
 * page while the world may change, and a write between two pages could leave a reference to a record the
 * bundle does not hold. Every read of one export goes through one read-only snapshot, held until the archive
 * has been streamed, and no write lock is taken:
 * - PostgreSQL: a REPEATABLE READ, READ ONLY transaction (it takes no write slot, postgres-write-slots.ts);
 * - SQLite: a read transaction on a connection of its own, opened read-only on the same file (WAL lets the
 *   writer go on; the WAL is only checkpointed past the snapshot once the export ends). The app's own connection
 *   cannot be used: a transaction there would hold every other request until the export ends. An in-memory
 *   database has no file to open twice, so it is read as before.
 */
import { finished } from 'node:stream/promises';
import { Kysely, PostgresAdapter, SqliteDialect, sql } from 'kysely';
import type { Db, Database } from '../../db/database.js';
import { SQLite } from '../../db/sqlite-driver.js';

/** Waits until a stream has ended, failed or been closed (a download broken off). */
const settled = (stream: NodeJS.ReadableStream): Promise<void> => finished(stream).catch(() => undefined);

/** The file of a SQLite database as SQLite names it ('' for an in-memory one). */
async function sqliteFileOf(db: Db): Promise<string> {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return rows[0]?.file ?? '';
}

/**
 * Builds an export's stream with every read in one snapshot, released when the stream settles.
 * @param build makes the stream from a database handle; its reads (now and while streaming) see one snapshot.
 * @returns the stream `build` made.
 * @throws whatever `build` throws (the snapshot is released then).
 */
export async function streamInSnapshot(db: Db, build: (snapshot: Db) => Promise<NodeJS.ReadableStream>): Promise<NodeJS.ReadableStream> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return new Promise((resolve, reject) => {
      db.transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          // The snapshot is taken by the transaction's first query, not by BEGIN: take it now.
          await trx.selectFrom('world').select('id').limit(1).execute();
          const stream = await build(trx);
          resolve(stream);
          await settled(stream);
        })
        .catch(reject);
    });
  }
  const sqliteFile = await sqliteFileOf(db);
  if (sqliteFile === '') return build(db);
  const reader = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(sqliteFile, { readonly: true, fileMustExist: true }) }),
  });
  const release = async () => {
    await sql`commit`.execute(reader).catch(() => undefined);
    await reader.destroy();
  };
  try {
    // BEGIN is deferred: the snapshot is taken by the first read, right below.
    await sql`begin`.execute(reader);
    await reader.selectFrom('world').select('id').limit(1).execute();
    const stream = await build(reader);
    void settled(stream).then(release);
    return stream;
  } catch (error) {
    await release();
    throw error;
  }
}
