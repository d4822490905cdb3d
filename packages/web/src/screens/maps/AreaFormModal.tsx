import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { AreaCreateSchema, type AreaCreateInput, type MapArea } from '@loreforge/contract';
import { AccessFieldset, accessValues } from '../../components/access/AccessFieldset';
import { RichTextEditor } from '../../components/rich-text/RichTextEditor';
import { TagEditor } from '../../components/tags/TagEditor';
import { descriptionFields, numberInput } from './feature-form';
import { FeatureField, FeatureFormModal, useFeatureSave } from './FeatureFormModal';

/** Props of {@link AreaFormModal}. */
export interface AreaFormModalProps {
  worldId: string;
  /** The area being edited, or null for a new one. */
  area: MapArea | null;
  /** Vertices drawn on the map for a new area, [x, y] in pixels. */
  drawn: ReadonlyArray<readonly [number, number]>;
  onSave: (input: AreaCreateInput) => Promise<unknown>;
  onClose: () => void;
}

type VertexText = [string, string];

/**
 * The dialog to add or edit a map area: name, description, colour and its vertices as x/y number inputs (at
 * least 3), so an area can be made or corrected from the keyboard as well as drawn. Validated with
 * AreaCreateSchema; a failed save shows the server's message. Editors also set its Visibility, Revealed To and
 * GM Notes (issue 11), and an existing
 * one's tags, which save on their own (issue "Linked lore").
 */
export function AreaFormModal({ worldId, area, drawn, onSave, onClose }: AreaFormModalProps) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(area?.name ?? '');
  const [description, setDescription] = useState(area?.descriptionHtml ?? '');
  const [color, setColor] = useState(area?.color ?? '#3388ff');
  const initial = area?.polygon ?? drawn;
  const [vertices, setVertices] = useState<VertexText[]>(
    initial.length > 0
      ? initial.map(([vx, vy]) => [String(vx), String(vy)])
      : [
          ['', ''],
          ['', ''],
          ['', ''],
        ],
  );
  const accessForm = useForm();
  const save = useFeatureSave(AreaCreateSchema, onSave, onClose);
  const { errors } = save;

  const setVertex = (index: number, axis: 0 | 1, text: string) =>
    setVertices((list) => list.map((v, i): VertexText => (i === index ? (axis === 0 ? [text, v[1]] : [v[0], text]) : v)));

  const submit = () =>
    void save.submit({
      name,
      ...descriptionFields(description),
      color,
      polygon: vertices.map(([vx, vy]) => [numberInput(vx), numberInput(vy)]),
      ...accessValues(accessForm.getValues(), area),
    });

  return (
    <FeatureFormModal
      title={area ? 'Edit area' : 'Add area'}
      submitLabel={area ? 'Save area' : 'Add area'}
      save={save}
      onSubmit={submit}
      onClose={onClose}
      initialFocus={nameRef}
      aside={area ? <TagEditor worldId={worldId} type="map_area" id={area.areaId} /> : undefined}
    >
      <FeatureField controlId={`${id}-name`} label="Name" error={errors.name}>
        <Form.Control value={name} onChange={(e) => setName(e.target.value)} isInvalid={Boolean(errors.name)} ref={nameRef} />
      </FeatureField>
      <FeatureField controlId={`${id}-description`} label="Description" error={errors.description}>
        <RichTextEditor
          id={`${id}-description`}
          worldId={worldId}
          label="Description"
          value={description}
          onChange={setDescription}
          invalid={Boolean(errors.description)}
        />
      </FeatureField>
      <FeatureField controlId={`${id}-color`} label="Colour" error={errors.color}>
        <Form.Control type="color" value={color} onChange={(e) => setColor(e.target.value)} title="Area colour" />
      </FeatureField>
      <fieldset>
        <legend className="form-label fs-6 mb-1">Vertices (pixels from the top-left)</legend>
        {vertices.map(([vx, vy], index) => (
          <div className="d-flex gap-2 align-items-center mb-2" key={index}>
            <span className="small text-body-secondary" style={{ minWidth: '1.5rem' }}>
              {index + 1}.
            </span>
            <Form.Control
              aria-label={`Vertex ${index + 1} X`}
              inputMode="numeric"
              value={vx}
              onChange={(e) => setVertex(index, 0, e.target.value)}
            />
            <Form.Control
              aria-label={`Vertex ${index + 1} Y`}
              inputMode="numeric"
              value={vy}
              onChange={(e) => setVertex(index, 1, e.target.value)}
            />
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
        {errors.polygon && <div className="invalid-feedback d-block">{errors.polygon}</div>}
      </fieldset>
      <div className="mt-3">
        <AccessFieldset control={accessForm.control} target={{ worldId, entity: area }} />
      </div>
    </FeatureFormModal>
  );
}
