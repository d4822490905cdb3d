import { useEffect } from 'react';
import Form from 'react-bootstrap/Form';
import { MESSAGES } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { LOOKUP_PARAMS } from '../../api/lookup';
import { useWorlds } from '../../api/worlds';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';

/** Props of {@link WorldSelect}. */
export interface WorldSelectProps {
  id: string;
  /** Selected worldId, '' for none. */
  value: string;
  onChange: (worldId: string) => void;
}

/**
 * A labelled select of the signed-in user's worlds (up to 1000, by name), for the global quest screens. When
 * nothing is chosen and the user has exactly one world, it chooses that world, so nobody is asked to pick from
 * a list of one.
 */
export function WorldSelect({ id, value, onChange }: WorldSelectProps) {
  const worlds = useWorlds(LOOKUP_PARAMS);
  const onlyWorldId = worlds.data?.data.length === 1 ? worlds.data.data[0]?.worldId : undefined;
  useEffect(() => {
    if (!value && onlyWorldId) onChange(onlyWorldId);
  }, [value, onlyWorldId, onChange]);
  if (worlds.isPending) return <LoadingSpinner inline label="Loading worlds..." />;
  if (worlds.isError)
    return (
      <ErrorAlert
        message={handleError(worlds.error, 'Failed to fetch worlds. Please try again later.')}
        onRetry={() => void worlds.refetch()}
      />
    );
  if (worlds.data.data.length === 0) return <p className="mb-0">{MESSAGES.noWorlds}</p>;
  return (
    <Form.Group controlId={id}>
      <Form.Label className="fw-semibold">World</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} style={{ maxWidth: 420 }}>
        <option value="" disabled>
          Choose a world…
        </option>
        {worlds.data.data.map((w) => (
          <option key={w.worldId} value={w.worldId}>
            {w.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
