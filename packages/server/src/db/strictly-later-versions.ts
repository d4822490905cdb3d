/**
 * On SQLite, every UPDATE that sets a versioned row's `updated_at` writes a version strictly later than the row's
 * own: `max(<new value>, <old value> + 1 ms)`, computed in the UPDATE itself.
 *
 * The version triggers (migration add_version_triggers, and create_calendar for calendars) keep the same rule in
 * the database, for writes made outside the app. PostgreSQL's trigger runs before the row is written and changes
 * it in place. SQLite's cannot: it runs after the row is written and updates the row a second time, so a write
 * that came within one millisecond of the row's last one fired the change-log trigger twice, and the world's change
 * feed showed one edit as two, the first with the version the row already had. With the version computed here the
 * trigger's condition is never true for the app's own writes, and each write is one change with its true version.
 *
 * Only `updated_at = …` of a named versioned table is rewritten (the one-table UPDATEs the app makes); any other
 * UPDATE passes as it is and the trigger still keeps the rule.
 */
import {
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ColumnNode,
  ColumnUpdateNode,
  RawNode,
  ReferenceNode,
  TableNode,
  type UpdateQueryNode,
} from 'kysely';

/**
 * Tables with a version trigger (`<table>_version_increases`), i.e. whose `updated_at` is a row's version.
 * A test compares it with the triggers of a migrated database, so a new versioned table cannot be missed.
 */
export const VERSIONED_TABLES: ReadonlySet<string> = new Set([
  'user',
  'world',
  'map',
  'map_point',
  'map_area',
  'character',
  'item',
  'inventory_item',
  'relationship',
  'goal',
  'timeline',
  'event',
  'quest',
  'quest_objective',
  'connection',
  'calendar',
]);

const isColumn = (node: OperationNode, name: string): boolean =>
  ColumnNode.is(node)
    ? node.column.name === name
    : ReferenceNode.is(node) && ColumnNode.is(node.column) && node.column.column.name === name;

/**
 * `max(value, strftime('%Y-%m-%dT%H:%M:%fZ', <table>.updated_at, '+0.001 seconds'))`: ISO 8601 texts of one
 * format (UTC, milliseconds) order as their instants, and SQLite's julian days are kept in whole milliseconds,
 * so the added millisecond is exact (the trigger's own arithmetic).
 */
const strictlyLater = (table: string, value: OperationNode): OperationNode =>
  RawNode.create(
    ['max(', ", strftime('%Y-%m-%dT%H:%M:%fZ', ", ", '+0.001 seconds'))"],
    [value, ReferenceNode.create(ColumnNode.create('updated_at'), TableNode.create(table))],
  );

function withStrictlyLaterVersion(node: UpdateQueryNode): UpdateQueryNode {
  if (node.table === undefined || !TableNode.is(node.table) || node.updates === undefined) return node;
  const table = node.table.table.identifier.name;
  if (node.table.table.schema !== undefined || !VERSIONED_TABLES.has(table)) return node;
  if (!node.updates.some((update) => isColumn(update.column, 'updated_at'))) return node;
  const updates = node.updates.map((update) =>
    isColumn(update.column, 'updated_at') ? ColumnUpdateNode.create(update.column, strictlyLater(table, update.value)) : update,
  );
  return { ...node, updates };
}

/**
 * The Kysely plugin of the SQLite database (db/connect.ts): rewrites `updated_at = <value>` of an UPDATE of a
 * versioned table as described above; leaves every other query and every result as it is.
 */
export class StrictlyLaterVersions implements KyselyPlugin {
  /** @returns the query, with a versioned table's `updated_at` update made strictly later than the row's. */
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node.kind === 'UpdateQueryNode' ? withStrictlyLaterVersion(args.node) : args.node;
  }

  /** @returns the result unchanged. */
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
