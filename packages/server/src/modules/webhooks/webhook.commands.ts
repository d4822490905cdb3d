/**
 * Webhook writes (issue 15): create (secret generated, cursor at the world's latest change so only later changes
 * are delivered), change, rotate the secret. The URL is checked for SSRF on every save (webhook-url.ts).
 */
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type WebhookCreateSchema, type WebhookUpdateSchema } from '@loreforge/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import type { WorldScope } from '../../access/world-scope.js';
import { latestSequence } from './webhook-changes.js';
import { newWebhookSecret } from './webhook-signature.js';
import { checkWebhookUrl } from './webhook-url.js';
import { type WebhookRow, countWebhooks, findWebhook, insertWebhook, updateWebhook } from './webhook.repository.js';

/**
 * Creates a webhook of the scope's world.
 * @returns the new row (with its secret, to show once).
 * @throws AppError 400 on `url` (WEBHOOK_MESSAGES: scheme, credentials, unresolvable, private address); 409
 * WEBHOOK_MESSAGES.tooMany past WEBHOOK_LIMITS.perWorldMax.
 */
export async function createWebhook(
  db: Db,
  scope: WorldScope,
  input: z.output<typeof WebhookCreateSchema>,
  allowPrivate: boolean,
): Promise<WebhookRow> {
  const url = await checkWebhookUrl(input.url, allowPrivate);
  if ((await countWebhooks(db, scope.world.id)) >= WEBHOOK_LIMITS.perWorldMax) throw conflict(WEBHOOK_MESSAGES.tooMany);
  const now = nowIso();
  const row: WebhookRow = {
    id: newId(),
    world_id: scope.world.id,
    url,
    events: JSON.stringify(input.events),
    active: input.active ? 1 : 0,
    secret: newWebhookSecret(),
    last_sequence: await latestSequence(db, scope.world.id),
    created_by: scope.userId,
    created_at: now,
    updated_at: now,
  };
  await insertWebhook(db, row);
  return row;
}

/**
 * Changes a webhook's url, events or active flag (absent fields stay). Turning a paused webhook on again starts
 * from the world's latest change: changes made while it was off are not replayed.
 * @throws AppError 404 'Webhook not found.'; 400 on `url` as for create.
 */
export async function changeWebhook(
  db: Db,
  scope: WorldScope,
  webhookId: string,
  input: z.output<typeof WebhookUpdateSchema>,
  allowPrivate: boolean,
): Promise<WebhookRow> {
  const current = await findWebhook(db, scope.world.id, webhookId);
  if (!current) throw notFound('Webhook');
  const url = input.url === undefined ? undefined : await checkWebhookUrl(input.url, allowPrivate);
  // Resuming starts from now: the cursor moves to the world's latest change.
  const resumes = input.active === true && Number(current.active) !== 1;
  const row = await updateWebhook(db, scope.world.id, webhookId, {
    ...(url === undefined ? {} : { url }),
    ...(input.events === undefined ? {} : { events: JSON.stringify(input.events) }),
    ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
    ...(resumes ? { last_sequence: await latestSequence(db, scope.world.id) } : {}),
    updated_at: nowIso(),
  });
  if (!row) throw notFound('Webhook');
  return row;
}

/**
 * Replaces a webhook's secret; deliveries from now on are signed with the new one.
 * @returns the row with its new secret (to show once).
 * @throws AppError 404 'Webhook not found.'.
 */
export async function rotateWebhookSecret(db: Db, scope: WorldScope, webhookId: string): Promise<WebhookRow> {
  const row = await updateWebhook(db, scope.world.id, webhookId, { secret: newWebhookSecret(), updated_at: nowIso() });
  if (!row) throw notFound('Webhook');
  return row;
}
