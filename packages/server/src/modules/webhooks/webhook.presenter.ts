/** Turns webhook and delivery rows into their answers (never the secret, except where a route adds it once). */
import type { Webhook, WebhookDelivery, WebhookDeliveryStatus } from '@loreforge/contract';
import type { WebhookDeliveryRow, WebhookRow } from './webhook.repository.js';

/** A webhook row as WebhookSchema. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    webhookId: row.id,
    worldId: row.world_id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    active: Number(row.active) === 1,
    secretHint: row.secret.slice(-4),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A delivery attempt row as WebhookDeliverySchema. */
export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    deliveryId: row.id,
    eventId: row.event_id,
    sequence: Number(row.sequence),
    entityType: row.entity_type,
    entityId: row.entity_id,
    action: row.action,
    attempt: row.attempt,
    status: row.status as WebhookDeliveryStatus,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    createdAt: row.created_at,
    attemptAt: row.attempt_at,
    completedAt: row.completed_at,
  };
}
