import Form from 'react-bootstrap/Form';
import { useParams } from 'react-router';
import { useWorldLocations } from '../../../api/world-lookups';
import type { CustomFieldProps } from '../../../components/form/types';

/**
 * The current location input of the character form (SPEC §3 Character `currentLocationId`): a select of the
 * world's map points grouped by map, with 'No location'. A stored id that is not among the loaded points (still
 * loading, or a point since deleted) stays selectable under its short id, so saving never drops it unasked.
 * @param props the generic form's custom field props; `value` is the point id or ''.
 */
export function LocationField({ id, value, onChange, onBlur, invalid, describedBy }: CustomFieldProps) {
  const { worldId = '' } = useParams();
  const locations = useWorldLocations(worldId);
  const selected = typeof value === 'string' ? value : '';
  const known = locations.find(selected) !== undefined;
  return (
    <>
      <Form.Select
        id={id}
        value={selected}
        isInvalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        <option value="">No location</option>
        {selected !== '' && !known && (
          <option value={selected}>{locations.isPending ? 'Loading locations…' : `Unknown point (${selected.slice(0, 8)})`}</option>
        )}
        {locations.groups.map(({ map, points }) => (
          <optgroup key={map.mapId} label={map.name}>
            {points.map((point) => (
              <option key={point.pointId} value={point.pointId}>
                {point.name}
              </option>
            ))}
          </optgroup>
        ))}
      </Form.Select>
      {!locations.isPending && locations.groups.length === 0 && (
        <Form.Text>No map points in this world yet: add points on a map to place characters.</Form.Text>
      )}
      {locations.isError && <Form.Text className="text-danger">Some maps could not be loaded.</Form.Text>}
    </>
  );
}
