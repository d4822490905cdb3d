/**
 * Inventory routes (SPEC §7 Inventory): GET/POST /worlds/{worldId}/characters/{characterId}/inventory and
 * GET/PUT/DELETE .../inventory/{inventoryItemId}. An entry is a character's holding of an item of its world.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INVENTORY_SORT_FIELDS,
  InventoryCreateSchema,
  InventoryEntrySchema,
  InventoryUpdateSchema,
  SLOT_FILTERS,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { notFound } from '../../errors/app-error.js';
import { requireCharacter } from '../characters/character.access.js';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { cachedScopedRead } from '../worlds/scoped-cache.js';
import { requireEditor } from '../../access/world-scope.js';
import { addInventoryEntry, updateInventoryEntry } from './inventory.commands.js';
import { presentInventoryEntry } from './inventory.presenter.js';
import { deleteInventoryRow, findInventoryEntry, listInventory } from './inventory.repository.js';
import { IfMatchHeaders, claimVersion } from '../../lib/versioned-update.js';

const CharacterParams = WorldParams.extend({ characterId: uuidField('characterId') });
const EntryParams = CharacterParams.extend({ inventoryItemId: uuidField('inventoryItemId') });
const tags = ['inventory'];

const InventoryQuerySchema = listQuerySchema(INVENTORY_SORT_FIELDS).extend({
  slotFilter: z
    .enum(SLOT_FILTERS, { error: () => `slotFilter must be one of: ${SLOT_FILTERS.join(', ')}.` })
    .default('all')
    .describe('all (default), equipped or unequipped entries.'),
});

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/characters/:characterId/inventory',
    {
      schema: {
        tags,
        summary: "List a character's inventory (slotFilter; search on item name and notes)",
        params: CharacterParams,
        querystring: InventoryQuerySchema,
        response: { 200: listResponseSchema(InventoryEntrySchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () => {
        const { characterId } = request.params;
        const { slotFilter, ...params } = request.query;
        const page = await listInventory(app.db, scope, characterId, slotFilter, params);
        // The page's statement checks the character: only an empty page may mean it is missing or hidden (404).
        if (page.rows.length === 0) await requireCharacter(app.db, scope, characterId);
        return listReply(page, (row) => presentInventoryEntry(row, scope));
      });
    },
  );

  app.post(
    '/worlds/:worldId/characters/:characterId/inventory',
    {
      schema: {
        tags,
        summary: "Add an item of the world to a character's inventory",
        description:
          'itemId must be an item of the same world (400 naming itemId otherwise). quantity is a whole number ' +
          'of at least 1 (default 1); equipped defaults to false. Adding an item the character already holds ' +
          'creates a separate entry rather than raising the existing quantity, since entries may differ by ' +
          'notes, attributes and equipped.',
        params: CharacterParams,
        body: InventoryCreateSchema,
        response: { 201: InventoryEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await app.db.transaction().execute(async (trx) => {
        const character = await requireCharacter(trx, request.world, request.params.characterId);
        return addInventoryEntry(trx, request.world, character, request.body);
      });
      return reply.status(201).send(presentInventoryEntry(entry, request.world));
    },
  );

  app.get(
    '/worlds/:worldId/characters/:characterId/inventory/:inventoryItemId',
    {
      schema: { tags, summary: 'One inventory entry', params: EntryParams, response: { 200: InventoryEntrySchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () => {
        const character = await requireCharacter(app.db, scope, request.params.characterId);
        const entry = await findInventoryEntry(app.db, scope, character.id, request.params.inventoryItemId);
        if (!entry) throw notFound('Inventory item');
        return presentInventoryEntry(entry, scope);
      });
    },
  );

  app.put(
    '/worlds/:worldId/characters/:characterId/inventory/:inventoryItemId',
    {
      schema: {
        tags,
        summary: "Change an entry's quantity, equipped, notes and attributes (the item stays)",
        params: EntryParams,
        headers: IfMatchHeaders,
        body: InventoryUpdateSchema,
        response: { 200: InventoryEntrySchema, ...errors },
      },
    },
    async (request) => {
      const entry = await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'inventory_item', id: request.params.inventoryItemId, entity: 'inventory item' });
        const character = await requireCharacter(trx, request.world, request.params.characterId);
        const existing = await findInventoryEntry(trx, request.world, character.id, request.params.inventoryItemId);
        if (!existing) throw notFound('Inventory item');
        return updateInventoryEntry(trx, request.world, existing, request.body);
      });
      return presentInventoryEntry(entry, request.world);
    },
  );

  app.delete(
    '/worlds/:worldId/characters/:characterId/inventory/:inventoryItemId',
    {
      schema: {
        tags,
        summary: 'Remove an entry from the inventory (irreversible; the item stays in the world)',
        params: EntryParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'inventory_item', id: request.params.inventoryItemId, entity: 'inventory item' });
        const character = await requireCharacter(trx, request.world, request.params.characterId);
        if (!(await findInventoryEntry(trx, request.world, character.id, request.params.inventoryItemId))) throw notFound('Inventory item');
        requireEditor(request.world);
        await deleteInventoryRow(trx, request.params.inventoryItemId);
      });
      return reply.status(204).send(null);
    },
  );
};
