import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { InventoryUpdateSchema, type Item } from '@loreforge/contract';
import { handleError, retryUnlessMissing } from '../../../api/client';
import { useUpdateInventoryEntry } from '../../../api/inventory';
import { itemInstancesResource } from '../../../api/items';
import { useResourceItem } from '../../../api/resource';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GenericForm } from '../../../components/form/GenericForm';
import { INVENTORY_EDIT_FIELDS, inventoryEditDefaults } from '../../inventory/inventory-form/inventory-edit-form';
import { LoadingSpinner } from '../../../components/LoadingSpinner';

/**
 * items/:itemId/:instanceId/edit (SPEC §2 Items): quantity, equipped and notes of one instance, saved on the
 * owner's inventory entry. A failed save is reported with a browser alert (SPEC §8).
 * @param worldId the world; @param item the instance's item.
 */
export function InstanceEditScreen({ worldId, item }: { worldId: string; item: Item }) {
  const { instanceId = '' } = useParams();
  const navigate = useNavigate();
  const query = useResourceItem(itemInstancesResource(worldId, item.itemId), instanceId);
  const update = useUpdateInventoryEntry(worldId);
  const viewPath = `/worlds/${worldId}/items/${item.itemId}/${instanceId}`;
  const defaults = useMemo(() => inventoryEditDefaults(query.data), [query.data]);

  let body;
  if (query.isPending) body = <LoadingSpinner label="Loading item instance..." />;
  else if (query.isError) {
    body = (
      <ErrorAlert
        message={handleError(query.error, 'Failed to load item data.')}
        onRetry={retryUnlessMissing(query.error, () => void query.refetch())}
      />
    );
  } else {
    const owner = query.data.owner;
    body = (
      <GenericForm
        access={{ worldId, entity: query.data }}
        schema={InventoryUpdateSchema}
        fields={INVENTORY_EDIT_FIELDS}
        defaultValues={defaults}
        submitLabel="Save"
        onCancel={() => void navigate(viewPath)}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync({ characterId: owner.id, id: instanceId, input: values });
          } catch (error) {
            window.alert(handleError(error, 'Failed to save. Please try again.'));
            return;
          }
          void navigate(viewPath);
        }}
      />
    );
  }
  return <EntityPanel title={`Edit ${item.name}${query.data ? `, held by ${query.data.owner.name}` : ''}`}>{body}</EntityPanel>;
}
