import { LIMITS, ObjectiveUpdateSchema, type Objective } from '@loreforge/contract';
import type { useQuestActions } from '../../api/quests';
import { GenericForm } from '../../components/form/GenericForm';
import type { FieldConfig } from '../../components/form/types';

const FIELDS: readonly FieldConfig[] = [
  { name: 'description', label: 'Description', type: 'text', required: true },
  { name: 'target', label: 'Target', type: 'number', required: true, min: LIMITS.objectiveTargetMin, step: 1 },
  { name: 'progress', label: 'Progress', type: 'number', required: true, min: 0, step: 1 },
  { name: 'isOptional', label: 'Optional objective', type: 'checkbox' },
];

/** Props of {@link ObjectiveEditForm}. */
export interface ObjectiveEditFormProps {
  worldId: string | undefined;
  objective: Objective;
  actions: ReturnType<typeof useQuestActions>;
  onClose: () => void;
}

/**
 * The form inside the "Edit objective" dialog (SPEC §5 Objective): description, target, progress and the optional
 * flag, validated with ObjectiveUpdateSchema. It sends the loaded version, so a change made meanwhile is refused
 * with the server's message; it calls `onClose` after a save.
 */
export function ObjectiveEditForm({ worldId, objective, actions, onClose }: ObjectiveEditFormProps) {
  return (
    <GenericForm
      access={worldId ? { worldId, entity: objective } : undefined}
      schema={ObjectiveUpdateSchema}
      fields={FIELDS}
      defaultValues={{
        description: objective.description,
        target: String(objective.target),
        progress: String(objective.progress),
        isOptional: objective.isOptional,
      }}
      submitLabel="Save objective"
      failureFallback="Failed to save. Please try again."
      onCancel={onClose}
      onSubmit={async (input) => {
        await actions.editObjective.mutateAsync({ objectiveId: objective.objectiveId, input, version: objective.updatedAt });
        onClose();
      }}
    />
  );
}
