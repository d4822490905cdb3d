import { Route, Routes } from 'react-router';
import type { Character } from '@loreforge/contract';
import { MissingSubpage } from '../../components/MissingSubpage';
import { InventoryCreateScreen } from './inventory-form/InventoryCreateScreen';
import { InventoryEditScreen } from './inventory-form/InventoryEditScreen';
import { InventoryTab } from './inventory-tab/InventoryTab';

/**
 * The Inventory tab of a character and its pages (SPEC §2 Inventory): the list, inventory/create and
 * inventory/:inventoryItemId/edit.
 * @param worldId the world; @param character the owner.
 */
export function InventoryRoutes({ worldId, character }: { worldId: string; character: Character }) {
  return (
    <Routes>
      <Route index element={<InventoryTab worldId={worldId} character={character} />} />
      <Route path="create" element={<InventoryCreateScreen worldId={worldId} character={character} />} />
      <Route path=":inventoryItemId/edit" element={<InventoryEditScreen worldId={worldId} character={character} />} />
      <Route path="*" element={<MissingSubpage backTo={`/worlds/${worldId}/characters/${character.characterId}/inventory`} backLabel="Back to the inventory" />} />
    </Routes>
  );
}
