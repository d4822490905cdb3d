/** Groups an item's instances by the character holding them (SPEC §2 Character Instances tab). */
import type { ItemInstance } from '@loreforge/contract';
import { readQuantity } from '../../../api/inventory';

/** One character's holding of an item. */
export interface OwnerHolding {
  characterId: string;
  name: string;
  /** Sum of the quantities of the character's instances. */
  quantity: number;
  /** How many separate instances (inventory entries). */
  instances: number;
  /** True when any of them is equipped. */
  equipped: boolean;
}

/**
 * Sums instances per owning character, in order of first appearance.
 * @param instances the item's instances (quantities may arrive as `{ low }` objects).
 */
export function groupOwners(instances: readonly ItemInstance[]): OwnerHolding[] {
  const byOwner = new Map<string, OwnerHolding>();
  for (const instance of instances) {
    const current = byOwner.get(instance.owner.id) ?? {
      characterId: instance.owner.id,
      name: instance.owner.name,
      quantity: 0,
      instances: 0,
      equipped: false,
    };
    current.quantity += readQuantity(instance.quantity);
    current.instances += 1;
    current.equipped ||= instance.equipped;
    byOwner.set(instance.owner.id, current);
  }
  return [...byOwner.values()];
}
