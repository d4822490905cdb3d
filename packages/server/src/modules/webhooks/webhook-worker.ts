/**
 * The webhook worker (issue 15): every instance runs one, and all of them share the work through the database,
 * never an in-process queue, so deliveries survive restarts and spread over instances.
 * Each tick:
 * 1. fan-out: for each active webhook, the world's changes after its cursor (`last_sequence`) that match its
 *    event types become pending delivery rows, and the cursor moves, in one transaction (PostgreSQL locks the
 *    webhook rows with FOR UPDATE SKIP LOCKED, so two instances never fan out the same change twice);
 * 2. claim: due pending rows, and sending rows whose claim ran out (an instance died mid-send), become
 *    `sending` with a claim deadline, in one UPDATE (PostgreSQL: FOR UPDATE SKIP LOCKED);
 * 3. send each (webhook-sender.ts) and record the outcome; a failure schedules the next attempt as a new row
 *    after retryBaseMs × 2^(attempt−1), until maxAttempts.
 * Deliveries are made for the owner, who sees every change, so no change is held back.
 */
import type { Kysely } from 'kysely';
import { webhookMatches } from '@loreforge/contract';
import type { Database, Db, Dialect } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { changesAfter } from './webhook-changes.js';
import type { WebhookDeliveryRow, WebhookRow } from './webhook.repository.js';
import { sendWebhook } from './webhook-sender.js';

/** The worker's settings (config.ts webhook*). */
export interface WebhookSettings {
  allowPrivate: boolean;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
}

/** Webhooks fanned out per tick, changes per webhook per tick, deliveries claimed per tick. */
const WEBHOOKS_PER_TICK = 50;
const CHANGES_PER_TICK = 200;
const CLAIMS_PER_TICK = 20;

/**
 * Turns new changes into pending deliveries for every active webhook (step 1).
 * @returns how many deliveries were queued.
 */
async function fanOutChanges(db: Kysely<Database>, dialect: Dialect): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('webhook').selectAll().where('active', '=', 1).orderBy('id').limit(WEBHOOKS_PER_TICK);
    if (dialect === 'postgres') query = query.forUpdate().skipLocked();
    const webhooks = await query.execute();
    let queued = 0;
    for (const webhook of webhooks) queued += await fanOutWebhook(trx, webhook);
    return queued;
  });
}

async function fanOutWebhook(trx: Db, webhook: WebhookRow): Promise<number> {
  const changes = await changesAfter(trx, webhook.world_id, Number(webhook.last_sequence), CHANGES_PER_TICK);
  if (changes.length === 0) return 0;
  const events = JSON.parse(webhook.events) as string[];
  const now = new Date().toISOString();
  const rows = changes
    .filter((change) => webhookMatches(events, change.entityType, change.action))
    .map((change) => {
      const eventId = newId();
      const payload = JSON.stringify({
        id: eventId,
        worldId: webhook.world_id,
        sequence: change.sequence,
        entityType: change.entityType,
        entityId: change.entityId,
        action: change.action,
        by: change.by,
        at: change.at,
      });
      return {
        id: newId(),
        webhook_id: webhook.id,
        world_id: webhook.world_id,
        event_id: eventId,
        sequence: change.sequence,
        entity_type: change.entityType,
        entity_id: change.entityId,
        action: change.action,
        payload,
        attempt: 1,
        status: 'pending',
        attempt_at: now,
        claimed_until: null,
        status_code: null,
        duration_ms: null,
        error: null,
        created_at: now,
        completed_at: null,
      };
    });
  if (rows.length > 0) await trx.insertInto('webhook_delivery').values(rows).execute();
  const last = changes[changes.length - 1];
  if (last === undefined) return rows.length;
  await trx.updateTable('webhook').set({ last_sequence: last.sequence }).where('id', '=', webhook.id).execute();
  return rows.length;
}

/**
 * Claims due deliveries for this instance (step 2).
 * @param claimMs how long the claim holds before another instance may retake the row.
 * @returns the claimed rows, now `sending`.
 */
async function claimDueDeliveries(
  db: Kysely<Database>,
  dialect: Dialect,
  claimMs: number,
  limit = CLAIMS_PER_TICK,
): Promise<WebhookDeliveryRow[]> {
  const now = new Date();
  const nowIso = now.toISOString();
  let due = db
    .selectFrom('webhook_delivery')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('attempt_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', nowIso)]),
      ]),
    )
    .orderBy('attempt_at')
    .limit(limit);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('webhook_delivery')
    .set({ status: 'sending', claimed_until: new Date(now.getTime() + claimMs).toISOString() })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/**
 * Sends one claimed delivery and records the outcome (step 3); a failure before the last attempt queues the next.
 * @returns whether the receiver took it.
 */
async function deliverClaimed(db: Kysely<Database>, delivery: WebhookDeliveryRow, settings: WebhookSettings): Promise<boolean> {
  const webhook = await db.selectFrom('webhook').selectAll().where('id', '=', delivery.webhook_id).executeTakeFirst();
  const result =
    !webhook || Number(webhook.active) !== 1
      ? { ok: false, statusCode: null, durationMs: 0, error: 'The webhook was paused or deleted before this attempt.' }
      : await sendWebhook({
          url: webhook.url,
          secret: webhook.secret,
          body: delivery.payload,
          eventId: delivery.event_id,
          allowPrivate: settings.allowPrivate,
          timeoutMs: settings.timeoutMs,
        });
  const completed = new Date();
  const retry = !result.ok && webhook !== undefined && Number(webhook.active) === 1 && delivery.attempt < settings.maxAttempts;
  await db.transaction().execute(async (trx) => {
    const recorded = await trx
      .updateTable('webhook_delivery')
      .set({
        status: result.ok ? 'succeeded' : 'failed',
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        error: result.error,
        completed_at: completed.toISOString(),
        claimed_until: null,
      })
      .where('id', '=', delivery.id)
      .where('status', '=', 'sending')
      .where('claimed_until', '=', delivery.claimed_until)
      .executeTakeFirst();
    // Another instance retook the row after this claim ran out: its outcome counts, not a second retry from here.
    if (Number(recorded.numUpdatedRows) === 0 || !retry) return;
    const delay = settings.retryBaseMs * 2 ** (delivery.attempt - 1);
    await trx
      .insertInto('webhook_delivery')
      .values({
        ...delivery,
        id: newId(),
        attempt: delivery.attempt + 1,
        status: 'pending',
        attempt_at: new Date(completed.getTime() + delay).toISOString(),
        claimed_until: null,
        status_code: null,
        duration_ms: null,
        error: null,
        created_at: completed.toISOString(),
        completed_at: null,
      })
      .execute();
  });
  return result.ok;
}

/**
 * One pass of the worker: fan out, claim, send.
 * @returns counts of queued and sent deliveries.
 */
export async function runWebhookTick(
  db: Kysely<Database>,
  dialect: Dialect,
  settings: WebhookSettings,
): Promise<{ queued: number; sent: number }> {
  const queued = await fanOutChanges(db, dialect);
  const claimed = await claimDueDeliveries(db, dialect, settings.timeoutMs * 2 + 5_000);
  const outcomes = await Promise.all(claimed.map((delivery) => deliverClaimed(db, delivery, settings)));
  return { queued, sent: outcomes.filter(Boolean).length };
}
