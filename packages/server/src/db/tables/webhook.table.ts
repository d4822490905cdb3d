/** `webhook` and `webhook_delivery` (migration 2026_11_25_120000): a world's outgoing webhooks and their deliveries. */

/** `webhook`: one receiver of a world's changes, managed by the owner. */
export interface WebhookTable {
  id: string;
  world_id: string;
  url: string;
  /** JSON list of event types (`*`, `character.*`, `character.update`, …). */
  events: string;
  /** 1 active, 0 paused. */
  active: number;
  /** The HMAC-SHA256 signing secret (whsec_…). */
  secret: string;
  /** The last change sequence of the world turned into deliveries for this webhook (the fan-out's cursor). */
  last_sequence: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** `webhook_delivery`: one attempt to deliver one change; a retry is a new row with the next attempt number. */
export interface WebhookDeliveryTable {
  id: string;
  webhook_id: string;
  world_id: string;
  /** The event's id, the same on every attempt of one change (the body's `id`). */
  event_id: string;
  sequence: number;
  entity_type: string;
  entity_id: string;
  action: string;
  /** The exact JSON body sent (signed afresh with a new timestamp on each attempt). */
  payload: string;
  attempt: number;
  /** pending, sending, succeeded or failed (WEBHOOK_DELIVERY_STATUSES). */
  status: string;
  /** When the attempt is due (ISO 8601 UTC). */
  attempt_at: string;
  /** While sending: until when the claiming instance holds it; past that, another instance may retake it. */
  claimed_until: string | null;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
  completed_at: string | null;
}
