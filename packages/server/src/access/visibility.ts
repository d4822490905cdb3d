/**
 * The visibility rule as SQL, the one place every read of secret-capable rows goes through (issue 11):
 * - an editor or the owner sees every row;
 * - a player sees a row whose visibility is `everyone` or whose `revealed_to` names them;
 * - a viewer sees a row whose visibility is `everyone`;
 * - and nobody who cannot see an entity sees a row that references it: an inventory entry of a hidden item or
 *   character, a relationship with a hidden end, a goal of a hidden character, an event of a hidden timeline,
 *   a branch of a hidden timeline, a map point or area of a hidden map, a map point linking a hidden entity,
 *   an objective of a hidden quest, a connection with a hidden end.
 * So a secret never shows through a list, count, total, page, search or one-entity read.
 */
import type { ChangeEntityType } from '@loreforge/contract';
import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { ReadScope } from './world-scope.js';
import { likeValue } from '../db/prepared-once.js';

/** Tables whose rows can be secret. */
export type SecretTable =
  | 'character'
  | 'item'
  | 'inventory_item'
  | 'goal'
  | 'relationship'
  | 'timeline'
  | 'event'
  | 'map'
  | 'map_point'
  | 'map_area'
  | 'quest'
  | 'quest_objective'
  | 'connection';

/**
 * The secret-capable table of each entity type (types without one — world, member, calendar — every member sees):
 * every other type of the change log has one, which the compiler checks. The one list of them: history reads its
 * tables here too.
 */
export const SECRET_TABLES: Readonly<Record<Exclude<ChangeEntityType, 'world' | 'member' | 'calendar'>, SecretTable>> &
  Partial<Record<ChangeEntityType, SecretTable>> = {
  character: 'character',
  item: 'item',
  inventoryEntry: 'inventory_item',
  goal: 'goal',
  relationship: 'relationship',
  timeline: 'timeline',
  event: 'event',
  map: 'map',
  mapPoint: 'map_point',
  mapArea: 'map_area',
  quest: 'quest',
  objective: 'quest_objective',
  connection: 'connection',
};

/** Kinds of entity a polymorphic reference names, and their tables. */
const POLYMORPHIC_TABLES: Record<string, SecretTable> = {
  character: 'character',
  item: 'item',
  timeline: 'timeline',
  event: 'event',
  map: 'map',
  quest: 'quest',
  goal: 'goal',
};

/** For each table: the columns naming another secret-capable row (hidden with it), nullable or not. */
const REFERENCES: Record<SecretTable, Array<{ column: string; table: SecretTable } | { typeColumn: string; idColumn: string }>> = {
  character: [],
  item: [],
  map: [],
  quest: [],
  inventory_item: [
    { column: 'character_id', table: 'character' },
    { column: 'item_id', table: 'item' },
  ],
  goal: [{ column: 'character_id', table: 'character' }],
  relationship: [
    { column: 'character_id', table: 'character' },
    { column: 'target_character_id', table: 'character' },
  ],
  timeline: [{ column: 'parent_timeline_id', table: 'timeline' }],
  event: [{ column: 'timeline_id', table: 'timeline' }],
  map_point: [
    { column: 'map_id', table: 'map' },
    { typeColumn: 'entity_type', idColumn: 'entity_id' },
  ],
  map_area: [{ column: 'map_id', table: 'map' }],
  quest_objective: [{ column: 'quest_id', table: 'quest' }],
  connection: [
    { typeColumn: 'source_type', idColumn: 'source_id' },
    { typeColumn: 'target_type', idColumn: 'target_id' },
  ],
};

/** Nesting beyond which a chain of references (a branch of a branch of …) is no longer followed. */
const MAX_DEPTH = 4;

/** The row's own rule: visibility everyone, or revealed to this player. */
function ownRule(scope: ReadScope, alias: string): RawBuilder<SqlBool> {
  const everyone = sql<SqlBool>`${sql.ref(`${alias}.visibility`)} = 'everyone'`;
  if (scope.viewer.role !== 'player') return everyone;
  // revealed_to is a JSON list of user ids; ids are lower-case UUIDs (no LIKE wildcards), quoted in the list.
  const pattern = `%"${scope.viewer.userId}"%`;
  return sql<SqlBool>`(${everyone} or ${sql.ref(`${alias}.revealed_to`)} like ${likeValue(pattern)})`;
}

/** `exists` a visible row of `table` whose id is the value of `idRef`. */
function visibleTarget(scope: ReadScope, table: SecretTable, idRef: string, depth: number): RawBuilder<SqlBool> {
  const alias = `v${depth}_${table}`;
  return sql<SqlBool>`exists (select 1 from ${sql.table(table)} as ${sql.id(alias)} where ${sql.ref(`${alias}.id`)} = ${sql.ref(idRef)} and ${ruleFor(scope, table, alias, depth + 1)})`;
}

