/**
 * Routes under /worlds/:worldId (SPEC §2). `worldTabRoutes` render inside the world page's tabs;
 * `worldChildRoutes` are full pages of the entities.
 */
import type { RouteObject } from 'react-router';
import { characterPageRoutes } from './character-routes';
import { itemPageRoutes } from './item-routes';
import { lazyScreen } from './lazy';

const characters = () => import('../screens/characters/CharacterScreens');
const items = () => import('../screens/items/ItemScreens');
const timelines = () => import('../screens/timelines/TimelineScreens');
const events = () => import('../screens/events/EventScreens');
const maps = () => import('../screens/maps/MapScreens');
const goals = () => import('../screens/goals/GoalScreens');
const quests = () => import('../screens/quests/QuestScreens');
const details = () => import('../screens/worlds/WorldDetailsTab');
const members = () => import('../screens/members/MembersTab');
const calendars = () => import('../screens/calendars/CalendarScreens');

/** Tabs of the world page: Details (default, also at /details), Items, Timelines, Events, Characters, Maps, Members. */
export const worldTabRoutes: RouteObject[] = [
  { index: true, lazy: lazyScreen(details, 'WorldDetailsTab') },
  { path: 'details', lazy: lazyScreen(details, 'WorldDetailsTab') },
  // Each list from its own module, not its folder's route module: a list should not load the forms (and with
  // them the form library, zod and the rich-text editor) that only its "+ New" popover and other pages show.
  { path: 'items', lazy: lazyScreen(() => import('../screens/items/items-tab/ItemsTab'), 'ItemsTab') },
  { path: 'timelines', lazy: lazyScreen(() => import('../screens/timelines/TimelinesTab'), 'TimelinesTab') },
  { path: 'events', lazy: lazyScreen(() => import('../screens/events/EventsTab'), 'EventsTab') },
  { path: 'characters', lazy: lazyScreen(() => import('../screens/characters/characters-tab/CharactersTab'), 'CharactersTab') },
  { path: 'maps', lazy: lazyScreen(() => import('../screens/maps/MapsTab'), 'MapsTab') },
  { path: 'members', lazy: lazyScreen(members, 'MembersTab') },
];

/** Entity pages under a world. */
export const worldChildRoutes: RouteObject[] = [
  { path: 'timelines/create', lazy: lazyScreen(timelines, 'TimelineFormScreen') },
  // A page that shows an entity is imported from its own module, not its folder's route module: it should not wait
  // for the list and form chunks it never shows.
  { path: 'timelines/:timelineId', lazy: lazyScreen(() => import('../screens/timelines/TimelineScreen'), 'TimelineScreen') },
  { path: 'timelines/:timelineId/edit', lazy: lazyScreen(timelines, 'TimelineFormScreen') },
  { path: 'events/create', lazy: lazyScreen(events, 'EventFormScreen') },
  { path: 'events/:id/edit', lazy: lazyScreen(events, 'EventFormScreen') },
  { path: 'maps/create', lazy: lazyScreen(maps, 'MapFormScreen') },
  { path: 'maps/:mapId', lazy: lazyScreen(() => import('../screens/maps/MapScreen'), 'MapScreen') },
  { path: 'maps/:mapId/edit', lazy: lazyScreen(maps, 'MapFormScreen') },
  { path: 'characters/create', lazy: lazyScreen(characters, 'CharacterFormScreen') },
  { path: 'characters/:characterId/edit', lazy: lazyScreen(characters, 'CharacterFormScreen') },
  { path: 'characters/:characterId/family', lazy: lazyScreen(() => import('../screens/graph/FamilyTreeScreen'), 'FamilyTreeScreen') },
  {
    path: 'characters/:characterId',
    lazy: lazyScreen(() => import('../screens/characters/character-detail/CharacterScreen'), 'CharacterScreen'),
    children: characterPageRoutes,
  },
  { path: 'items/create', lazy: lazyScreen(items, 'ItemFormScreen') },
  {
    path: 'items/:itemId',
    lazy: lazyScreen(() => import('../screens/items/item-detail/ItemScreen'), 'ItemScreen'),
    children: itemPageRoutes,
  },
  { path: 'goals/create', lazy: lazyScreen(goals, 'GoalScreen') },
  { path: 'goals/:goalId', lazy: lazyScreen(goals, 'GoalScreen') },
  { path: 'goals/:goalId/edit', lazy: lazyScreen(goals, 'GoalScreen') },
  { path: 'quests', lazy: lazyScreen(() => import('../screens/quests/QuestListScreen'), 'QuestListScreen') },
  { path: 'quests/create', lazy: lazyScreen(quests, 'QuestFormScreen') },
  { path: 'quests/:id/edit', lazy: lazyScreen(quests, 'QuestFormScreen') },
  { path: 'quests/:questId', lazy: lazyScreen(() => import('../screens/quests/QuestDetailScreen'), 'QuestDetailScreen') },
  { path: 'calendars', lazy: lazyScreen(calendars, 'CalendarsScreen') },
  { path: 'calendars/create', lazy: lazyScreen(calendars, 'CalendarFormScreen') },
  { path: 'calendars/:calendarId', lazy: lazyScreen(calendars, 'CalendarScreen') },
  { path: 'calendars/:calendarId/edit', lazy: lazyScreen(calendars, 'CalendarFormScreen') },
  { path: 'graph', lazy: lazyScreen(() => import('../screens/graph/GraphScreen'), 'GraphScreen') },
];
