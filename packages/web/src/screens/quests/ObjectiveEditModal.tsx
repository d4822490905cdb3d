import { useId } from 'react';
import { useParams } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import type { Objective } from '@loreforge/contract';
import type { useQuestActions } from '../../api/quests';
import { lazyWithSpinner } from '../../components/lazy-with-spinner';

// The form brings the form library: a quest is read more often than its objectives are edited, so it loads when
// the dialog first opens, with a spinner in the dialog meanwhile.
const ObjectiveEditForm = lazyWithSpinner(async () => (await import('./ObjectiveEditForm')).ObjectiveEditForm);

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
          <ObjectiveEditForm
            key={`${objective.objectiveId}-${objective.updatedAt}`}
            worldId={worldId}
            objective={objective}
            actions={actions}
            onClose={onClose}
          />
        )}
      </Modal.Body>
    </Modal>
  );
}