function ruleFor(scope: ReadScope, table: SecretTable, alias: string, depth: number): RawBuilder<SqlBool> {
  const parts: Array<RawBuilder<SqlBool>> = [ownRule(scope, alias)];
  if (depth < MAX_DEPTH) {
    for (const reference of REFERENCES[table]) {
      if ('column' in reference) {
        const ref = `${alias}.${reference.column}`;
        parts.push(sql<SqlBool>`(${sql.ref(ref)} is null or ${visibleTarget(scope, reference.table, ref, depth)})`);
      } else {
        const typeRef = sql.ref(`${alias}.${reference.typeColumn}`);
        const idRef = `${alias}.${reference.idColumn}`;
        const kinds = Object.entries(POLYMORPHIC_TABLES).map(
          ([kind, target]) => sql<SqlBool>`(${typeRef} = ${kind} and ${visibleTarget(scope, target, idRef, depth)})`,
        );
        parts.push(sql<SqlBool>`(${typeRef} is null or ${sql.join(kinds, sql` or `)})`);
      }
    }
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The condition a reader's rows of `table` (under `alias` in the query) must meet, or undefined for a reader
 * who sees everything (editors and the owner: their queries stay exactly as before).
 */
export function visibleCondition(scope: ReadScope, table: SecretTable, alias: string = table): Expression<SqlBool> | undefined {
  return scope.seesSecrets ? undefined : ruleFor(scope, table, alias, 0);
}

/**
 * Limits a select to the rows of `table` (under `alias`) the reader may see (see the module comment).
 * @returns the query itself for editors and the owner.
 */
export function whereVisible<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  scope: ReadScope,
  table: SecretTable,
  alias: string = table,
): SelectQueryBuilder<DB, TB, O> {
  const condition = visibleCondition(scope, table, alias);
  return condition === undefined ? query : query.where(condition);
}

/**
 * Whether the reader may see the row of `table` with this id (for one-entity reads and references checked
 * in application code, such as a character's current location).
 */
export async function isVisible(db: import('../db/database.js').Db, scope: ReadScope, table: SecretTable, id: string): Promise<boolean> {
  if (scope.seesSecrets) return true;
  const row = await whereVisible(db.selectFrom(table).select('id').where('id', '=', id), scope, table).executeTakeFirst();
  return row !== undefined;
}

/**
 * Hides, in rows about to be answered, references to entities the reader may not see (a visible timeline's
 * genesis event when that event is a secret, say): such a column becomes null, so not even the id leaks.
 * @param column the row key holding the referenced id (or null).
 * @returns new rows (the input is left as is); the same rows for editors and the owner.
 */
export async function maskHidden<Row>(
  db: import('../db/database.js').Db,
  scope: ReadScope,
  rows: Row[],
  column: keyof Row,
  table: SecretTable,
): Promise<Row[]> {
  if (scope.seesSecrets) return rows;
  const ids = [...new Set(rows.map((row) => row[column]).filter((id): id is Row[keyof Row] & string => typeof id === 'string'))];
  if (ids.length === 0) return rows;
  const visible = await whereVisible(db.selectFrom(table).select('id').where('id', 'in', ids), scope, table).execute();
  const seen = new Set(visible.map((row) => row.id));
  return rows.map((row) => {
    const id = row[column];
    return typeof id === 'string' && !seen.has(id) ? Object.assign({}, row, { [column]: null }) : row;
  });
}

/**
 * The secret-capable rows a row of `table` references (by the same REFERENCES the SQL rule follows), read from
 * the row's columns as stored (a change log snapshot, say). A polymorphic reference of a kind that cannot be
 * secret-checked gives `undefined`, meaning the row is to be hidden (as the SQL rule hides it).
 * @param row the row's columns (snake_case, as in the table).
 * @returns the referenced rows, or undefined when the row must be hidden whatever they are.
 */
export function referencesOf(table: SecretTable, row: Record<string, unknown>): Array<{ table: SecretTable; id: string }> | undefined {
  const found: Array<{ table: SecretTable; id: string }> = [];
  for (const reference of REFERENCES[table]) {
    if ('column' in reference) {
      const id = row[reference.column];
      if (typeof id === 'string') found.push({ table: reference.table, id });
      continue;
    }
    const kind = row[reference.typeColumn];
    const id = row[reference.idColumn];
    if (kind === null || kind === undefined) continue;
    const target = typeof kind === 'string' ? POLYMORPHIC_TABLES[kind] : undefined;
    if (target === undefined || typeof id !== 'string') return undefined;
    found.push({ table: target, id });
  }
  return found;
}
