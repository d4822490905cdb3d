import { Route, Routes } from 'react-router';
import type { Character } from '@loreforge/contract';
import { MissingSubpage } from '../../components/MissingSubpage';
import { characterGoalsResource } from '../../api/goals';
import { GoalFormScreen } from './goal-form/GoalFormScreen';
import { GoalViewScreen } from './goal-view/GoalViewScreen';
import { CharacterGoalsTab } from './goals-tab/CharacterGoalsTab';

/**
 * The Goals tab of a character and its pages (SPEC §2 Goals): the list, goals/create, goals/:goalId and
 * goals/:goalId/edit, all on `/worlds/{w}/characters/{c}/goals`.
 * @param worldId the world; @param character the goals' owner.
 */
export function CharacterGoalRoutes({ worldId, character }: { worldId: string; character: Character }) {
  const resource = characterGoalsResource(worldId, character.characterId);
  const base = `/worlds/${worldId}/characters/${character.characterId}/goals`;
  const view = (goalId: string) => `${base}/${goalId}`;
  return (
    <Routes>
      <Route index element={<CharacterGoalsTab worldId={worldId} character={character} />} />
      <Route path="create" element={<GoalFormScreen resource={resource} listPath={base} viewPath={view} />} />
      <Route path=":goalId" element={<GoalViewScreen resource={resource} listPath={base} editPath={(id) => `${view(id)}/edit`} />} />
      <Route path=":goalId/edit" element={<GoalFormScreen resource={resource} listPath={base} viewPath={view} />} />
      <Route path="*" element={<MissingSubpage backTo={base} backLabel="Back to the goals" />} />
    </Routes>
  );
}
