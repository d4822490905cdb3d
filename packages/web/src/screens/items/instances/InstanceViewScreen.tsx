import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import type { Item } from '@loreforge/contract';
import { handleError, retryUnlessMissing } from '../../../api/client';
import { inventoryResource, readQuantity } from '../../../api/inventory';
import { itemInstancesResource } from '../../../api/items';
import { useResourceItem } from '../../../api/resource';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { DetailList } from '../../../components/entity-view/DetailList';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { JsonObjectTable } from '../../../components/entity-view/JsonObjectTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { formatDateTime } from '../../../lib/format';

/** Props of {@link InstanceViewScreen}. */
export interface InstanceViewScreenProps {
  worldId: string;
  item: Item;
  /** True on items/:itemId/:instanceId/delete: the delete question is open over the view. */
  confirmDelete?: boolean;
}

/**
 * items/:itemId/:instanceId and .../:instanceId/delete (SPEC §2 Items, §3 Item instance): who owns the
 * instance, quantity, equipped, notes and attributes, with Edit and Delete. Deleting asks first (irreversible);
 * a failure is reported with a browser alert (SPEC §8).
 */
export function InstanceViewScreen({ worldId, item, confirmDelete = false }: InstanceViewScreenProps) {
  const { instanceId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useResourceItem(itemInstancesResource(worldId, item.itemId), instanceId);
  const base = `/worlds/${worldId}/items/${item.itemId}`;
  const viewPath = `${base}/${instanceId}`;

  if (query.isPending) return <LoadingSpinner label="Loading item instance..." />;
  if (query.isError) {
    return (
      <ErrorAlert
        message={handleError(query.error, 'Failed to load item data.')}
        onRetry={retryUnlessMissing(query.error, () => void query.refetch())}
      />
    );
  }
  const instance = query.data;

  const handleDelete = async () => {
    try {
      await inventoryResource(worldId, instance.owner.id).remove(instance.inventoryItemId);
    } catch (error) {
      window.alert(handleError(error, 'Failed to delete item. Please try again.'));
      void navigate(viewPath, { replace: true });
      return;
    }
    queryClient.removeQueries({ queryKey: itemInstancesResource(worldId, item.itemId).detailKey(instanceId) });
    void navigate(`${base}/instances`, { replace: true });
    await queryClient.invalidateQueries({ queryKey: ['worlds', worldId] });
  };

  return (
    <EntityPanel
      title={`${item.name}, held by ${instance.owner.name}`}
      actions={
        <>
          <Link to={`${base}/instances`} className="btn btn-outline-secondary">
            Back
          </Link>
          <Link to={`${viewPath}/edit`} className="btn btn-outline-primary">
            Edit
          </Link>
          <Link to={`${viewPath}/delete`} className="btn btn-outline-danger">
            Delete
          </Link>
        </>
      }
    >
      <DetailList
        rows={[
          {
            label: 'Owner',
            value: <Link to={`/worlds/${worldId}/characters/${instance.owner.id}/inventory`}>{instance.owner.name}</Link>,
          },
          { label: 'Quantity', value: readQuantity(instance.quantity) },
          { label: 'Equipped', value: instance.equipped ? <Badge bg="success">Equipped</Badge> : 'No' },
          { label: 'Notes', value: instance.notes },
          { label: 'Given', value: formatDateTime(instance.createdAt) },
        ]}
      />
      <h3 className="h5 mt-4">Attributes</h3>
      <JsonObjectTable value={instance.attributes} caption="Instance attributes" emptyText="No attributes defined." />
      <ConfirmDeleteModal
        show={confirmDelete}
        entityType="item instance"
        entityName={`${instance.owner.name}'s instance of ${item.name}`}
        onCancel={() => void navigate(viewPath, { replace: true })}
        onConfirm={handleDelete}
      />
    </EntityPanel>
  );
}
