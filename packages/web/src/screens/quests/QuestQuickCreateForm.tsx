import { QuestCreateSchema } from '@loreforge/contract';
import { useQuestMutations } from '../../api/quests';
import { GenericForm } from '../../components/form/GenericForm';
import { QUEST_FIELDS, QUEST_MESSAGES, questPayload } from './quest-form';

const QUICK_FIELDS = QUEST_FIELDS.filter((f) => f.name === 'name' || f.name === 'description').map((f) => ({
  ...f,
  rows: f.rows ? 3 : undefined,
}));

/** Props of {@link QuestQuickCreateForm}. */
export interface QuestQuickCreateFormProps {
  worldId: string;
  /** Called after the quest was created, and on Cancel. */
  close: () => void;
}

/**
 * The quests list's quick create (SPEC §1 "quick-create popover", §5 Quest): name and description, validated with
 * QuestCreateSchema; a failed save shows the server's message or 'An unexpected error occurred while saving the quest.'
 */
export function QuestQuickCreateForm({ worldId, close }: QuestQuickCreateFormProps) {
  const { create } = useQuestMutations(worldId);
  return (
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
  );
}
