/**
 * Webhook routes (issue 15 "Integrations"), all for the world's owner only:
 * GET/POST /worlds/{worldId}/webhooks, GET/PUT/DELETE /worlds/{worldId}/webhooks/{webhookId},
 * POST …/webhooks/{webhookId}/secret (rotate), GET …/webhooks/{webhookId}/deliveries (the delivery log).
 * Deliveries, their signature and the address rules: docs/webhooks.md.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_MESSAGES,
  ErrorResponseSchema,
  PageQuerySchema,
  WEBHOOK_MESSAGES,
  WebhookCreateSchema,
  WebhookDeliverySchema,
  WebhookSchema,
  WebhookUpdateSchema,
  WebhookWithSecretSchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { notFound } from '../../errors/app-error.js';
import { WorldParams, errorResponses, singlePage } from '../../lib/route-parts.js';
import { requireOwner } from '../../access/world-scope.js';
import { changeWebhook, createWebhook, rotateWebhookSecret } from './webhook.commands.js';
import { presentDelivery, presentWebhook } from './webhook.presenter.js';
import { deleteWebhook, findWebhook, listDeliveries, listWebhooks } from './webhook.repository.js';

const WebhookParams = WorldParams.extend({ webhookId: uuidField('webhookId') });
const errors = { ...errorResponses, 409: ErrorResponseSchema };
const tags = ['webhooks'];
const ownerOnly = `Owner only (403 '${ACCESS_MESSAGES.ownerOnly}').`;
const urlRules = `The URL must be http(s), without credentials, and resolve only to public addresses (400 on \`url\`: '${WEBHOOK_MESSAGES.urlPrivate}') unless the server sets WEBHOOKS_ALLOW_PRIVATE=true.`;

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/webhooks',
    {
      schema: {
        tags,
        summary: "List a world's webhooks",
        description: `${ownerOnly} Secrets are never listed, only their last four characters.`,
        params: WorldParams,
        response: { 200: listResponseSchema(WebhookSchema), ...errors },
      },
    },
    async (request) => {
      requireOwner(request.world);
      const rows = await listWebhooks(app.db, request.world.world.id);
      return { data: rows.map(presentWebhook), pagination: singlePage(rows.length) };
    },
  );

  app.post(
    '/worlds/:worldId/webhooks',
    {
      schema: {
        tags,
        summary: 'Register a webhook: a URL, the event types it wants, and a generated signing secret shown this once',
        description: `${ownerOnly} ${urlRules} Only changes committed after creation are delivered. 409 '${WEBHOOK_MESSAGES.tooMany}'.`,
        params: WorldParams,
        body: WebhookCreateSchema,
        response: { 201: WebhookWithSecretSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireOwner(request.world);
      const row = await createWebhook(app.db, request.world, request.body, app.webhookSettings.allowPrivate);
      return reply.status(201).send({ ...presentWebhook(row), secret: row.secret });
    },
  );

  app.get(
    '/worlds/:worldId/webhooks/:webhookId',
    {
      schema: {
        tags,
        summary: 'Read one webhook',
        description: ownerOnly,
        params: WebhookParams,
        response: { 200: WebhookSchema, ...errors },
      },
    },
    async (request) => {
      requireOwner(request.world);
      const row = await findWebhook(app.db, request.world.world.id, request.params.webhookId);
      if (!row) throw notFound('Webhook');
      return presentWebhook(row);
    },
  );

  app.put(
    '/worlds/:worldId/webhooks/:webhookId',
    {
      schema: {
        tags,
        summary: "Change a webhook's URL, event types or active flag",
        description: `${ownerOnly} Absent fields stay as they are. ${urlRules} A paused webhook that is switched on again starts with the next change.`,
        params: WebhookParams,
        body: WebhookUpdateSchema,
        response: { 200: WebhookSchema, ...errors },
      },
    },
    async (request) => {
      requireOwner(request.world);
      return presentWebhook(
        await changeWebhook(app.db, request.world, request.params.webhookId, request.body, app.webhookSettings.allowPrivate),
      );
    },
  );

  app.delete(
    '/worlds/:worldId/webhooks/:webhookId',
    {
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log',
        description: `${ownerOnly} Pending retries are dropped.`,
        params: WebhookParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      requireOwner(request.world);
      if (!(await deleteWebhook(app.db, request.world.world.id, request.params.webhookId))) throw notFound('Webhook');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/worlds/:worldId/webhooks/:webhookId/secret',
    {
      schema: {
        tags,
        summary: "Replace a webhook's signing secret; the new one is shown this once",
        description: `${ownerOnly} Deliveries from now on, retries included, are signed with the new secret.`,
        params: WebhookParams,
        response: { 200: WebhookWithSecretSchema, ...errors },
      },
    },
    async (request) => {
      requireOwner(request.world);
      const row = await rotateWebhookSecret(app.db, request.world, request.params.webhookId);
      return { ...presentWebhook(row), secret: row.secret };
    },
  );

  app.get(
    '/worlds/:worldId/webhooks/:webhookId/deliveries',
    {
      schema: {
        tags,
        summary: "A webhook's delivery log: each attempt with its event, status code, attempt number, duration and error",
        description: `${ownerOnly} Newest first; a retry is a new entry with the next attempt number and the same eventId.`,
        params: WebhookParams,
        querystring: PageQuerySchema,
        response: { 200: listResponseSchema(WebhookDeliverySchema), ...errors },
      },
    },
    async (request) => {
      requireOwner(request.world);
      const webhook = await findWebhook(app.db, request.world.world.id, request.params.webhookId);
      if (!webhook) throw notFound('Webhook');
      const { page, limit } = request.query;
      const { rows, total } = await listDeliveries(app.db, webhook.id, (page - 1) * limit, limit);
      const totalPages = Math.ceil(total / limit);
      return {
        data: rows.map(presentDelivery),
        pagination: { currentPage: page, totalPages, totalItems: total, limit, nextCursor: null },
      };
    },
  );
};
