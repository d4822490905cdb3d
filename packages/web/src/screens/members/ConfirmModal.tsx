import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { handleError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Props of {@link ConfirmModal}. */
export interface ConfirmModalProps {
  /** The question's title; the dialog shows while it is set. */
  title: string | null;
  children?: ReactNode;
  confirmLabel: string;
  /** Runs the action; a rejection is shown in the dialog, which stays open. */
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

/** Asks before a membership change that cannot simply be taken back (remove, leave, transfer ownership). */
export function ConfirmModal({ title, children, confirmLabel, onConfirm, onCancel }: ConfirmModalProps) {
  const titleId = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onCancel();
  };
  return (
    <Modal show={title !== null} onHide={close} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error && <ErrorAlert message={error} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={close} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={pending}
          onClick={() => {
            setPending(true);
            setError(null);
            // A failure becomes the message above the buttons and the pending state ends either way, so the chain
            // never rejects and nothing waits on it.
            void onConfirm()
              .then(
                () => setError(null),
                (failure: unknown) => setError(handleError(failure, 'That did not work. Please try again.')),
              )
              .finally(() => setPending(false));
          }}
        >
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
