import Form from 'react-bootstrap/Form';
import { POINT_ENTITY_TYPES, type PointEntityType } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { itemsResource } from '../../api/registry';
import { useResourceLookup } from '../../api/resource';
import { CharacterPicker } from '../../components/CharacterPicker';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';

/** A point's link: a character or item of the world, or none. */
export interface EntityLink {
  type: PointEntityType | '';
  id: string;
}

/** Props of {@link EntityLinkField}. */
export interface EntityLinkFieldProps {
  worldId: string;
  /** Prefix of the controls' ids. */
  id: string;
  value: EntityLink;
  onChange: (value: EntityLink) => void;
  error?: string | undefined;
}

function ItemSelect({
  worldId,
  id,
  value,
  onChange,
  invalid,
}: {
  worldId: string;
  id: string;
  value: string;
  onChange: (id: string) => void;
  invalid: boolean;
}) {
  const query = useResourceLookup(itemsResource(worldId));
  if (query.isPending) return <LoadingSpinner inline label="Loading items..." />;
  if (query.isError)
    return (
      <ErrorAlert message={handleError(query.error, 'Failed to load items. Please try again.')} onRetry={() => void query.refetch()} />
    );
  if (query.data.data.length === 0)
    return (
      <p className="text-body-secondary mb-0" id={id}>
        No items in this world yet.
      </p>
    );
  return (
    <Form.Select id={id} value={value} onChange={(e) => onChange(e.target.value)} isInvalid={invalid}>
      <option value="">Choose an item…</option>
      {query.data.data.map((item) => (
        <option key={item.itemId} value={item.itemId}>
          {item.name}
        </option>
      ))}
    </Form.Select>
  );
}

/**
 * Links a map point to a character or an item of the world (issue API: `entity: {type, id}`), or to nothing.
 * Characters come from the shared CharacterPicker, items from a lookup of up to 1000.
 */
export function EntityLinkField({ worldId, id, value, onChange, error }: EntityLinkFieldProps) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">Linked character or item</legend>
      <Form.Select
        id={`${id}-type`}
        aria-label="Link to"
        className="mb-2"
        value={value.type}
        onChange={(e) =>
          onChange({ type: e.target.value === '' ? '' : (POINT_ENTITY_TYPES.find((t) => t === e.target.value) ?? ''), id: '' })
        }
      >
        <option value="">Nothing</option>
        <option value="character">A character</option>
        <option value="item">An item</option>
      </Form.Select>
      {value.type === 'character' && (
        <>
          <Form.Label htmlFor={`${id}-entity`} visuallyHidden>
            Character
          </Form.Label>
          <CharacterPicker
            worldId={worldId}
            id={`${id}-entity`}
            value={value.id}
            onChange={(next) => onChange({ type: 'character', id: next })}
            invalid={Boolean(error)}
          />
        </>
      )}
      {value.type === 'item' && (
        <>
          <Form.Label htmlFor={`${id}-entity`} visuallyHidden>
            Item
          </Form.Label>
          <ItemSelect
            worldId={worldId}
            id={`${id}-entity`}
            value={value.id}
            onChange={(next) => onChange({ type: 'item', id: next })}
            invalid={Boolean(error)}
          />
        </>
      )}
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
