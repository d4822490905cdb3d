import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { handleError } from '../api/client';
import { ErrorAlert } from './ErrorAlert';

/** Props of {@link ConfirmDeleteModal}. */
export interface ConfirmDeleteModalProps {
  show: boolean;
  /** The kind of thing, lower case, e.g. 'character'. */
  entityType: string;
  /** The name of the one being deleted, shown in the question. */
  entityName?: string | null | undefined;
  /** Performs the delete; a rejection is shown inside the dialog and the dialog stays open. */
  onConfirm: () => Promise<unknown>;
  /** Closes without deleting (Cancel, Escape, the close button). */
  onCancel: () => void;
  /** Message when the failure carries none: default 'Failed to delete {entityType}. Please try again.' (SPEC §8). */
  failureFallback?: string;
}

/**
 * Asks before deleting and warns that it cannot be undone (SPEC §1, §2). While the delete runs the buttons
 * are disabled; a failure shows the server's message (SPEC §8) and keeps the dialog open.
 */
export function ConfirmDeleteModal({ show, entityType, entityName, onConfirm, onCancel, failureFallback }: ConfirmDeleteModalProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleConfirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (err) {
      setError(handleError(err, failureFallback ?? `Failed to delete ${entityType}. Please try again.`));
    } finally {
      setPending(false);
    }
  };

  const handleCancel = () => {
    if (pending) return;
    setError(null);
    onCancel();
  };

  return (
    <Modal show={show} onHide={handleCancel} centered aria-labelledby="confirm-delete-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="confirm-delete-title" as="h2" className="h5">
          Delete {entityType}?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">Are you sure you want to delete {entityName ? <strong>{entityName}</strong> : `this ${entityType}`}?</p>
        <p className="text-danger mb-0">This action is irreversible: it cannot be undone.</p>
        <ErrorAlert message={error} className="mt-3 mb-0" />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={handleCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void handleConfirm()} disabled={pending}>
          {pending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
