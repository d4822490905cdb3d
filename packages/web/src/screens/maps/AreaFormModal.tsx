import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { AreaCreateSchema, type AreaCreateInput, type MapArea } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { issueMessages, numberInput, serverFieldMessages, type FieldMessages } from './feature-form';
import { FEATURE_SAVE_FAILED } from './PointFormModal';

/** Props of {@link AreaFormModal}. */
export interface AreaFormModalProps {
  /** The area being edited, or null for a new one. */
  area: MapArea | null;
  /** Vertices drawn on the map for a new area, [x, y] in pixels. */
  drawn: readonly (readonly [number, number])[];
  onSave(input: AreaCreateInput): Promise<unknown>;
  onClose(): void;
}

type VertexText = [string, string];

/**
 * The dialog to add or edit a map area: name, description, colour and its vertices as x/y number inputs (at
 * least 3), so an area can be made or corrected from the keyboard as well as drawn. Validated with
 * AreaCreateSchema; a failed save shows the server's message.
 */
export function AreaFormModal({ area, drawn, onSave, onClose }: AreaFormModalProps) {
  const id = useId();
  const [name, setName] = useState(area?.name ?? '');
  const [description, setDescription] = useState(area?.description ?? '');
  const [color, setColor] = useState(area?.color ?? '#3388ff');
  const initial = area?.polygon ?? drawn;
  const [vertices, setVertices] = useState<VertexText[]>(
    initial.length > 0 ? initial.map(([vx, vy]) => [String(vx), String(vy)]) : [['', ''], ['', ''], ['', '']],
  );
  const [errors, setErrors] = useState<FieldMessages>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const setVertex = (index: number, axis: 0 | 1, text: string) =>
    setVertices((list) => list.map((v, i): VertexText => (i === index ? (axis === 0 ? [text, v[1]] : [v[0], text]) : v)));

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = AreaCreateSchema.safeParse({
      name,
      description,
      color,
      polygon: vertices.map(([vx, vy]) => [numberInput(vx), numberInput(vy)]),
    });
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

  const message = (key: string): ReactNode => errors[key] && <div className="invalid-feedback d-block">{errors[key]}</div>;

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={(e) => void handleSubmit(e)}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={`${id}-title`} as="h2" className="h5">{area ? 'Edit area' : 'Add area'}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId={`${id}-name`}>
            <Form.Label>Name</Form.Label>
            <Form.Control value={name} onChange={(e) => setName(e.target.value)} isInvalid={Boolean(errors.name)} autoFocus />
            {message('name')}
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${id}-description`}>
            <Form.Label>Description</Form.Label>
            <Form.Control as="textarea" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
            {message('description')}
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${id}-color`}>
            <Form.Label>Colour</Form.Label>
            <Form.Control type="color" value={color} onChange={(e) => setColor(e.target.value)} title="Area colour" />
            {message('color')}
          </Form.Group>
          <fieldset>
            <legend className="form-label fs-6 mb-1">Vertices (pixels from the top-left)</legend>
            {vertices.map(([vx, vy], index) => (
              <div className="d-flex gap-2 align-items-center mb-2" key={index}>
                <span className="small text-body-secondary" style={{ minWidth: '1.5rem' }}>{index + 1}.</span>
                <Form.Control aria-label={`Vertex ${index + 1} X`} inputMode="numeric" value={vx} onChange={(e) => setVertex(index, 0, e.target.value)} />
                <Form.Control aria-label={`Vertex ${index + 1} Y`} inputMode="numeric" value={vy} onChange={(e) => setVertex(index, 1, e.target.value)} />
                <Button
                  variant="outline-danger"
                  size="sm"
                  aria-label={`Remove vertex ${index + 1}`}
                  onClick={() => setVertices((list) => list.filter((_, i) => i !== index))}
                >
                  ×
                </Button>
              </div>
            ))}
            <Button variant="outline-secondary" size="sm" onClick={() => setVertices((list) => [...list, ['', '']])}>
              Add vertex
            </Button>
            {message('polygon')}
          </fieldset>
          <ErrorAlert message={saveError} onDismiss={() => setSaveError(null)} className="mt-3 mb-0" />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" disabled={saving}>
            {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {area ? 'Save area' : 'Add area'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
