/**
 * Hot queries built with Kysely once and then run as compiled SQL with fresh parameter values.
 *
 * Kysely builds an immutable operation tree and compiles it to SQL on every call; for the one-row reads that
 * every world-scoped request makes (the ownership check, an entity by id) that costs more CPU than SQLite's own
 * work. A compiled query keeps Kysely as the author of the SQL (typed tables and columns, one dialect-correct
 * text per database) and skips the rebuilding: the query is built once per dialect with placeholder values,
 * and each run substitutes the caller's values for the placeholders in the compiled parameter list.
 * `compiledQuery` is for a query of one shape; `compiledShape` for queries whose shape varies with the request
 * (a list's sort, search and reader), one template per shape key; `findInWorld` for the one-entity reads of a
 * world's entities (one template per table and reader class).
 */
import { type Compilable, CompiledQuery, type SelectQueryBuilder, type Selectable } from 'kysely';
import type { Database, Db } from '../db/database.js';

/** A query whose shape does not depend on its arguments: they only fill its bound parameters. */
export type QueryBuilderOf<Args extends readonly unknown[], Row> = (db: Db, ...args: Args) => Compilable<Row>;

/** How one bound parameter of a template is filled at run time. */
type Slot =
  | { arg: number }
  | { value: unknown }
  /** A text made from arguments by concatenation (e.g. a LIKE pattern `%"<id>"%`): its pieces, markers as indexes. */
  | { pieces: Array<string | number> };

interface Template {
  sql: string;
  slots: Slot[];
}

/**
 * The placeholder of argument `index` while a template is compiled. It is lower case, free of LIKE's wildcards
 * and escape, and of quotes, so a builder that lower-cases, escapes or quotes it (likePattern, an FTS phrase)
 * leaves it whole; the caller then passes the argument already transformed the same way.
 */
const MARKER_EDGE = '\u0000';
const markerOf = (index: number): string => `${MARKER_EDGE}compiled-query-argument-${index}${MARKER_EDGE}`;
// The same marker as a pattern literal (MARKER_EDGE is U+0000), which the ReDoS check can read; the control
// character is the point: no text a user writes into a query's arguments can hold it.
// eslint-disable-next-line no-control-regex
const MARKER = /\u0000compiled-query-argument-(\d+)\u0000/g;

/**
 * Compiles a query built from placeholder arguments into a template.
 * @returns the SQL and, for each bound parameter, what fills it.
 */
function templateOf(arity: number, build: (markers: readonly string[]) => Compilable): Template {
  const markers = Array.from({ length: arity }, (_, index) => markerOf(index));
  const compiled = build(markers).compile();
  const slots = compiled.parameters.map((value): Slot => {
    if (typeof value !== 'string' || !value.includes(MARKER_EDGE)) return { value };
    const exact = markers.indexOf(value);
    if (exact >= 0) return { arg: exact };
    const pieces: Array<string | number> = [];
    let last = 0;
    for (const match of value.matchAll(MARKER)) {
      pieces.push(value.slice(last, match.index), Number(match[1]));
      last = match.index + match[0].length;
    }
    pieces.push(value.slice(last));
    return { pieces };
  });
  return { sql: compiled.sql, slots };
}

/** The parameter values of a template for one run's arguments. */
function fill(template: Template, args: readonly unknown[]): unknown[] {
  return template.slots.map((slot) => {
    if ('arg' in slot) return args[slot.arg];
    if ('value' in slot) return slot.value;
    return slot.pieces.map((piece) => (typeof piece === 'number' ? String(args[piece]) : piece)).join('');
  });
}

/** The dialect of a handle, as the key of its templates (SQLite's `?` and PostgreSQL's `$1` texts differ). */
const dialectOf = (db: Db): unknown => db.getExecutor().adapter.constructor;

/**
 * Compiles `build` once per dialect and returns a function that runs it.
 * @param build builds the query from its arguments (ids, texts, null); it must not branch on their values, and every
 * argument must end up in a bound parameter (as itself, or concatenated into a text). It is called with placeholder
 * strings, so it must pass each argument to Kysely as a value, not inspect it.
 * @returns `(db, ...args) => rows`: the query's rows, run on `db` (the app's handle or a transaction).
 * @throws Error at first run when an argument does not appear among the compiled parameters (the builder
 * inlined or dropped it, so the template would be wrong); database errors pass through.
 */
