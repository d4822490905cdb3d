import { useId, useState, type ReactNode, type RefObject, type SubmitEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import { handleError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { issueMessages, serverFieldMessages, type FieldMessages } from './feature-form';

/** SPEC §8 generic save failure for map points and areas. */
export const FEATURE_SAVE_FAILED = 'An unexpected error occurred.';

/** What {@link useFeatureSave} gives a point or area dialog. */
export interface FeatureSave {
  /** Field name → message, from the schema or from the server's field messages. */
  errors: FieldMessages;
  /** The failed save's message (the server's, else {@link FEATURE_SAVE_FAILED}), or null. */
  saveError: string | null;
  dismissSaveError: () => void;
  saving: boolean;
  /** Validates `raw` with the schema; when valid, saves it and closes the dialog. */
  submit: (raw: unknown) => Promise<void>;
}

/**
 * The save flow of a map feature dialog: validate with a contract schema (messages per field), call `onSave`
 * with the parsed values, close on success, and keep the dialog open with the server's messages on failure.
 * @param schema e.g. PointCreateSchema; @param onSave sends the values; @param onClose closes the dialog.
 */
export function useFeatureSave<S extends z.ZodType>(
  schema: S,
  onSave: (input: z.output<S>) => Promise<unknown>,
  onClose: () => void,
): FeatureSave {
  const [errors, setErrors] = useState<FieldMessages>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (raw: unknown) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      setErrors(issueMessages(parsed.error));
      return;
    }
    setErrors({});
    setSaveError(null);
    setSaving(true);
    try {
      await onSave(parsed.data);
      onClose();
    } catch (error) {
      setErrors(serverFieldMessages(error));
      setSaveError(handleError(error, FEATURE_SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  };
  return { errors, saveError, dismissSaveError: () => setSaveError(null), saving, submit };
}

/** Props of {@link FeatureFormModal}. */
export interface FeatureFormModalProps {
  title: string;
  submitLabel: string;
  save: FeatureSave;
  /** Called on submit; usually `() => save.submit(values)`. */
  onSubmit: () => void;
  onClose: () => void;
  /** The dialog's fields. */
  children: ReactNode;
  /** What saves on its own (an existing feature's tags), shown below the form rather than inside it. */
  aside?: ReactNode;
  /** The field that has the cursor once the dialog opens (its first field); without it, the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * The frame of a map point or area dialog: title with a close button, the fields, the save failure, and
 * Cancel and submit buttons that are disabled while saving; below the form, what saves on its own (`aside`).
 * On opening, the cursor goes to `initialFocus` once the dialog has taken focus, so closing it returns focus
 * to where it was.
 */
export function FeatureFormModal({ title, submitLabel, save, onSubmit, onClose, children, aside, initialFocus }: FeatureFormModalProps) {
  const titleId = useId();
  const handleSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Modal show onHide={onClose} onEntering={() => initialFocus?.current?.focus()} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={handleSubmit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {children}
          <ErrorAlert message={save.saveError} onDismiss={save.dismissSaveError} className="mt-3 mb-0" />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={save.saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.saving}>
            {save.saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
      {aside && (
        <section className="modal-body border-top" aria-label="Tags">
          {aside}
        </section>
      )}
    </Modal>
  );
}

/**
 * One labelled control of a feature dialog with its hint and its message.
 * @param props controlId for the label, the control, an optional hint and the field's message.
 */
export function FeatureField({
  controlId,
  label,
  help,
  error,
  children,
}: {
  controlId: string;
  label: string;
  help?: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      {children}
      {help && <Form.Text className="d-block">{help}</Form.Text>}
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </Form.Group>
  );
}
