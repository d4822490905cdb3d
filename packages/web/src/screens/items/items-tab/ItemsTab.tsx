import { useParams } from 'react-router';
import type { Item } from '@loreforge/contract';
import { itemsResource } from '../../../api/items';
import { useResourceMutations } from '../../../api/resource';
import { GenericList } from '../../../components/generic-list/GenericList';
import { lazyWithSpinner } from '../../../components/lazy-with-spinner';

/** The item quick-create form, loaded when the "+ New" popover first opens (see lazyWithSpinner). */
const ItemQuickCreate = lazyWithSpinner(async () => (await import('./ItemQuickCreate')).ItemQuickCreate);

/**
 * Tab /worlds/:worldId/items (SPEC §2 Items, "Generic list"): the world's items with search, sort, grid or
 * list view, quick create, edit and delete; 'No items found.' when empty and 'Failed to load items. Please
 * try again.' on failure.
 */
export function ItemsTab() {
  const { worldId = '' } = useParams();
  const resource = itemsResource(worldId);
  const { remove } = useResourceMutations(resource);
  const base = `/worlds/${worldId}/items`;
  return (
    <div className="lf-panel">
      <GenericList<Item>
        tagWorldId={worldId}
        entityName="item"
        title="Items"
        source={resource}
        getId={(i) => i.itemId}
        getName={(i) => i.name}
        getDescription={(i) => i.description}
        getViewPath={(i) => `${base}/${i.itemId}`}
        getEditPath={(i) => `${base}/${i.itemId}/edit`}
        onDelete={(i) => remove.mutateAsync(i.itemId)}
        createPath={`${base}/create`}
        renderQuickCreate={({ close }) => <ItemQuickCreate worldId={worldId} onCreated={close} onCancel={close} />}
        columns={[
          { key: 'name', label: 'Name', sortable: true, kind: 'name' },
          { key: 'description', label: 'Description', kind: 'description' },
          { key: 'createdAt', label: 'Created', sortable: true, kind: 'date' },
        ]}
      />
    </div>
  );
}
