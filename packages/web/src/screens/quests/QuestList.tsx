import { QuestCreateSchema, type Quest } from '@loreforge/contract';
import { questsResource, useQuestMutations } from '../../api/quests';
import { GenericForm } from '../../components/form/GenericForm';
import { GenericList } from '../../components/generic-list/GenericList';
import { QUEST_FIELDS, QUEST_MESSAGES, questPayload } from './quest-form';
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

const QUICK_FIELDS = QUEST_FIELDS.filter((f) => f.name === 'name' || f.name === 'description').map((f) => ({
  ...f,
  rows: f.rows ? 3 : undefined,
}));

/**
 * A world's quests in a GenericList (SPEC §2, §3 list reading): name linking to the quest with its objectives,
 * status badge, objective progress, created date; quick create (name, description), edit and delete.
 */
export function QuestList({ worldId }: { worldId: string }) {
  const { create, remove } = useQuestMutations(worldId);
  const base = `/worlds/${worldId}/quests`;
  return (
    <GenericList
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
      renderQuickCreate={({ close }) => (
        <GenericForm
          compact
          schema={QuestCreateSchema}
          fields={QUICK_FIELDS}
          submitLabel="Create quest"
          failureFallback={QUEST_MESSAGES.saveFailed}
          onCancel={close}
          onSubmit={async (values) => {
            await create.mutateAsync(questPayload(values));
            close();
          }}
        />
      )}
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
