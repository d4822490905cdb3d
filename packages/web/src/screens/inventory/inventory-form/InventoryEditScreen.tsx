import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { InventoryUpdateSchema, type Character } from '@loreforge/contract';
import { handleError, retryUnlessMissing } from '../../../api/client';
import { inventoryResource, useUpdateInventoryEntry } from '../../../api/inventory';
import { useResourceItem } from '../../../api/resource';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GenericForm } from '../../../components/form/GenericForm';
import { INVENTORY_EDIT_FIELDS, inventoryEditDefaults } from './inventory-edit-form';
import { LoadingSpinner } from '../../../components/LoadingSpinner';

/**
 * characters/:characterId/inventory/:inventoryItemId/edit (SPEC §2, §7: update sends quantity and equipped,
 * with the notes): 'Failed to load inventory. Please try again.' when the entry cannot be loaded.
 * @param worldId the world; @param character the owner.
 */
export function InventoryEditScreen({ worldId, character }: { worldId: string; character: Character }) {
  const { inventoryItemId } = useParams();
  const navigate = useNavigate();
  const resource = inventoryResource(worldId, character.characterId);
  const query = useResourceItem(resource, inventoryItemId);
  const update = useUpdateInventoryEntry(worldId);
  const base = `/worlds/${worldId}/characters/${character.characterId}/inventory`;
  const defaults = useMemo(() => inventoryEditDefaults(query.data), [query.data]);

  let body;
  if (query.isPending) body = <LoadingSpinner label="Loading inventory item..." />;
  else if (query.isError) {
    body = (
      <ErrorAlert
        message={handleError(query.error, 'Failed to load inventory. Please try again.')}
        onRetry={retryUnlessMissing(query.error, () => void query.refetch())}
      />
    );
  } else {
    body = (
      <GenericForm
        access={{ worldId, entity: query.data }}
        schema={InventoryUpdateSchema}
        fields={INVENTORY_EDIT_FIELDS}
        defaultValues={defaults}
        submitLabel="Save"
        failureFallback="Failed to save. Please try again."
        onCancel={() => void navigate(base)}
        onSubmit={async (values) => {
          await update.mutateAsync({ characterId: character.characterId, id: inventoryItemId ?? '', input: values });
          void navigate(base);
        }}
      />
    );
  }
  return <EntityPanel title={`Edit ${query.data?.itemName ?? 'Inventory Item'}`}>{body}</EntityPanel>;
}
