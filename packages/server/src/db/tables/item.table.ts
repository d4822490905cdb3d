/** `item`: properties and attributes are JSON text. */
import type { AccessColumns } from './access-columns.js';
export interface ItemTable extends AccessColumns {
  id: string;
  world_id: string;
  name: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  properties: string;
  attributes: string;
  created_at: string;
  updated_at: string;
}

/** `inventory_item`: a character's holding of an item (also an "item instance"). equipped is 0 or 1. */
export interface InventoryItemTable extends AccessColumns {
  id: string;
  world_id: string;
  character_id: string;
  item_id: string;
  quantity: number;
  equipped: number;
  notes: string | null;
  attributes: string;
  created_at: string;
  updated_at: string;
}
