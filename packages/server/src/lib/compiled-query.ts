/**
 * Hot queries built with Kysely once and then run as compiled SQL with fresh parameter values.
 *
 * Kysely builds an immutable operation tree and compiles it to SQL on every call; for the one-row reads that
 * every world-scoped request makes (the ownership check, an entity by id) that costs more CPU than SQLite's own
 * work. A compiled query keeps Kysely as the author of the SQL (typed tables and columns, one dialect-correct
 * text per database) and skips the rebuilding: the query is built once per dialect with placeholder values,
 * and each run substitutes the caller's values for the placeholders in the compiled parameter list.
 */
import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from '../db/database.js';

/** A query whose shape does not depend on its arguments: they only fill its bound parameters. */
export type QueryBuilderOf<Args extends readonly unknown[], Row> = (db: Db, ...args: Args) => Compilable<Row>;

interface Template {
  sql: string;
  /** For each bound parameter: the index of the argument that fills it, or the constant to bind. */
  slots: Array<{ arg: number } | { value: unknown }>;
  query: CompiledQuery['query'];
}

/**
 * Compiles `build` once per dialect and returns a function that runs it.
 * @param build builds the query from its arguments (ids, texts, null); it must not branch on their values, and every
 * argument must end up as a bound parameter (it may be bound more than once). It is called with placeholder
 * strings, so it must pass each argument to Kysely as a value, not inspect it.
 * @returns `(db, ...args) => rows`: the query's rows, run on `db` (the app's handle or a transaction).
 * @throws Error at first run when an argument does not appear among the compiled parameters (the builder
 * inlined or dropped it, so the template would be wrong); database errors pass through.
 */
export function compiledQuery<Args extends readonly unknown[], Row>(
  build: QueryBuilderOf<Args, Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  // One template per dialect adapter class (SQLite's `?` and PostgreSQL's `$1` texts differ).
  const templates = new Map<unknown, Template>();
  const templateFor = (db: Db, arity: number): Template => {
    const adapter = db.getExecutor().adapter.constructor;
    const known = templates.get(adapter);
    if (known) return known;
    const markers = Array.from({ length: arity }, (_, index) => `\u0000compiled-query-argument-${index}\u0000`);
    const compiled = build(db, ...(markers as unknown as Args)).compile();
    const slots = compiled.parameters.map((value) => {
      const arg = typeof value === 'string' ? markers.indexOf(value) : -1;
      return arg >= 0 ? { arg } : { value };
    });
    for (let index = 0; index < arity; index += 1) {
      if (!slots.some((slot) => 'arg' in slot && slot.arg === index)) {
        throw new Error(`compiledQuery: argument ${index} is not a bound parameter of: ${compiled.sql}`);
      }
    }
    const template = { sql: compiled.sql, slots, query: compiled.query };
    templates.set(adapter, template);
    return template;
  };
  return async (db, ...args) => {
    const template = templateFor(db, args.length);
    const parameters = template.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  };
}
