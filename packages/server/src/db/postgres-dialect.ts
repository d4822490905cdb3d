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
import type pg from 'pg';
import { currentActor, mayWrite } from './actor.js';
import { isDatabaseUnavailable } from './availability.js';
import { WriteSlotsDriver } from './postgres-write-slots.js';
import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Driver,
  type Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  type PostgresPool,
  type PostgresPoolClient,
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

/**
 * PostgresDialect whose introspector lists names only (see the module comment) and whose driver runs at most
 * `writeSlots` write transactions at once (db/postgres-write-slots.ts).
 */
export class LoreforgePostgresDialect extends PostgresDialect {
  readonly #writeSlots: number;

  constructor(config: PostgresDialectConfig & { writeSlots: number }) {
    const { writeSlots, ...dialectConfig } = config;
    super(dialectConfig);
    this.#writeSlots = writeSlots;
  }

  override createDriver(): Driver {
    return new WriteSlotsDriver(super.createDriver(), this.#writeSlots);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new NameOnlyIntrospector(db);
  }
}

/** What a connection's actor setting is taken to be when it is not known (never a user id). */
const UNKNOWN_ACTOR = '\u0000';
/** What a connection's plan_cache_mode is taken to be when it is not known (never a mode). */
const UNKNOWN_SETTING = '\u0000';

/**
 * The plan_cache_mode every connection starts with (connect.ts): one generic plan per named statement, kept. The
 * API's statements are keyed by a world or a row, and planning them again at every run cost more than running them.
 */
export const KEPT_PLANS = 'force_generic_plan';
/** The plan_cache_mode of a statement marked PLANNED_FOR_VALUES_MARK: planned for its values at every run. */
const VALUED_PLANS = 'force_custom_plan';

/**
 * Marks a statement that PostgreSQL should plan for its values at every run (db/planned-for-values.ts says which
 * and why): namedStatementPool switches the connection's plan_cache_mode for it, and back for the next statement
 * that is not marked. An SQL comment, so it changes nothing else.
 */
export const PLANNED_FOR_VALUES_MARK = '/* planned for its values */';

/** Bounds of the named statements each connection prepares (see namedStatementPool). */
export const namedStatementLimits = {
  /** Distinct SQL texts given a name in all; later ones run unnamed. */
  maxNames: 500,
  /** Longer texts (long `in` lists, which vary with their length) run unnamed. */
  maxSqlLength: 4000,
};

/**
 * Wraps a pg pool so that Kysely's parameterised queries run as named prepared statements: PostgreSQL parses
 * and plans each distinct SQL text once per connection instead of on every call, which on the one-row reads
 * every request makes is most of PostgreSQL's own work. Texts without parameters (migrations, which may hold
 * several statements; BEGIN and COMMIT) and texts past the bounds of `namedStatementLimits` run unnamed, so
 * the statements a connection keeps stay few.
 * @returns a pool for PostgresDialect's `pool` option; ending it ends the pg pool.
 */
export function namedStatementPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || text.length > namedStatementLimits.maxSqlLength || names.size >= namedStatementLimits.maxNames) return known;
    const name = `loreforge_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  // One wrapper per pg client, so Kysely keeps one connection object per client as it does for plain pools.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (wrapper === undefined) {
      // A connection that failed (dropped, timed out) is given back with its error, so the pool closes it
      // instead of handing it to the next request; pg emits 'error' on a checked-out client that dies between
      // queries, and with no listener that would end the process.
      let broken: Error | undefined;
      client.on('error', (error: Error) => {
        broken ??= error;
      });
      const failed = (error: unknown): never => {
        if (isDatabaseUnavailable(error)) broken ??= error instanceof Error ? error : new Error(String(error));
        throw error;
      };
      // The actor this connection's `loreforge.actor` setting names (db/actor.ts): set before a write or BEGIN
      // when it differs, so the change log's trigger names who wrote, and one round trip is spent only then.
      let actorSet = '';
      // The connection's plan_cache_mode (connect.ts starts it at KEPT_PLANS): a statement marked
      // PLANNED_FOR_VALUES_MARK runs under VALUED_PLANS, every other statement with values under KEPT_PLANS,
      // switched only when the next statement asks for the other.
      let plansSet: string = KEPT_PLANS;
      const run = (text: string, values: unknown[]): Promise<unknown> => {
        const name = values.length > 0 ? nameOf(text) : undefined;
        return (name === undefined ? client.query(text, values) : client.query({ name, text, values })).catch(failed);
      };
      const query = (text: unknown, parameters?: readonly unknown[]): unknown => {
        if (typeof text !== 'string') return client.query(text as pg.Submittable);
        const values = parameters === undefined ? [] : [...parameters];
        // A rollback may undo a setting made inside its transaction: make it again next time.
        if (/^\s*rollback\b/i.test(text)) {
          actorSet = UNKNOWN_ACTOR;
          plansSet = UNKNOWN_SETTING;
        }
        // The settings this statement needs and the connection does not have, made in one statement before it;
        // most statements need neither and run at once.
        const actor = currentActor() ?? '';
        const actorDue = actor !== actorSet && mayWrite(text);
        // A statement without values has no plan to keep (BEGIN, COMMIT, migrations): it leaves the mode as it is.
        const plans = values.length === 0 ? plansSet : text.includes(PLANNED_FOR_VALUES_MARK) ? VALUED_PLANS : KEPT_PLANS;
        if (!actorDue && plans === plansSet) return run(text, values);
        const settings: Array<[name: string, value: string]> = [];
        if (actorDue) {
          actorSet = actor;
          settings.push(['loreforge.actor', actor]);
        }
        if (plans !== plansSet) {
          plansSet = plans;
          settings.push(['plan_cache_mode', plans]);
        }
        const calls = settings.map((_, index) => `set_config($${index * 2 + 1}, $${index * 2 + 2}, false)`);
        return run(`select ${calls.join(', ')}`, settings.flat()).then(
          () => run(text, values),
          (error: unknown) => {
            actorSet = UNKNOWN_ACTOR;
            plansSet = UNKNOWN_SETTING;
            throw error;
          },
        );
      };
      wrapper = {
        query,
        release: () => {
          const error = broken;
          // A released client that was broken is closed and never handed out again.
          if (error !== undefined) wrappers.delete(client);
          client.release(error);
        },
      } as PostgresPoolClient;
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}
