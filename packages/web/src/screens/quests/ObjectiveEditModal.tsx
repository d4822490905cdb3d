import { useId } from 'react';
import { useParams } from 'react-router';
import Modal from 'react-bootstrap/Modal';
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

/** Props of {@link ObjectiveEditModal}. */
export interface ObjectiveEditModalProps {
  /** The objective being edited; null hides the dialog. */
  objective: Objective | null;
  actions: ReturnType<typeof useQuestActions>;
  onClose: () => void;
}

/**
 * A dialog that edits an objective's description, target, progress and optional flag with the contract's
 * messages (e.g. 'Progress must be no more than the target.'). It sends the loaded version, so an objective
 * someone else changed meanwhile is refused with the server's message and a Reload button.
 */
export function ObjectiveEditModal({ objective, actions, onClose }: ObjectiveEditModalProps) {
  const { worldId } = useParams();
  const titleId = useId();
  return (
    <Modal show={objective !== null} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          Edit objective
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {objective && (
          <GenericForm
            access={worldId ? { worldId, entity: objective } : undefined}
            key={`${objective.objectiveId}-${objective.updatedAt}`}
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
        )}
      </Modal.Body>
    </Modal>
  );
}
