/**
 * Outgoing webhooks of a world (issue 15 "Integrations"): the owner registers a URL and the kinds of change it
 * wants; every matching committed change is POSTed to it as a `WebhookEvent`, signed with the webhook's secret
 * (`Loreforge-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, docs/webhooks.md), retried with
 * backoff, and logged as deliveries.
 */
import { z } from 'zod';
import { booleanField } from './fields.js';
import { required } from './messages.js';
import { CHANGE_ACTIONS, CHANGE_ENTITY_TYPES } from './live.js';

/** Header carrying a delivery's signature. */
export const WEBHOOK_SIGNATURE_HEADER = 'Loreforge-Signature';

/** Bounds of a webhook. */
export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  eventsMax: 50,
  /** Webhooks per world. */
  perWorldMax: 20,
} as const;

/** Messages of the webhook routes (every refusal says what to change). */
export const WEBHOOK_MESSAGES = {
  urlInvalid: 'URL must be an absolute http:// or https:// address, such as https://example.com/hooks/loreforge.',
  urlScheme: 'URL must start with http:// or https://; other schemes are refused.',
  urlCredentials: 'URL must not contain a user name or password; put any token in the path or query instead.',
  urlUnresolvable: 'URL host could not be found; check the host name.',
  urlPrivate:
    'URL points to a loopback, private, link-local, shared or otherwise internal address; webhooks may only call public internet addresses.',
  eventsInvalid: `Events must be "*", "<entityType>.*" or "<entityType>.<action>" such as "character.updated"; entity types: ${CHANGE_ENTITY_TYPES.join(', ')}; actions: ${CHANGE_ACTIONS.join(', ')}.`,
  tooMany: `A world has at most ${WEBHOOK_LIMITS.perWorldMax} webhooks; delete one first.`,
} as const;

/**
 * Whether a text names event types a webhook can want: `*`, `<entityType>.*` or `<entityType>.<action>`.
 * @returns false for anything else (an unknown entity type or action, extra dots, blanks).
 */
export function isWebhookEventType(text: string): boolean {
  if (text === '*') return true;
  const [type, action, ...rest] = text.split('.');
  return (
    rest.length === 0 &&
    (CHANGE_ENTITY_TYPES as readonly string[]).includes(type ?? '') &&
    (action === '*' || (CHANGE_ACTIONS as readonly string[]).includes(action ?? ''))
  );
}

/**
 * Whether a change matches a webhook's event types.
 * @param events the webhook's list (`*`, `character.*`, `character.updated`, …).
 */
export function webhookMatches(events: readonly string[], entityType: string, action: string): boolean {
  return events.some((event) => event === '*' || event === `${entityType}.*` || event === `${entityType}.${action}`);
}

const urlField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required('URL') : WEBHOOK_MESSAGES.urlInvalid) })
  .trim()
  .min(1, required('URL'))
  .max(WEBHOOK_LIMITS.urlMax, `URL must be no more than ${WEBHOOK_LIMITS.urlMax} characters.`)
  .describe('Where deliveries are POSTed: a public http(s) address without credentials (checked on save and again on each delivery).');

const eventsField = z
  .array(
    z.string({ error: () => WEBHOOK_MESSAGES.eventsInvalid }).refine(isWebhookEventType, { message: WEBHOOK_MESSAGES.eventsInvalid }),
    { error: () => WEBHOOK_MESSAGES.eventsInvalid },
  )
  .min(1, 'Events must name at least one event type, or "*" for every change.')
  .max(WEBHOOK_LIMITS.eventsMax, `Events must be no more than ${WEBHOOK_LIMITS.eventsMax} entries.`)
  .transform((events) => [...new Set(events)])
  .describe(
    `Event types: "*" (every change), "<entityType>.*" or "<entityType>.<action>"; entity types ${CHANGE_ENTITY_TYPES.join(', ')}; actions ${CHANGE_ACTIONS.join(', ')}.`,
  );

/** POST /worlds/{worldId}/webhooks. */
export const WebhookCreateSchema = z.object({
  url: urlField,
  events: eventsField.default(['*']),
  active: booleanField('Active').default(true).describe('Inactive webhooks keep their settings but get no deliveries.'),
});
export type WebhookCreateInput = z.input<typeof WebhookCreateSchema>;

/** PUT /worlds/{worldId}/webhooks/{webhookId}: absent fields keep their value. */
export const WebhookUpdateSchema = z.object({
  url: urlField.optional(),
  events: eventsField.optional(),
  active: booleanField('Active').optional(),
});
export type WebhookUpdateInput = z.input<typeof WebhookUpdateSchema>;

/** A webhook as its owner reads it (the secret only on create and rotation). */
export const WebhookSchema = z.object({
  webhookId: z.string(),
  worldId: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  secretHint: z.string().describe("The secret's last four characters, to tell secrets apart."),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer of create and secret rotation: the webhook with its signing secret, shown this once. */
export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().describe('Signing secret (whsec_…): store it now, it is never shown again.'),
});
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

/** States of one delivery attempt. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The JSON body of every delivery (what receivers parse after checking the signature). */
export const WebhookEventSchema = z.object({
  id: z.string().describe('Event id, the same on every retry of one change (deduplicate on it).'),
  worldId: z.string(),
  sequence: z.number().int().describe("The change's sequence in its world's change log."),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  by: z.string().nullable().describe('userId of who made the change.'),
  at: z.string().describe('When the change was committed (ISO 8601, UTC).'),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** One attempt to deliver one event (GET …/webhooks/{webhookId}/deliveries), newest first. */
export const WebhookDeliverySchema = z.object({
  deliveryId: z.string(),
  eventId: z.string(),
  sequence: z.number().int(),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  attempt: z.number().int().describe('1 for the first attempt, then 2, 3, … for retries of the same event.'),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  statusCode: z.number().int().nullable().describe("The receiver's HTTP status; null when no answer came."),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable().describe('Why the attempt failed (refused address, timeout, non-2xx answer…).'),
  createdAt: z.string(),
  attemptAt: z.string().describe('When the attempt is or was due.'),
  completedAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

const pageParam = (label: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: () => `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(max, `${label} must be no more than ${max}.`)
    .default(fallback);

/** `?page=&limit=` of logs and histories: page from 1, limit 1–100 (default 20), newest first. */
export const PageQuerySchema = z.object({
  page: pageParam('page', 1_000_000, 1).describe('Page number, starting at 1.'),
  limit: pageParam('limit', 100, 20).describe('Entries per page, 1 to 100 (default 20).'),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
