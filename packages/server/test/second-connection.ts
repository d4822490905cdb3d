/**
 * A second connection to a test app's database, as another app instance (or a script) would hold: writes made
 * through it reach the app only through the database, so tests of caches and counts see what any writer does.
 */
import { sql } from 'kysely';
import { type DatabaseHandle, connectDatabase } from '../src/db/connect.js';
import type { Dialect } from '../src/db/database.js';
import { type TestApp, buildTestApp } from './app.js';
import { TEST_DATABASE_URL } from './dialects.js';
import { present } from './present.js';

/**
 * Opens the second connection: on PostgreSQL to the app's schema, on SQLite to the app's file.
 * @returns a handle the caller destroys.
 */
export async function openSecondConnection(t: TestApp): Promise<DatabaseHandle> {
  if (t.dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.app.db);
    return connectDatabase({
      databaseUrl: TEST_DATABASE_URL,
      sqliteFile: '',
      postgresSchema: present(rows[0], 'the current schema').schema,
      poolSize: 1,
    });
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.app.db);
  return connectDatabase({ databaseUrl: undefined, sqliteFile: present(rows[0], 'the main database file').file });
}

/**
 * A test app on `dialect` with a second connection to its database (openSecondConnection), for suites that
 * check what the app answers after writes made behind its back.
 * @returns the app, the connection, and `close`, which destroys the connection and then closes the app.
 */
export async function buildTestAppWithSecondConnection(
  dialect: Dialect,
): Promise<{ t: TestApp; other: DatabaseHandle; close: () => Promise<void> }> {
  const t = await buildTestApp(dialect);
  const other = await openSecondConnection(t);
  const close = async () => {
    await other.destroy();
    await t.close();
  };
  return { t, other, close };
}
