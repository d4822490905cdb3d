/** Presents item and item-instance rows as the API answers them (SPEC §3 Item and Item instance). */
import type { Item, ItemInstance } from '@loreforge/contract';
import type { ItemTable } from '../../db/tables/item.table.js';
import { fromJsonObject } from '../../lib/json.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import type { ItemInstanceRow } from './item-instance.repository.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

/** An item row → `Item` for a reader (JSON text parsed; only whitelisted fields; GM notes for editors). */
export const presentItem = (row: ItemTable, scope: ReadScope): Item =>
  withAccess(row, scope, {
    itemId: row.id,
    worldId: row.world_id,
    name: row.name,
    description: row.description,
    descriptionHtml: richTextOf(row),
    properties: fromJsonObject(row.properties),
    attributes: fromJsonObject(row.attributes),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

/** An inventory entry with its owner's name → `ItemInstance`; quantity is a plain integer. */
export const presentItemInstance = (row: ItemInstanceRow, scope: ReadScope): ItemInstance =>
  withAccess(row, scope, {
    inventoryItemId: row.id,
    itemId: row.item_id,
    quantity: Number(row.quantity),
    equipped: Number(row.equipped) !== 0,
    notes: row.notes,
    attributes: fromJsonObject(row.attributes),
    owner: { type: 'character' as const, id: row.character_id, name: row.owner_name },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
