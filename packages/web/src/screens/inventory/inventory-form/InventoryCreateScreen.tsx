import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { failedToLoad, LIMITS, type Character } from '@loreforge/contract';
import { handleError } from '../../../api/client';
import { inventoryResource } from '../../../api/inventory';
import { useItemLookup } from '../../../api/items';
import { useResourceMutations } from '../../../api/resource';
import { RoleRefusal } from '../../../components/access/IfAllowed';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GenericForm } from '../../../components/form/GenericForm';
import type { FieldConfig } from '../../../components/form/types';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { useWorldAccess } from '../../../hooks/useWorldAccess';
import { InventoryFormSchema, NEW_ENTRY_VALUES } from './inventory-form-schema';

/**
 * characters/:characterId/inventory/create (SPEC §2, §5 Inventory): the item, chosen from the world's items
 * (up to 1000), quantity (at least 1, default 1), equipped (default off) and notes. A world without items
 * points to the item form. Only editors add to an inventory: anyone else gets the refusal (issue 11).
 * @param worldId the world; @param character who receives the item.
 */
export function InventoryCreateScreen({ worldId, character }: { worldId: string; character: Character }) {
  const navigate = useNavigate();
  const items = useItemLookup(worldId);
  const access = useWorldAccess(worldId);
  const { create } = useResourceMutations(inventoryResource(worldId, character.characterId));
  const base = `/worlds/${worldId}/characters/${character.characterId}/inventory`;
  const fields = useMemo<FieldConfig[]>(
    () => [
      {
        name: 'itemId',
        label: 'Item',
        type: 'select',
        required: true,
        options: (items.data?.data ?? []).map((i) => ({ value: i.itemId, label: i.name })),
      },
      { name: 'quantity', label: 'Quantity', type: 'number', required: true, min: LIMITS.inventoryQuantityMin },
      { name: 'equipped', label: 'Equipped', type: 'checkbox' },
      { name: 'notes', label: 'Notes', type: 'textarea' },
    ],
    [items.data],
  );

  let body;
  if (!access.isEditor) body = <RoleRefusal back={base} />;
  else if (items.isPending) body = <LoadingSpinner label="Loading items..." />;
  else if (items.isError) {
    body = <ErrorAlert message={handleError(items.error, failedToLoad('item'))} onRetry={() => void items.refetch()} />;
  } else if (items.data.data.length === 0) {
    body = (
      <p className="mb-0">
        This world has no items yet. <Link to={`/worlds/${worldId}/items/create`}>Create an item</Link> first, then give it to{' '}
        {character.name}.
      </p>
    );
  } else {
    body = (
      <GenericForm
        access={{ worldId }}
        schema={InventoryFormSchema}
        fields={fields}
        defaultValues={NEW_ENTRY_VALUES}
        submitLabel="Add to inventory"
        failureFallback="Failed to save. Please try again."
        onCancel={() => void navigate(base)}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          void navigate(base);
        }}
      />
    );
  }
  return <EntityPanel title={`Add an Item to ${character.name}'s Inventory`}>{body}</EntityPanel>;
}
