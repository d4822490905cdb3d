/**
 * PostgreSQL through `pg`, with an introspector that is safe while other sessions change the catalog.
 *
 * Kysely's migrator asks the introspector whether its bookkeeping tables exist before every run. The stock
 * PostgreSQL introspector reads every column of every table in the database and calls
 * `pg_get_serial_sequence` on each; while another session creates or drops tables (a second app instance
 * migrating at start-up, another schema being migrated or dropped), that call can fail with 'column … does not
 * exist' and abort the migration. This one lists schemas and tables by name from `pg_namespace` and `pg_class`
 * only, which is all the migrator needs, and reports no columns.
 */
import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  type TableMetadata,
  sql,
} from 'kysely';

/** Kysely's own tables, left out unless asked for (as the stock introspector does). */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Schemas and tables by name only (no columns): enough for the migrator, cheap and race-free. */
class NameOnlyIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const result = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return result.rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const result = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'v', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_toast%'`.execute(this.#db);
    return result.rows
      .filter((row) => options.withInternalKyselyTables || !KYSELY_TABLES.has(row.name))
      .map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === 'v', columns: [] }));
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgresDialect whose introspector lists names only; see the module comment. */
export class LoreforgePostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new NameOnlyIntrospector(db);
  }
}
