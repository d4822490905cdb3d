import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { PointCreateSchema, type MapPoint, type PointCreateInput } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { EntityLinkField, type EntityLink } from './EntityLinkField';
import { issueMessages, numberInput, serverFieldMessages, type FieldMessages } from './feature-form';
import type { PixelPoint } from './map-coordinates';

/** SPEC §8 generic save failure for map points and areas. */
export const FEATURE_SAVE_FAILED = 'An unexpected error occurred.';

/** Props of {@link PointFormModal}. */
export interface PointFormModalProps {
  worldId: string;
  /** The point being edited, or the clicked position of a new one (null: typed in by hand). */
  point: MapPoint | null;
  position: PixelPoint | null;
  onSave(input: PointCreateInput): Promise<unknown>;
  onClose(): void;
}

/**
 * The dialog to add or edit a map point: name, description, x and y in image pixels (typed, so keyboard users
 * can place points without the map), and a linked character or item. Validated with PointCreateSchema; a
 * failed save shows the server's message.
 */
export function PointFormModal({ worldId, point, position, onSave, onClose }: PointFormModalProps) {
  const id = useId();
  const [name, setName] = useState(point?.name ?? '');
  const [description, setDescription] = useState(point?.description ?? '');
  const [x, setX] = useState(String(point?.x ?? position?.x ?? ''));
  const [y, setY] = useState(String(point?.y ?? position?.y ?? ''));
  const [link, setLink] = useState<EntityLink>({ type: point?.entity?.type ?? '', id: point?.entity?.id ?? '' });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const raw = {
      name,
      description,
      x: numberInput(x),
      y: numberInput(y),
      entity: link.type ? { type: link.type, id: link.id } : null,
    };
    const parsed = PointCreateSchema.safeParse(raw);
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

  const field = (key: string, label: string, control: ReactNode, help?: string) => (
    <Form.Group className="mb-3" controlId={`${id}-${key}`}>
      <Form.Label>{label}</Form.Label>
      {control}
      {help && <Form.Text className="d-block">{help}</Form.Text>}
      {errors[key] && <div className="invalid-feedback d-block">{errors[key]}</div>}
    </Form.Group>
  );

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={(e) => void handleSubmit(e)}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={`${id}-title`} as="h2" className="h5">{point ? 'Edit point' : 'Add point'}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {field('name', 'Name', <Form.Control value={name} onChange={(e) => setName(e.target.value)} isInvalid={Boolean(errors.name)} autoFocus />)}
          {field('description', 'Description', <Form.Control as="textarea" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />)}
          <div className="row g-2">
            <div className="col">
              {field('x', 'X', <Form.Control inputMode="numeric" value={x} onChange={(e) => setX(e.target.value)} isInvalid={Boolean(errors.x)} />, 'Pixels from the left edge.')}
            </div>
            <div className="col">
              {field('y', 'Y', <Form.Control inputMode="numeric" value={y} onChange={(e) => setY(e.target.value)} isInvalid={Boolean(errors.y)} />, 'Pixels from the top edge.')}
            </div>
          </div>
          <EntityLinkField worldId={worldId} id={`${id}-link`} value={link} onChange={setLink} error={errors.entity} />
          <ErrorAlert message={saveError} onDismiss={() => setSaveError(null)} className="mb-0" />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" disabled={saving}>
            {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {point ? 'Save point' : 'Add point'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
