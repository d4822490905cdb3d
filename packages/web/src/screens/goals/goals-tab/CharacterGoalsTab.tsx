import type { Character, Goal } from '@loreforge/contract';
import { characterGoalsResource } from '../../../api/goals';
import { useResourceMutations } from '../../../api/resource';
import { GenericList } from '../../../components/generic-list/GenericList';
import { GoalStatusBadge } from '../GoalStatusBadge';

/**
 * characters/:characterId/goals (SPEC §2 Goals): the character's goals in a GenericList with a status badge
 * column, view, edit and delete; 'No goals found.' when empty and 'Failed to load goals. Please try again.'
 * on failure. The add button opens goals/create.
 * @param worldId the world; @param character the goals' owner.
 */
export function CharacterGoalsTab({ worldId, character }: { worldId: string; character: Character }) {
  const resource = characterGoalsResource(worldId, character.characterId);
  const { remove } = useResourceMutations(resource);
  const base = `/worlds/${worldId}/characters/${character.characterId}/goals`;
  return (
    <GenericList<Goal>
      tagWorldId={worldId}
      entityName="goal"
      title={`${character.name}'s Goals`}
      source={resource}
      getId={(g) => g.goalId}
      getName={(g) => g.title}
      getDescription={(g) => g.description}
      getViewPath={(g) => `${base}/${g.goalId}`}
      getEditPath={(g) => `${base}/${g.goalId}/edit`}
      onDelete={(g) => remove.mutateAsync(g.goalId)}
      createPath={`${base}/create`}
      columns={[
        { key: 'title', label: 'Title', sortable: true, kind: 'name' },
        { key: 'goalType', label: 'Type', render: (g) => (g.goalType === 'PlotDriven' ? 'Plot Driven' : g.goalType) },
        { key: 'status', label: 'Status', render: (g) => <GoalStatusBadge status={g.status} /> },
        { key: 'targetDateTime', label: 'Target', kind: 'date' },
        { key: 'createdAt', label: 'Created', sortable: true, kind: 'date' },
      ]}
    />
  );
}
