import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import { LIMITS, type ItemInstance } from '@loreforge/contract';
import { readQuantity } from '../../../api/inventory';
import { itemInstancesResource } from '../../../api/items';
import { GenericList } from '../../../components/generic-list/GenericList';
import { truncate } from '../../../lib/format';

/**
 * The Item Instances tab (SPEC §2 Items): every instance of the item (owner, quantity, equipped, notes) with
 * view, edit and delete, and the add button to give the item to a character (items/:itemId/create).
 * @param worldId the world; @param itemId the item.
 */
export function ItemInstancesTab({ worldId, itemId }: { worldId: string; itemId: string }) {
  const base = `/worlds/${worldId}/items/${itemId}`;
  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <Link to={`${base}/create`} className="btn btn-primary">
          Give to a character
        </Link>
      </div>
      <GenericList<ItemInstance>
        entityName="item instance"
        source={itemInstancesResource(worldId, itemId)}
        getId={(i) => i.inventoryItemId}
        getName={(i) => `${i.owner.name}'s instance`}
        getDescription={(i) => i.notes}
        getViewPath={(i) => `${base}/${i.inventoryItemId}`}
        getEditPath={(i) => `${base}/${i.inventoryItemId}/edit`}
        renderActions={(i) => (
          <Link
            to={`${base}/${i.inventoryItemId}/delete`}
            className="btn btn-sm btn-outline-danger"
            aria-label={`Delete ${i.owner.name}'s instance`}
          >
            Delete
          </Link>
        )}
        createPath={`${base}/create`}
        columns={[
          {
            key: 'owner',
            label: 'Owner',
            render: (i) => <Link to={`${base}/${i.inventoryItemId}`}>{truncate(i.owner.name, LIMITS.truncateName)}</Link>,
          },
          { key: 'quantity', label: 'Quantity', sortable: true, render: (i) => readQuantity(i.quantity) },
          {
            key: 'equipped',
            label: 'Equipped',
            render: (i) =>
              i.equipped ? (
                <Badge bg="success">Equipped</Badge>
              ) : (
                <Badge bg="light" text="dark">
                  No
                </Badge>
              ),
          },
          { key: 'notes', label: 'Notes', kind: 'description' },
          { key: 'createdAt', label: 'Given', sortable: true, kind: 'date' },
        ]}
      />
    </>
  );
}
