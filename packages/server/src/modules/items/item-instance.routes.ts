/**
 * Item instance routes (SPEC §7 Items; issue 2: the inventory entries that hold an item):
 * GET/POST /worlds/{worldId}/items/{itemId}/instances and GET .../instances/{instanceId}.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  INVENTORY_SORT_FIELDS,
  ItemInstanceCreateSchema,
  ItemInstanceSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { notFound } from '../../errors/app-error.js';
import { requireWorldAccess } from '../worlds/world.access.js';
import { giveItemInstance, requireItem } from './item.commands.js';
import { presentItemInstance } from './item.presenter.js';
import { findItemInstance, listItemInstances } from './item-instance.repository.js';

const ItemParams = z.object({ worldId: uuidField('worldId'), itemId: uuidField('itemId') });
const InstanceParams = ItemParams.extend({ instanceId: uuidField('instanceId') });
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const tags = ['items'];

/** Registers the item-instance routes; each checks the world's owner and that the item is in that world. */
export const itemInstanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/worlds/:worldId/items/:itemId/instances', {
    schema: {
      tags,
      summary: 'List the instances of an item: the inventory entries holding it, each with its owner',
      description: 'Search looks in the owner\'s name and the notes; sortBy is one of createdAt, updatedAt, quantity.',
      params: ItemParams,
      querystring: listQuerySchema(INVENTORY_SORT_FIELDS),
      response: { 200: listResponseSchema(ItemInstanceSchema), ...errors },
    },
  }, async (request) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    const item = await requireItem(app.db, world.id, request.params.itemId);
    const { rows, pagination } = await listItemInstances(app.db, item.id, request.query);
    return { data: rows.map(presentItemInstance), pagination };
  });

  app.post('/worlds/:worldId/items/:itemId/instances', {
    schema: {
      tags,
      summary: 'Give an instance of an item to a character of the same world',
      description: "Adds an entry to the character's inventory. A missing or unknown characterId is a 400 'Please select a character.'",
      params: ItemParams,
      body: ItemInstanceCreateSchema,
      response: { 201: ItemInstanceSchema, ...errors },
    },
  }, async (request, reply) => {
    const instance = await app.db.transaction().execute(async (trx) => {
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      const item = await requireItem(trx, world.id, request.params.itemId);
      return giveItemInstance(trx, item, request.body);
    });
    return reply.status(201).send(presentItemInstance(instance));
  });

  app.get('/worlds/:worldId/items/:itemId/instances/:instanceId', {
    schema: { tags, summary: 'One instance of an item', params: InstanceParams, response: { 200: ItemInstanceSchema, ...errors } },
  }, async (request) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    const item = await requireItem(app.db, world.id, request.params.itemId);
    const instance = await findItemInstance(app.db, item.id, request.params.instanceId);
    if (!instance) throw notFound('Item instance');
    return presentItemInstance(instance);
  });
};
