/**
 * The pages inside an item's page, /worlds/:worldId/items/:itemId/… (SPEC §2 Items): Item Details (also the index),
 * Character Instances, Location Instances, Item Instances and History, and edit, delete, create (give an instance),
 * :instanceId, :instanceId/edit and :instanceId/delete. Each is rendered in ItemScreen's tab panel.
 */
import type { RouteObject } from 'react-router';
import { lazyScreen } from './lazy';

const pages = () => import('../screens/items/item-detail/ItemPages');
const details = () => import('../screens/items/item-detail/ItemDetailsPage');

/** Child routes of `items/:itemId`. */
export const itemPageRoutes: RouteObject[] = [
  { index: true, lazy: lazyScreen(details, 'ItemDetailsPage') },
  { path: 'details', lazy: lazyScreen(details, 'ItemDetailsPage') },
  { path: 'character-instances', lazy: lazyScreen(pages, 'CharacterInstancesPage') },
  { path: 'location-instances', lazy: lazyScreen(pages, 'LocationInstancesPage') },
  { path: 'instances', lazy: lazyScreen(pages, 'ItemInstancesPage') },
  { path: 'history', lazy: lazyScreen(pages, 'ItemHistoryPage') },
  { path: 'edit', lazy: lazyScreen(pages, 'ItemEditPage') },
  { path: 'delete', lazy: lazyScreen(pages, 'ItemDeletePage') },
  { path: 'create', lazy: lazyScreen(pages, 'GiveInstancePage') },
  { path: ':instanceId', lazy: lazyScreen(pages, 'InstanceViewPage') },
  { path: ':instanceId/edit', lazy: lazyScreen(pages, 'InstanceEditPage') },
  { path: ':instanceId/delete', lazy: lazyScreen(pages, 'InstanceDeletePage') },
  { path: '*', lazy: lazyScreen(pages, 'ItemMissingPage') },
];
