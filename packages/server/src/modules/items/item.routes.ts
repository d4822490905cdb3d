/**
 * Item routes (SPEC §7 Items): GET/POST /worlds/{worldId}/items, GET/PUT/DELETE /worlds/{worldId}/items/{itemId}.
 * Rules of SPEC §5 Item: name required (at least 2 characters), properties a JSON object.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  ITEM_SORT_FIELDS,
  ItemCreateSchema,
  ItemSchema,
  ItemUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { nowIso } from '../../lib/time.js';
import { requireWorldAccess } from '../worlds/world.access.js';
import { cachedWorldRead } from '../../lib/read-cache.js';
import { createItem, deleteItem, itemColumns, requireItem } from './item.commands.js';
import { presentItem } from './item.presenter.js';
import { listItems, updateItem } from './item.repository.js';
import { IfMatchHeaders, claimVersion, withIfMatch } from '../../lib/versioned-update.js';

const WorldParams = z.object({ worldId: uuidField('worldId') });
const ItemParams = WorldParams.extend({ itemId: uuidField('itemId') });
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const tags = ['items'];

/** Registers the item routes; every one checks that the caller owns the world (404 otherwise). */
export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/worlds/:worldId/items', {
    schema: {
      tags,
      summary: "List a world's items",
      description: 'Search looks in name and description; sortBy is one of createdAt, updatedAt, name.',
      params: WorldParams,
      querystring: listQuerySchema(ITEM_SORT_FIELDS),
      response: { 200: listResponseSchema(ItemSchema), ...errors },
    },
  }, async (request) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    return cachedWorldRead(app.db, world, request.url, async () => {
      const { rows, pagination } = await listItems(app.db, world.id, request.query, Number(world.item_count), world.content_version);
      return { data: rows.map(presentItem), pagination };
    });
  });

  app.post('/worlds/:worldId/items', {
    schema: {
      tags,
      summary: 'Create an item',
      params: WorldParams,
      body: ItemCreateSchema,
      response: { 201: ItemSchema, ...errors },
    },
  }, async (request, reply) => {
    const item = await app.db.transaction().execute(async (trx) => {
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      return createItem(trx, world.id, request.body);
    });
    return reply.status(201).send(presentItem(item));
  });

  app.get('/worlds/:worldId/items/:itemId', {
    schema: { tags, summary: 'One item', params: ItemParams, response: { 200: ItemSchema, ...errors } },
  }, async (request) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    return cachedWorldRead(app.db, world, request.url, async () => presentItem(await requireItem(app.db, world.id, request.params.itemId)));
  });

  app.put('/worlds/:worldId/items/:itemId', {
    schema: {
      tags,
      summary: 'Replace an item (validated like create)',
      params: ItemParams,
      headers: IfMatchHeaders,
      body: ItemUpdateSchema,
      response: { 200: ItemSchema, ...errors },
    },
  }, async (request) => withIfMatch(app.db, request, { table: 'item', id: request.params.itemId, entity: 'item' }, async (db) => {
    const world = await requireWorldAccess(db, request.params.worldId, request.userId);
    const item = await requireItem(db, world.id, request.params.itemId);
    const updated = await updateItem(db, world.id, item.id, { ...itemColumns(request.body), updated_at: nowIso() });
    return presentItem(updated ?? item);
  }));

  app.delete('/worlds/:worldId/items/:itemId', {
    schema: {
      tags,
      summary: 'Delete an item (irreversible)',
      description: 'Its instances (inventory entries) are deleted with it, connections to it are removed and map points linked to it are unlinked.',
      params: ItemParams,
      headers: IfMatchHeaders,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
  }, async (request, reply) => {
    await app.db.transaction().execute(async (trx) => {
      await claimVersion(trx, request, { table: 'item', id: request.params.itemId, entity: 'item' });
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      await deleteItem(trx, await requireItem(trx, world.id, request.params.itemId));
    });
    return reply.status(204).send(null);
  });
};
