import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { LIMITS, MESSAGES, SLOT_FILTERS, type Character, type InventoryEntry, type SlotFilter } from '@loreforge/contract';
import { handleError } from '../../../api/client';
import { inventoryResource, inventorySource, readQuantity } from '../../../api/inventory';
import { DEFAULT_LIST_PARAMS } from '../../../api/list';
import { useResourceMutations } from '../../../api/resource';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GenericList } from '../../../components/generic-list/GenericList';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { truncate } from '../../../lib/format';

const FILTER_LABELS: Record<SlotFilter, string> = { all: 'All items', equipped: 'Equipped', unequipped: 'Not equipped' };

/**
 * characters/:characterId/inventory (SPEC §2 Inventory, §7): the character's items with quantity and
 * equipped state, an equipped filter (slotFilter all, equipped, unequipped), edit and delete. An empty
 * inventory says 'No items in inventory.'; a failure 'Failed to load inventory. Please try again.'
 * @param worldId the world; @param character the owner.
 */
export function InventoryTab({ worldId, character }: { worldId: string; character: Character }) {
  const ids = useId();
  const [filter, setFilter] = useState<SlotFilter>('all');
  const base = `/worlds/${worldId}/characters/${character.characterId}/inventory`;
  const { remove } = useResourceMutations(inventoryResource(worldId, character.characterId));
  // The unfiltered first page, shared with the list's own query, tells whether the inventory is empty.
  const everything = inventorySource(worldId, character.characterId, 'all');
  const first = useQuery({
    queryKey: everything.listKey(DEFAULT_LIST_PARAMS),
    queryFn: ({ signal }) => everything.list(DEFAULT_LIST_PARAMS, signal),
  });

  const heading = <h2 className="h4 mb-0 me-auto">{character.name}&apos;s Inventory</h2>;
  const addLink = (
    <Link to={`${base}/create`} className="btn btn-primary">
      Add item
    </Link>
  );

  if (first.isPending) return <LoadingSpinner label="Loading inventory..." />;
  if (first.isError) {
    return (
      <>
        <div className="d-flex align-items-center gap-2 mb-3">{heading}</div>
        <ErrorAlert
          message={handleError(first.error, 'Failed to load inventory. Please try again.')}
          onRetry={() => void first.refetch()}
        />
      </>
    );
  }
  if (first.data.pagination.totalItems === 0) {
    return (
      <>
        <div className="d-flex align-items-center gap-2 mb-3">
          {heading}
          {addLink}
        </div>
        <p className="lf-empty text-center text-body-secondary py-4 mb-0">{MESSAGES.emptyInventory}</p>
      </>
    );
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        {heading}
        <Form.Group controlId={`${ids}-filter`} className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 text-nowrap">Show</Form.Label>
          <Form.Select value={filter} onChange={(e) => setFilter(e.target.value as SlotFilter)}>
            {SLOT_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABELS[f]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {addLink}
      </div>
      <GenericList<InventoryEntry>
        key={filter}
        entityName="inventory item"
        source={inventorySource(worldId, character.characterId, filter)}
        getId={(e) => e.inventoryItemId}
        getName={(e) => e.itemName}
        getDescription={(e) => e.notes}
        getViewPath={(e) => `/worlds/${worldId}/items/${e.itemId}`}
        getEditPath={(e) => `${base}/${e.inventoryItemId}/edit`}
        onDelete={(e) => remove.mutateAsync(e.inventoryItemId)}
        createPath={`${base}/create`}
        columns={[
          {
            key: 'itemName',
            label: 'Item',
            render: (e) => <Link to={`/worlds/${worldId}/items/${e.itemId}`}>{truncate(e.itemName, LIMITS.truncateName)}</Link>,
          },
          { key: 'quantity', label: 'Quantity', sortable: true, render: (e) => readQuantity(e.quantity) },
          {
            key: 'equipped',
            label: 'Equipped',
            render: (e) =>
              e.equipped ? (
                <Badge bg="success">Equipped</Badge>
              ) : (
                <Badge bg="light" text="dark">
                  No
                </Badge>
              ),
          },
          { key: 'notes', label: 'Notes', kind: 'description' },
          { key: 'createdAt', label: 'Added', sortable: true, kind: 'date' },
        ]}
      />
    </>
  );
}
