import type { InventoryEntry } from '@loreforge/contract';
import { fromJsonObject } from '../../lib/json.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import type { InventoryRow } from './inventory.repository.js';

/** Presents an inventory entry with its item's name (SPEC §3 Inventory entry); equipped as a boolean. */
export const presentInventoryEntry = (row: InventoryRow, scope: ReadScope): InventoryEntry =>
  withAccess(row, scope, {
    inventoryItemId: row.id,
    characterId: row.character_id,
    itemId: row.item_id,
    itemName: row.item_name,
    quantity: Number(row.quantity),
    equipped: Number(row.equipped) === 1,
    notes: row.notes,
    attributes: fromJsonObject(row.attributes),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