export function compiledQuery<Args extends readonly unknown[], Row>(
  build: QueryBuilderOf<Args, Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const templates = new Map<unknown, Template>();
  const templateFor = (db: Db, arity: number): Template => {
    const dialect = dialectOf(db);
    const known = templates.get(dialect);
    if (known) return known;
    const template = templateOf(arity, (markers) => build(db, ...(markers as unknown as Args)));
    for (let index = 0; index < arity; index += 1) {
      const used = template.slots.some(
        (slot) => ('arg' in slot && slot.arg === index) || ('pieces' in slot && slot.pieces.includes(index)),
      );
      if (!used) throw new Error(`compiledQuery: argument ${index} is not a bound parameter of: ${template.sql}`);
    }
    templates.set(dialect, template);
    return template;
  };
  return async (db, ...args) => {
    const template = templateFor(db, args.length);
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, fill(template, args)));
    return result.rows;
  };
}

/** Shapes kept per dialect by compiledShape before its templates are dropped and compiled anew. */
export const compiledShapeLimits = { maxShapes: 2_000 };
const shapes = new Map<unknown, Map<string, Template>>();

/**
 * Runs a query whose shape (tables, columns, conditions, order) is named by `key`, compiling it only the first
 * time the key is seen on a dialect; later runs reuse the SQL with the new arguments bound.
 * @param key names everything the query's text depends on (e.g. a list, its reader's class, sort, order, search
 * mode); two queries with one key must differ only in their arguments' values.
 * @param args the values to bind; `build` receives placeholders in their stead (see compiledQuery). An
 * argument the shape does not use (a viewer's id where the reader sees everything) is simply not bound.
 * @returns the query's rows.
 */
export async function compiledShape<Row>(
  db: Db,
  key: string,
  args: readonly unknown[],
  build: (args: readonly unknown[]) => Compilable<Row>,
): Promise<Row[]> {
  const dialect = dialectOf(db);
  let templates = shapes.get(dialect);
  if (!templates) shapes.set(dialect, (templates = new Map<string, Template>()));
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= compiledShapeLimits.maxShapes) templates.clear();
    template = templateOf(args.length, build);
    templates.set(key, template);
  }
  const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, fill(template, args)));
  return result.rows;
}

/** Tables of a world's entities read one at a time by id (findInWorld). */
export type WorldEntityTable = 'character' | 'item' | 'event' | 'timeline';

/** The one-row read of findInWorld, before the reader's visibility rule is applied. */
export type WorldEntityQuery<T extends WorldEntityTable> = SelectQueryBuilder<Database, T, Selectable<Database[T]>>;

/**
 * Finds one row of a world's entity table by id, as SQL compiled once per dialect, table and reader class: every
 * one-entity read (and every route under an entity, such as a character's relationships) asks it.
 * @param readerClass names the reader's visibility rule (access/world-scope.ts readerClass): the SQL text may
 * differ only between classes.
 * @param ids the row's id, its world's id and the reading user's id (bound values; the user's id only where the
 * class's rule names it, as a player's reveals do).
 * @param restrict applies the reader's visibility rule for a reader of the same class whose user id is the given
 * placeholder (`whereVisible(query, readerOf(scope, viewerId), table)`); it must not inspect `viewerId`.
 * @returns the row, or undefined when no row of that world has the id or the reader may not see it.
 */
export async function findInWorld<T extends WorldEntityTable>(
  db: Db,
  table: T,
  readerClass: string,
  ids: { id: string; worldId: string; viewerId: string },
  restrict: (query: WorldEntityQuery<T>, viewerId: string) => WorldEntityQuery<T>,
): Promise<Selectable<Database[T]> | undefined> {
  type Row = Selectable<Database[T]>;
  const [row] = await compiledShape<Row>(db, `in-world:${table}:${readerClass}`, [ids.id, ids.worldId, ids.viewerId], (values) => {
    const [id, worldId, viewerId] = values as [string, string, string];
    // The table is a value of T, so the query is typed for one member of it and read back as T's.
    const query = db
      .selectFrom(table as 'item')
      .selectAll(table as 'item')
      .where(`${table as 'item'}.id`, '=', id)
      .where(`${table as 'item'}.world_id`, '=', worldId) as unknown as WorldEntityQuery<T>;
    return restrict(query, viewerId);
  });
  return row;
}
