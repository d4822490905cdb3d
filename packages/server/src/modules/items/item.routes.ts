/**
 * Item routes (SPEC §7 Items): GET/POST /worlds/{worldId}/items, GET/PUT/DELETE /worlds/{worldId}/items/{itemId}.
 * Rules of SPEC §5 Item: name required (at least 2 characters), properties a JSON object.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ITEM_SORT_FIELDS,
  ItemCreateSchema,
  ItemSchema,
  ItemUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { nowIso } from '../../lib/time.js';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { accessColumns } from '../worlds/access-fields.js';
import { cachedScopedRead } from '../worlds/scoped-cache.js';
import { requireEditor } from '../../access/world-scope.js';
import { requireItem } from './item.access.js';
import { createItem, deleteItem, itemColumns } from './item.commands.js';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';
import { presentItem } from './item.presenter.js';
import { listItems, updateItem } from './item.repository.js';
import { IfMatchHeaders, claimVersion, withIfMatch } from '../../lib/versioned-update.js';

const ItemParams = WorldParams.extend({ itemId: uuidField('itemId') });
const tags = ['items'];

/** Registers the item routes; the world scope step has checked membership (404 otherwise). */
export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/items',
    {
      schema: {
        tags,
        summary: "List a world's items",
        description: 'Search looks in name and description; sortBy is one of createdAt, updatedAt, name.',
        params: WorldParams,
        querystring: listQuerySchema(ITEM_SORT_FIELDS),
        response: { 200: listResponseSchema(ItemSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () =>
        listReply(await listItems(app.db, scope, request.query), (row) => presentItem(row, scope)),
      );
    },
  );

  app.post(
    '/worlds/:worldId/items',
    {
      schema: {
        tags,
        summary: 'Create an item',
        params: WorldParams,
        body: ItemCreateSchema,
        response: { 201: ItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const item = await app.db.transaction().execute((trx) => createItem(trx, request.world, request.body));
      return reply.status(201).send(presentItem(item, request.world));
    },
  );

  app.get(
    '/worlds/:worldId/items/:itemId',
    {
      schema: { tags, summary: 'One item', params: ItemParams, response: { 200: ItemSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () =>
        presentItem(await requireItem(app.db, scope, request.params.itemId), scope),
      );
    },
  );

  app.put(
    '/worlds/:worldId/items/:itemId',
    {
      schema: {
        tags,
        summary: 'Replace an item (validated like create)',
        params: ItemParams,
        headers: IfMatchHeaders,
        body: ItemUpdateSchema,
        response: { 200: ItemSchema, ...errors },
      },
    },
    async (request) =>
      withIfMatch(app.db, request, { table: 'item', id: request.params.itemId, entity: 'item' }, async (db) => {
        const scope = request.world;
        const item = await requireItem(db, scope, request.params.itemId);
        requireEditor(scope);
        const richText = await prepareRichText(db, scope, request.body, item);
        const changes = {
          ...itemColumns(request.body),
          ...richTextRow(richText),
          ...(await accessColumns(db, scope, request.body, item)),
          updated_at: nowIso(),
        };
        const updated = await updateItem(db, scope, item.id, changes);
        await saveMentions(db, scope, 'item', item.id, richText);
        return presentItem(updated ?? item, scope);
      }),
  );

  app.delete(
    '/worlds/:worldId/items/:itemId',
    {
      schema: {
        tags,
        summary: 'Delete an item (irreversible)',
        description:
          'Its instances (inventory entries) are deleted with it, connections to it are removed and map points linked to it are unlinked.',
        params: ItemParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'item', id: request.params.itemId, entity: 'item' });
        const item = await requireItem(trx, request.world, request.params.itemId);
        requireEditor(request.world);
        await deleteItem(trx, item);
      });
      return reply.status(204).send(null);
    },
  );
};
