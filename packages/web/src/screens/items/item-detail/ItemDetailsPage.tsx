import { useOutletContext } from 'react-router';
import { ItemDetailsTab } from './ItemDetailsTab';
import type { ItemOutlet } from './ItemPages';

/**
 * The Item Details tab of an item's page (also its index; SPEC §2 Items), in a module of its own: the other pages
 * of `ItemPages` bring the item and instance forms, which the details do not show.
 */
export function ItemDetailsPage() {
  return <ItemDetailsTab item={useOutletContext<ItemOutlet>().item} />;
}
