import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { World } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useWorldMutations } from '../../api/worlds';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';

/** Props of {@link DeleteWorldFlow}. */
export interface DeleteWorldFlowProps {
  /** The world to delete; null hides everything. */
  world: World | null;
  /** Called when the flow ends (cancelled, deleted or failed and acknowledged). */
  onClose: () => void;
  /** Called after a successful delete (e.g. to leave the world's page). */
  onDeleted?: () => void;
}

/**
 * Deleting a world (SPEC §1, §8): asks first (irreversible); a failure closes the question and opens a
 * dialog titled 'Deletion Failed' with the server's message.
 */
export function DeleteWorldFlow({ world, onClose, onDeleted }: DeleteWorldFlowProps) {
  const { remove } = useWorldMutations();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <ConfirmDeleteModal
        show={world !== null && failure === null}
        entityType="world"
        entityName={world?.name}
        onCancel={onClose}
        onConfirm={async () => {
          if (!world) return;
          try {
            await remove.mutateAsync(world.worldId);
            onClose();
            onDeleted?.();
          } catch (error) {
            setFailure(handleError(error, 'Failed to delete world. Please try again.'));
          }
        }}
      />
      <Modal
        show={failure !== null}
        onHide={() => {
          setFailure(null);
          onClose();
        }}
        centered
        aria-labelledby="deletion-failed-title"
      >
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="deletion-failed-title" as="h2" className="h5">
            Deletion Failed
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{failure}</p>
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="primary"
            onClick={() => {
              setFailure(null);
              onClose();
            }}
          >
            OK
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
