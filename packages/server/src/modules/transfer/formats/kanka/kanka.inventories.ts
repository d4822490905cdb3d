/**
 * Kanka inventories (kanka.mapping.ts): a character's lines become inventory entries; a line naming no item of
 * the export becomes an item of its own (one per name); an inventory of anything but a character is reported.
 */
import { LIMITS } from '@loreforge/contract';
import { accessFields, clampInt, clampName, clampText, formatId } from '../shared/records.js';
import type { KankaContext } from './kanka.context.js';
import { isCharacters, secretIf } from './kanka.model.js';
import { isKankaPublic } from './kanka.source.js';

/** Maps every inventory line into `context.entities.inventory` (and ad hoc items into `items`). */
export function mapInventories(context: KankaContext): void {
  const { entities, report, now } = context;
  const adHocItems = new Map<string, string>();
  for (const mapped of context.byEntity.values()) {
    const file = mapped.file;
    file.record.entity.inventories.forEach((line, index) => {
      const where = `${file.path}#entity.inventories/${index}`;
      if (!isCharacters(mapped)) {
        report.add(where, `the inventory of ${mapped.name} was not kept: only characters hold inventories in Loreforge`);
        return;
      }
      let itemId = context.byModel('items', line.item_id)?.id ?? null;
      if (!itemId) {
        const name = clampName(line.name, '');
        if (name.length < LIMITS.itemNameMin) {
          report.add(where, `the inventory line names ${line.item_id ? `item ${line.item_id}, which is not in the export` : 'no item'}`);
          return;
        }
        itemId = adHocItems.get(name.toLowerCase()) ?? null;
        if (!itemId) {
          itemId = formatId('kanka', 'inventory-item', name.toLowerCase());
          adHocItems.set(name.toLowerCase(), itemId);
          entities.items.push({
            itemId,
            name,
            description: null,
            properties: {},
            attributes: {},
            ...accessFields('everyone'),
            createdAt: now,
            updatedAt: now,
          });
        }
      }
      const notes = [line.position?.trim(), context.text(line.description, file.path)].filter((part) => part).join(' — ');
      entities.inventory.push({
        inventoryItemId: formatId('kanka', 'inventory', mapped.id, index),
        characterId: mapped.id,
        itemId,
        quantity: clampInt(line.amount, LIMITS.inventoryQuantityMin, LIMITS.quantityMax, 1),
        equipped: line.is_equipped,
        notes: clampText(notes),
        attributes: {},
        ...accessFields(secretIf(!isKankaPublic(line.visibility_id), mapped.visibility === 'editors')),
        createdAt: now,
        updatedAt: now,
      });
    });
  }
}
