import { useEffect } from 'react';
import Form from 'react-bootstrap/Form';
import { MESSAGES } from '@loreforge/contract';
import { mayWriteIn } from '../../api/access';
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
  /** Only the worlds where the user may create and edit quests (owner, editor): for the quest form. */
  writable?: boolean;
  /** What the screen asks the person to choose, shown above the select while nothing is chosen, and only when
   * there is a world to choose. */
  prompt: string;
}

/** What the quest form says to someone who is only a player in each of their worlds. */
export const NO_WRITABLE_WORLD =
  'You can create quests only in a world you own or edit. Your game master adds them in the worlds you play in.';

/**
 * A labelled select of the signed-in user's worlds (up to 1000, by name), for the global quest screens; with
 * `writable`, only those whose role lets them write quests (issue 11), and NO_WRITABLE_WORLD when there is none.
 * When nothing is chosen and exactly one world is offered, it chooses that world, so nobody is asked to pick from
 * a list of one. The `prompt` goes with the select: someone with no world to offer reads why instead, not both.
 */
export function WorldSelect({ id, value, onChange, writable = false, prompt }: WorldSelectProps) {
  const worlds = useWorlds(LOOKUP_PARAMS);
  const offered = worlds.data?.data.filter((w) => !writable || mayWriteIn(w));
  const onlyWorldId = offered?.length === 1 ? offered[0]?.worldId : undefined;
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
  if (!offered?.length) return <p className="mb-0">{NO_WRITABLE_WORLD}</p>;
  return (
    <>
      {!value && <p>{prompt}</p>}
      <Form.Group controlId={id}>
        <Form.Label className="fw-semibold">World</Form.Label>
        <Form.Select value={value} onChange={(e) => onChange(e.target.value)} style={{ maxWidth: 420 }}>
          <option value="" disabled>
            Choose a world…
          </option>
          {offered.map((w) => (
            <option key={w.worldId} value={w.worldId}>
              {w.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </>
  );
}
