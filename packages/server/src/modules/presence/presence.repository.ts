/**
 * Presence in a world (issue 15): members' heartbeats (`world_presence`) and who counts as present now, with
 * the entity each one looks at hidden from readers who may not see it (access/visibility.ts).
 */
import { PRESENCE_TTL_SECONDS, type ChangeEntityType, type Presence, type PresenceUpdate } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { SECRET_TABLES, isVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

/**
 * Records a member's heartbeat: they are in the world, on this entity's page (or none), editing it or not.
 * @param at the heartbeat's time, ISO 8601 UTC.
 */
export async function upsertPresence(db: Db, worldId: string, userId: string, update: PresenceUpdate, at: string): Promise<void> {
  const values = {
    entity_type: update.entityType ?? null,
    entity_id: update.entityId ?? null,
    editing: update.entityType !== undefined && update.editing ? 1 : 0,
    seen_at: at,
  };
  await db
    .insertInto('world_presence')
    .values({ world_id: worldId, user_id: userId, ...values })
    .onConflict((conflict) => conflict.columns(['world_id', 'user_id']).doUpdateSet(values))
    .execute();
}

/**
 * Everyone whose last heartbeat in the world is younger than PRESENCE_TTL_SECONDS, whoever may see what (filter
 * with `presentTo` before answering), ordered by username.
 * @param now the current time in ms since the epoch.
 */
export async function listPresence(db: Db, worldId: string, now: number): Promise<Presence[]> {
  const since = new Date(now - PRESENCE_TTL_SECONDS * 1000).toISOString();
  const rows = await db
    .selectFrom('world_presence')
    .innerJoin('user', 'user.id', 'world_presence.user_id')
    .innerJoin('world_member', (join) =>
      join.onRef('world_member.world_id', '=', 'world_presence.world_id').onRef('world_member.user_id', '=', 'world_presence.user_id'),
    )
    .select([
      'world_presence.user_id',
      'user.username',
      'world_presence.entity_type',
      'world_presence.entity_id',
      'world_presence.editing',
      'world_presence.seen_at',
    ])
    .where('world_presence.world_id', '=', worldId)
    .where('world_presence.seen_at', '>', since)
    .orderBy('user.username')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    username: row.username,
    entityType: row.entity_type as ChangeEntityType | null,
    entityId: row.entity_id,
    editing: row.editing === 1,
    at: row.seen_at,
  }));
}

/**
 * The presence list as a reader may see it: an entity they may not see (a secret someone else has open) is
 * left out of its member's entry, so the reader learns that member is here but nothing of the secret.
 */
export async function presentTo(db: Db, scope: ReadScope, presence: Presence[]): Promise<Presence[]> {
  if (scope.seesSecrets) return presence;
  const answers = new Map<string, boolean>();
  const out: Presence[] = [];
  for (const entry of presence) {
    const table = entry.entityType === null ? undefined : SECRET_TABLES[entry.entityType];
    if (table === undefined || entry.entityId === null) {
      out.push(entry);
      continue;
    }
    const key = `${table}:${entry.entityId}`;
    let visible = answers.get(key);
    if (visible === undefined) {
      visible = await isVisible(db, scope, table, entry.entityId);
      answers.set(key, visible);
    }
    out.push(visible ? entry : Object.assign({}, entry, { entityType: null, entityId: null, editing: false }));
  }
  return out;
}
