/**
 * An event's changes as a reader may see them: a change naming a character or item the reader may not see
 * (a secret, or one not revealed to this player) is left out, so a visible event never shows a secret's id,
 * neither in the event's answer nor in the engine's state, diff, history, provenance or issues. Editors and
 * the owner see every change. Change fields in the old free form (text) are kept as they are.
 */
import type { Db } from '../../db/database.js';
import { fromJsonText } from '../../lib/json.js';
import { whereVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

/** The three change columns of an event row (JSON text or null). */
export interface ChangeColumns {
  character_attribute_changes: string | null;
  inventory_changes: string | null;
  relationship_changes: string | null;
}

const FIELDS = ['character_attribute_changes', 'inventory_changes', 'relationship_changes'] as const;

interface Document {
  changes: Array<Record<string, unknown>>;
}

const documentOf = (text: string | null): Document | undefined => {
  const value = fromJsonText<unknown>(text, undefined);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const changes = (value as { changes?: unknown }).changes;
  return Array.isArray(changes) ? (value as Document) : undefined;
};

const idsOf = (change: Record<string, unknown>, keys: string[]): string[] =>
  keys.map((key) => change[key]).filter((id): id is string => typeof id === 'string');

async function visibleIds(db: Db, scope: ReadScope, table: 'character' | 'item', ids: Set<string>): Promise<Set<string>> {
  if (ids.size === 0) return new Set();
  const seen = new Set<string>();
  const list = [...ids];
  for (let index = 0; index < list.length; index += 500) {
    const query = db
      .selectFrom(table)
      .select(`${table}.id as id`)
      .where(`${table}.id`, 'in', list.slice(index, index + 500));
    for (const row of await whereVisible(query, scope, table).execute()) seen.add(row.id);
  }
  return seen;
}

/**
 * Removes from rows' change fields every change naming a character or item the reader may not see.
 * @returns new rows with rewritten change fields (the same rows for editors and the owner).
 */
export async function hideHiddenChanges<Row extends ChangeColumns>(db: Db, scope: ReadScope, rows: Row[]): Promise<Row[]> {
  if (scope.seesSecrets || rows.length === 0) return rows;
  const characters = new Set<string>();
  const items = new Set<string>();
  for (const row of rows) {
    for (const field of FIELDS) {
      for (const change of documentOf(row[field])?.changes ?? []) {
        for (const id of idsOf(change, ['characterId', 'targetCharacterId'])) characters.add(id);
        for (const id of idsOf(change, ['itemId'])) items.add(id);
      }
    }
  }
  const seenCharacters = await visibleIds(db, scope, 'character', characters);
  const seenItems = await visibleIds(db, scope, 'item', items);
  const keep = (change: Record<string, unknown>): boolean =>
    idsOf(change, ['characterId', 'targetCharacterId']).every((id) => seenCharacters.has(id)) &&
    idsOf(change, ['itemId']).every((id) => seenItems.has(id));
  return rows.map((row) => {
    const next = { ...row };
    for (const field of FIELDS) {
      const document = documentOf(row[field]);
      if (document === undefined) continue;
      const kept = document.changes.filter(keep);
      if (kept.length !== document.changes.length) next[field] = JSON.stringify(Object.assign({}, document, { changes: kept }));
    }
    return next;
  });
}
