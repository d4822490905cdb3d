/*
 * The pages inside an item's page (SPEC §2 Items): each reads the world and the loaded item from ItemScreen's
 * outlet and renders its screen. `routes/item-routes.tsx` places them at their addresses.
 */
import { Link, useNavigate, useOutletContext } from 'react-router';
import type { Item } from '@loreforge/contract';
import { itemsResource } from '../../../api/items';
import { useResourceMutations } from '../../../api/resource';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { EditorsOnly } from '../../../components/access/IfAllowed';
import { EntityHistory } from '../../../components/history/EntityHistory';
import { ItemForm } from '../item-form/ItemForm';
import { GiveInstanceScreen } from '../instances/GiveInstanceScreen';
import { InstanceEditScreen } from '../instances/InstanceEditScreen';
import { InstanceViewScreen } from '../instances/InstanceViewScreen';
import { CharacterInstancesTab } from './CharacterInstancesTab';
import { ItemDetailsTab } from './ItemDetailsTab';
import { ItemInstancesTab } from './ItemInstancesTab';
import { LocationInstancesTab } from './LocationInstancesTab';

/** What ItemScreen hands the pages inside it: the world and the item as loaded. */
export interface ItemOutlet {
  worldId: string;
  item: Item;
}

const useItemOutlet = () => useOutletContext<ItemOutlet>();
const itemBase = ({ worldId, item }: ItemOutlet) => `/worlds/${worldId}/items/${item.itemId}`;

/** The Character Instances tab. */
export function CharacterInstancesPage() {
  const { worldId, item } = useItemOutlet();
  return <CharacterInstancesTab worldId={worldId} itemId={item.itemId} />;
}

/** The Location Instances tab (a placeholder, SPEC §2). */
export function LocationInstancesPage() {
  return <LocationInstancesTab worldId={useItemOutlet().worldId} />;
}

/** The Item Instances tab. */
export function ItemInstancesPage() {
  const { worldId, item } = useItemOutlet();
  return <ItemInstancesTab worldId={worldId} itemId={item.itemId} />;
}

/** The History tab: the item's changes with restore (issue 15). */
export function ItemHistoryPage() {
  const { worldId, item } = useItemOutlet();
  return <EntityHistory worldId={worldId} type="item" id={item.itemId} updatedAt={item.updatedAt} noun="item" />;
}

/** edit: the item form. */
export function ItemEditPage() {
  return <ItemForm />;
}

/**
 * delete: the details under a confirmation; confirming deletes the item and goes to the items, cancelling back
 * to the item. A failure reads 'Failed to delete item. Please try again.'
 */
export function ItemDeletePage() {
  const outlet = useItemOutlet();
  const { worldId, item } = outlet;
  const navigate = useNavigate();
  const { remove } = useResourceMutations(itemsResource(worldId));
  return (
    <EditorsOnly worldId={outlet.worldId} back={itemBase(outlet)}>
      <ItemDetailsTab item={item} />
      <ConfirmDeleteModal
        show
        entityType="item"
        entityName={item.name}
        failureFallback="Failed to delete item. Please try again."
        onCancel={() => void navigate(itemBase(outlet), { replace: true })}
        onConfirm={async () => {
          await remove.mutateAsync(item.itemId);
          void navigate(`/worlds/${worldId}/items`, { replace: true });
        }}
      />
    </EditorsOnly>
  );
}

/** create: give an instance of the item to a character. */
export function GiveInstancePage() {
  const outlet = useItemOutlet();
  return (
    <EditorsOnly worldId={outlet.worldId} back={itemBase(outlet)}>
      <GiveInstanceScreen {...outlet} />
    </EditorsOnly>
  );
}

/** :instanceId, and :instanceId/delete with its confirmation. */
export function InstanceViewPage({ confirmDelete = false }: { confirmDelete?: boolean }) {
  return <InstanceViewScreen {...useItemOutlet()} confirmDelete={confirmDelete} />;
}

/** :instanceId/delete. */
export function InstanceDeletePage() {
  const outlet = useItemOutlet();
  return (
    <EditorsOnly worldId={outlet.worldId} back={itemBase(outlet)}>
      <InstanceViewPage confirmDelete />
    </EditorsOnly>
  );
}

/** :instanceId/edit. */
export function InstanceEditPage() {
  return <InstanceEditScreen {...useItemOutlet()} />;
}

/** Any other address below the item: says so, with a way back to the details. */
export function ItemMissingPage() {
  return (
    <p className="mb-0">
      This page of the item does not exist. <Link to={itemBase(useItemOutlet())}>Back to the details</Link>
    </p>
  );
}
