/**
 * Item instance routes (SPEC §7 Items; issue 2: the inventory entries that hold an item):
 * GET/POST /worlds/{worldId}/items/{itemId}/instances and GET .../instances/{instanceId}.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INVENTORY_SORT_FIELDS,
  ItemInstanceCreateSchema,
  ItemInstanceSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { notFound } from '../../errors/app-error.js';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { requireItem } from './item.access.js';
import { giveItemInstance } from './item.commands.js';
import { presentItemInstance } from './item.presenter.js';
import { findItemInstance, listItemInstances } from './item-instance.repository.js';

const ItemParams = WorldParams.extend({ itemId: uuidField('itemId') });
const InstanceParams = ItemParams.extend({ instanceId: uuidField('instanceId') });
const tags = ['items'];

/** Registers the item-instance routes; each checks that the item is in the world and visible to the reader. */
export const itemInstanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/items/:itemId/instances',
    {
      schema: {
        tags,
        summary: 'List the instances of an item: the inventory entries holding it, each with its owner',
        description: "Search looks in the owner's name and the notes; sortBy is one of createdAt, updatedAt, quantity.",
        params: ItemParams,
        querystring: listQuerySchema(INVENTORY_SORT_FIELDS),
        response: { 200: listResponseSchema(ItemInstanceSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      const item = await requireItem(app.db, scope, request.params.itemId);
      return listReply(await listItemInstances(app.db, scope, item.id, request.query), (row) => presentItemInstance(row, scope));
    },
  );

  app.post(
    '/worlds/:worldId/items/:itemId/instances',
    {
      schema: {
        tags,
        summary: 'Give an instance of an item to a character of the same world',
        description: "Adds an entry to the character's inventory. A missing or unknown characterId is a 400 'Please select a character.'",
        params: ItemParams,
        body: ItemInstanceCreateSchema,
        response: { 201: ItemInstanceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const instance = await app.db.transaction().execute(async (trx) => {
        const item = await requireItem(trx, request.world, request.params.itemId);
        return giveItemInstance(trx, request.world, item, request.body);
      });
      return reply.status(201).send(presentItemInstance(instance, request.world));
    },
  );

  app.get(
    '/worlds/:worldId/items/:itemId/instances/:instanceId',
    {
      schema: { tags, summary: 'One instance of an item', params: InstanceParams, response: { 200: ItemInstanceSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      const item = await requireItem(app.db, scope, request.params.itemId);
      const instance = await findItemInstance(app.db, scope, item.id, request.params.instanceId);
      if (!instance) throw notFound('Item instance');
      return presentItemInstance(instance, scope);
    },
  );
};
