import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { PointCreateSchema, type MapPoint, type PointCreateInput } from '@loreforge/contract';
import { EntityLinkField, type EntityLink } from './EntityLinkField';
import { AccessFieldset, accessValues } from '../../components/access/AccessFieldset';
import { RichTextEditor } from '../../components/rich-text/RichTextEditor';
import { TagEditor } from '../../components/tags/TagEditor';
import { descriptionFields, numberInput } from './feature-form';
import { FeatureField, FeatureFormModal, useFeatureSave } from './FeatureFormModal';
import type { PixelPoint } from './map-coordinates';

/** Props of {@link PointFormModal}. */
export interface PointFormModalProps {
  worldId: string;
  /** The point being edited, or the clicked position of a new one (null: typed in by hand). */
  point: MapPoint | null;
  position: PixelPoint | null;
  onSave: (input: PointCreateInput) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The dialog to add or edit a map point: name, description, x and y in image pixels (typed, so keyboard users
 * can place points without the map), and a linked character or item. Validated with PointCreateSchema; a
 * failed save shows the server's message. Editors also set its Visibility, Revealed To and GM Notes (issue 11), and an existing
 * one's tags, which save on their own (issue "Linked lore").
 */
export function PointFormModal({ worldId, point, position, onSave, onClose }: PointFormModalProps) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(point?.name ?? '');
  const [description, setDescription] = useState(point?.descriptionHtml ?? '');
  const [x, setX] = useState(String(point?.x ?? position?.x ?? ''));
  const [y, setY] = useState(String(point?.y ?? position?.y ?? ''));
  const [link, setLink] = useState<EntityLink>({ type: point?.entity?.type ?? '', id: point?.entity?.id ?? '' });
  const accessForm = useForm();
  const save = useFeatureSave(PointCreateSchema, onSave, onClose);
  const { errors } = save;

  const submit = () =>
    void save.submit({
      name,
      ...descriptionFields(description),
      x: numberInput(x),
      y: numberInput(y),
      entity: link.type ? { type: link.type, id: link.id } : null,
      ...accessValues(accessForm.getValues(), point),
    });

  return (
    <FeatureFormModal
      title={point ? 'Edit point' : 'Add point'}
      submitLabel={point ? 'Save point' : 'Add point'}
      save={save}
      onSubmit={submit}
      onClose={onClose}
      initialFocus={nameRef}
      aside={point ? <TagEditor worldId={worldId} type="map_point" id={point.pointId} /> : undefined}
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
      <div className="row g-2">
        <div className="col">
          <FeatureField controlId={`${id}-x`} label="X" help="Pixels from the left edge." error={errors.x}>
            <Form.Control inputMode="numeric" value={x} onChange={(e) => setX(e.target.value)} isInvalid={Boolean(errors.x)} />
          </FeatureField>
        </div>
        <div className="col">
          <FeatureField controlId={`${id}-y`} label="Y" help="Pixels from the top edge." error={errors.y}>
            <Form.Control inputMode="numeric" value={y} onChange={(e) => setY(e.target.value)} isInvalid={Boolean(errors.y)} />
          </FeatureField>
        </div>
      </div>
      <EntityLinkField worldId={worldId} id={`${id}-link`} value={link} onChange={setLink} error={errors.entity} />
      <AccessFieldset control={accessForm.control} target={{ worldId, entity: point }} />
    </FeatureFormModal>
  );
}
