/**
 * Queries of `webhook` and `webhook_delivery` (the only place with their SQL). A webhook belongs to one world and
 * is only ever read with that world's id, so a webhook id from another world is simply not found.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WebhookDeliveryTable, WebhookTable } from '../../db/tables/webhook.table.js';

export type WebhookRow = Selectable<WebhookTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;

/** A world's webhooks, oldest first. */
export async function listWebhooks(db: Db, worldId: string): Promise<WebhookRow[]> {
  return db.selectFrom('webhook').selectAll().where('world_id', '=', worldId).orderBy('created_at').orderBy('id').execute();
}

/** How many webhooks a world has. */
export async function countWebhooks(db: Db, worldId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('world_id', '=', worldId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One webhook of a world, or undefined. */
export async function findWebhook(db: Db, worldId: string, webhookId: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhook').selectAll().where('world_id', '=', worldId).where('id', '=', webhookId).executeTakeFirst();
}

/** Inserts a webhook row. */
export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.insertInto('webhook').values(row).execute();
}

/**
 * Changes a webhook's url, events, active flag, secret or fan-out cursor.
 * @returns the row after the change, or undefined when it is not in the world.
 */
export async function updateWebhook(
  db: Db,
  worldId: string,
  webhookId: string,
  changes: Partial<Pick<WebhookRow, 'url' | 'events' | 'active' | 'secret' | 'last_sequence' | 'updated_at'>>,
): Promise<WebhookRow | undefined> {
  return db
    .updateTable('webhook')
    .set(changes)
    .where('world_id', '=', worldId)
    .where('id', '=', webhookId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a webhook and (by cascade) its deliveries. @returns whether it existed. */
export async function deleteWebhook(db: Db, worldId: string, webhookId: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook').where('world_id', '=', worldId).where('id', '=', webhookId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * One page of a webhook's delivery attempts, newest first.
 * @param offset rows to skip; @param limit rows to return (1–100).
 */
export async function listDeliveries(
  db: Db,
  webhookId: string,
  offset: number,
  limit: number,
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const rows = await db
    .selectFrom('webhook_delivery')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom('webhook_delivery')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
  return { rows, total: Number(count?.count ?? 0) };
}
