/*
 * Characters (SPEC §2 "Under a world: Characters", §3 Character, §5 Character): the form's route module. The list
 * and the character's page are routed from their own modules (`routes/world-routes.tsx`), so they do not load it.
 */
export { CharacterFormScreen } from './character-form/CharacterFormScreen';
