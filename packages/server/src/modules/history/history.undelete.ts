/**
 * Restoring a deleted entity and listing the deleted ones (issue 15 "History", docs/history.md "Deleted
 * entities"). A deleted entity comes back with the same id and the fields of its last version (or of an earlier
 * version named), written as a new row: the database's triggers count it, bump the world's caches and record it
 * in the change log as a creation by whoever restored it, like any create. Its active-quest links and mention index
 * come back with it (history.links.ts). What it belongs to (its character,
 * map, quest, timeline …: the references of visibility.ts) must exist, or the answer is a 409 naming it.
 */
import type { FastifyInstance } from 'fastify';
import {
  DELETED_ENTITIES_MAX,
  type DeletedEntity,
  HISTORY_MESSAGES,
  RESTORABLE_ENTITY_TYPES,
  type RestorableEntityType,
} from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { badRequest, conflict } from '../../errors/app-error.js';
import { nowIso } from '../../lib/time.js';
import { SECRET_TABLES, type SecretTable, referencesOf } from '../../access/visibility.js';
import type { WorldScope } from '../../access/world-scope.js';
import { nameOf, snapshotFields } from './history-fields.js';
import { parseSnapshot } from './history.access.js';
import { restoreLinksOf } from './history.links.js';
import { type EntityChangeRow, findEntityRow, findLatestEntityChange, findUsernames } from './history.repository.js';

/** The entity type of each secret-capable table (the parents a deleted entity may need): SECRET_TABLES read back. */
const TYPE_OF_TABLE = new Map<SecretTable, RestorableEntityType>(RESTORABLE_ENTITY_TYPES.map((type) => [SECRET_TABLES[type], type]));

/** How messages name a type ("inventory entry", "map point"). */
const words = (type: string): string => type.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

/** The name an entity had in its last recorded version, or null. */
async function lastName(db: Db, worldId: string, type: RestorableEntityType, entityId: string): Promise<string | null> {
  const latest = await findLatestEntityChange(db, worldId, type, entityId);
  return nameOf(snapshotFields(parseSnapshot(latest?.before ?? latest?.after ?? null), entityId));
}

/**
 * Writes a deleted entity back from version `change` (its deletion: the state before it; any other change: the
 * state after it), keeping its id and who created it, with what it had beside its row: a character's active
 * quests (to quests that still exist) and the mention index of its text (history.links.ts), in one transaction.
 * @throws AppError 400 HISTORY_MESSAGES.deleteVersion when the change holds no state; 409 parentMissing naming
 * the deleted entity it belongs to; 409 restoreClash when the row cannot be written as it was (a reference gone
 * or a uniqueness clash the database refuses).
 */
export async function restoreDeleted(
  app: FastifyInstance,
  scope: WorldScope,
  type: RestorableEntityType,
  entityId: string,
  change: EntityChangeRow,
): Promise<void> {
  const worldId = scope.world.id;
  const snapshot = parseSnapshot(change.action === 'deleted' ? change.before : change.after);
  if (snapshot?.id !== entityId) throw badRequest(HISTORY_MESSAGES.deleteVersion);
  const table = SECRET_TABLES[type];
  for (const reference of referencesOf(table, snapshot) ?? []) {
    const parentType = TYPE_OF_TABLE.get(reference.table);
    // Every secret-capable table is restorable; a parent of any other kind would be left to the database's check.
    if (parentType === undefined || (await findEntityRow(app.db, worldId, parentType, reference.id))) continue;
    throw conflict(
      HISTORY_MESSAGES.parentMissing(words(parentType), await lastName(app.db, worldId, parentType, reference.id), words(type)),
    );
  }
  const row: Record<string, unknown> = { ...snapshot };
  if ('updated_by' in row) row.updated_by = scope.userId;
  if ('updated_at' in row) row.updated_at = nowIso();
  // Structured columns read back from a PostgreSQL snapshot as objects; the tables keep them as JSON text.
  for (const [column, value] of Object.entries(row)) if (value !== null && typeof value === 'object') row[column] = JSON.stringify(value);
  try {
    await app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto(table)
        .values(row as never)
        .execute();
      await restoreLinksOf(trx, worldId, type, entityId, row);
    });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (/constraint|foreign key|unique|duplicate/i.test(text)) throw conflict(HISTORY_MESSAGES.restoreClash(words(type)));
    throw error;
  }
}

/** Deletion rows "Recently deleted" reads at most to find its entries. */
const DELETIONS_READ = 500;

/**
 * The world's entities deleted and not restored since, newest first (at most DELETED_ENTITIES_MAX), for editors.
 * @param db the database; @param worldId the world.
 */
export async function listDeletedEntities(db: Db, worldId: string): Promise<DeletedEntity[]> {
  const deletions = await db
    .selectFrom('world_change')
    .select(['entity_type', 'entity_id', 'sequence', 'by', 'at', 'before'])
    .where('world_id', '=', worldId)
    .where('action', '=', 'deleted')
    .where('entity_type', 'in', [...RESTORABLE_ENTITY_TYPES])
    .orderBy('sequence', 'desc')
    .limit(DELETIONS_READ)
    .execute();
  const found: Array<(typeof deletions)[number]> = [];
  const seen = new Set<string>();
  for (const deletion of deletions) {
    const key = `${deletion.entity_type}:${deletion.entity_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Still gone: nothing was recorded of it after its deletion (a restore records a creation).
    const later = await db
      .selectFrom('world_change')
      .select('sequence')
      .where('world_id', '=', worldId)
      .where('entity_type', '=', deletion.entity_type)
      .where('entity_id', '=', deletion.entity_id)
      .where('sequence', '>', deletion.sequence)
      .limit(1)
      .executeTakeFirst();
    if (later) continue;
    found.push(deletion);
    if (found.length >= DELETED_ENTITIES_MAX) break;
  }
  const usernames = await findUsernames(db, [...new Set(found.map((one) => one.by).filter((id): id is string => id !== null))]);
  return found.map((deletion) => ({
    entityType: deletion.entity_type as RestorableEntityType,
    entityId: deletion.entity_id,
    name: nameOf(snapshotFields(parseSnapshot(deletion.before), deletion.entity_id)),
    sequence: deletion.sequence,
    deletedAt: deletion.at,
    deletedBy: deletion.by,
    deletedByUsername: deletion.by === null ? null : (usernames.get(deletion.by) ?? null),
  }));
}
