import type { Quest } from '@loreforge/contract';
import { questsResource, useQuestMutations } from '../../api/quests';
import { GenericList } from '../../components/generic-list/GenericList';
import { lazyWithSpinner } from '../../components/lazy-with-spinner';
import { ProgressMeter } from './ProgressMeter';
import { QuestStatusBadge } from './QuestStatusBadge';

/** How many of a quest's objectives are complete. */
export function objectiveSummary(quest: Pick<Quest, 'objectives'>): { done: number; total: number } {
  return { done: quest.objectives.filter((o) => o.completed).length, total: quest.objectives.length };
}

function ObjectivesCell({ quest }: { quest: Quest }) {
  const { done, total } = objectiveSummary(quest);
  if (total === 0) return <span className="text-body-secondary">None</span>;
  return (
    <div style={{ minWidth: 120 }}>
      <ProgressMeter now={done} max={total} variant="success" height={8} label={`${done} of ${total} objectives complete`} />
      <span className="small text-body-secondary">
        {done}/{total} complete
      </span>
    </div>
  );
}

// The quick create brings the form library and the rich-text editor: it loads when its popover opens.
const QuestQuickCreateForm = lazyWithSpinner(async () => (await import('./QuestQuickCreateForm')).QuestQuickCreateForm);

/**
 * A world's quests in a GenericList (SPEC §2, §3 list reading): name linking to the quest with its objectives,
 * status badge, objective progress, created date; quick create (name, description), edit and delete.
 */
export function QuestList({ worldId }: { worldId: string }) {
  const { remove } = useQuestMutations(worldId);
  const base = `/worlds/${worldId}/quests`;
  return (
    <GenericList
      worldId={worldId}
      tagWorldId={worldId}
      entityName="quest"
      source={questsResource(worldId)}
      getId={(q) => q.questId}
      getName={(q) => q.name}
      getDescription={(q) => q.description}
      getViewPath={(q) => `${base}/${q.questId}`}
      getEditPath={(q) => `${base}/${q.questId}/edit`}
      onDelete={(q) => remove.mutateAsync(q.questId)}
      createPath={`${base}/create`}
      renderQuickCreate={({ close }) => <QuestQuickCreateForm worldId={worldId} close={close} />}
      columns={[
        { key: 'name', label: 'Name', sortable: true, kind: 'name' },
        { key: 'status', label: 'Status', sortable: true, render: (q) => <QuestStatusBadge status={q.status} /> },
        { key: 'objectives', label: 'Objectives', render: (q) => <ObjectivesCell quest={q} /> },
        { key: 'description', label: 'Description', kind: 'description' },
        { key: 'createdAt', label: 'Created', sortable: true, kind: 'date' },
      ]}
    />
  );
}
