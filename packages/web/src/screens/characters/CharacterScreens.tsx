/*
 * Characters (SPEC §2 "Under a world: Characters", §3 Character, §5 Character). The routes in
 * `routes/world-routes.tsx` point at these exports; each screen lives in its own folder.
 */
export { CharactersTab } from './characters-tab/CharactersTab';
export { CharacterFormScreen } from './character-form/CharacterFormScreen';
export { CharacterScreen } from './character-detail/CharacterScreen';
