/**
 * The pages inside a character's page, /worlds/:worldId/characters/:characterId/… (SPEC §2 Characters, Inventory,
 * Goals, Relationships): Details (also the index), Inventory, Goals, Relationships and History with their create,
 * view and edit pages. Each is rendered in CharacterScreen's tab panel; an unknown address says so with a way back.
 */
import type { RouteObject } from 'react-router';
import { lazyScreen } from './lazy';

const pages = () => import('../screens/characters/character-detail/CharacterPages');
const details = () => import('../screens/characters/character-detail/CharacterDetailsPage');

/** Child routes of `characters/:characterId`. */
export const characterPageRoutes: RouteObject[] = [
  { index: true, lazy: lazyScreen(details, 'CharacterDetailsPage') },
  { path: 'details', lazy: lazyScreen(details, 'CharacterDetailsPage') },
  {
    path: 'inventory',
    children: [
      { index: true, lazy: lazyScreen(pages, 'InventoryPage') },
      { path: 'create', lazy: lazyScreen(pages, 'InventoryCreatePage') },
      { path: ':inventoryItemId/edit', lazy: lazyScreen(pages, 'InventoryEditPage') },
      { path: '*', lazy: lazyScreen(pages, 'InventoryMissingPage') },
    ],
  },
  {
    path: 'goals',
    children: [
      { index: true, lazy: lazyScreen(pages, 'CharacterGoalsPage') },
      { path: 'create', lazy: lazyScreen(pages, 'CharacterGoalFormPage') },
      { path: ':goalId', lazy: lazyScreen(pages, 'CharacterGoalViewPage') },
      { path: ':goalId/edit', lazy: lazyScreen(pages, 'CharacterGoalFormPage') },
      { path: '*', lazy: lazyScreen(pages, 'CharacterGoalsMissingPage') },
    ],
  },
  {
    path: 'relationships',
    children: [
      { index: true, lazy: lazyScreen(pages, 'RelationshipsPage') },
      { path: 'create', lazy: lazyScreen(pages, 'RelationshipFormPage') },
      { path: ':relationshipId', lazy: lazyScreen(pages, 'RelationshipViewPage') },
      { path: ':relationshipId/edit', lazy: lazyScreen(pages, 'RelationshipFormPage') },
      { path: '*', lazy: lazyScreen(pages, 'RelationshipsMissingPage') },
    ],
  },
  { path: 'history', lazy: lazyScreen(pages, 'CharacterHistoryPage') },
  { path: '*', lazy: lazyScreen(pages, 'CharacterMissingPage') },
];
