import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { Character } from '@loreforge/contract';
import { mayWriteIn } from '../../../api/access';
import { handleError } from '../../../api/client';
import { LOOKUP_PARAMS } from '../../../api/lookup';
import { useMoveCharacter, useWorlds } from '../../../api/worlds';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';

/** Props of {@link MoveCharacterModal}. */
export interface MoveCharacterModalProps {
  character: Character;
  show: boolean;
  onClose: () => void;
  /** Called with the destination world after the move succeeded. */
  onMoved: (worldId: string) => void;
}

/** What the dialog says when no other world of the user may take the character. */
export const NO_OTHER_WORLD = 'You have no other world you own or edit to move this character to.';

/**
 * Moves a character to another of the user's worlds (SPEC §7: PATCH /characters/{characterId} with worldId).
 * Lists the user's other worlds that they own or edit (the server refuses a world they only play in, issue 11),
 * or NO_OTHER_WORLD; a failure shows the server's message.
 */
export function MoveCharacterModal({ character, show, onClose, onMoved }: MoveCharacterModalProps) {
  const ids = useId();
  const worlds = useWorlds(LOOKUP_PARAMS);
  const move = useMoveCharacter();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const others = (worlds.data?.data ?? []).filter((w) => w.worldId !== character.worldId && mayWriteIn(w));

  const handleMove = async () => {
    if (!target) {
      setError('Please choose a world.');
      return;
    }
    setError(null);
    try {
      await move.mutateAsync({ characterId: character.characterId, worldId: target, version: character.updatedAt });
      onMoved(target);
    } catch (err) {
      setError(handleError(err, 'Failed to move the character. Please try again.'));
    }
  };

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={`${ids}-title`}>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={`${ids}-title`} as="h2" className="h5">
          Move {character.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {worlds.isPending && <LoadingSpinner inline label="Loading worlds..." />}
        {worlds.isError && <ErrorAlert message={handleError(worlds.error, 'Failed to load worlds data.')} />}
        {worlds.isSuccess && others.length === 0 && <p className="mb-0">{NO_OTHER_WORLD}</p>}
        {worlds.isSuccess && others.length > 0 && (
          <Form.Group controlId={`${ids}-world`}>
            <Form.Label>Destination world</Form.Label>
            <Form.Select value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">Choose a world…</option>
              {others.map((w) => (
                <option key={w.worldId} value={w.worldId}>
                  {w.name}
                </option>
              ))}
            </Form.Select>
            <Form.Text>
              Its attributes and goals go with it. Its relationships, inventory, active quests and location belong to this world and are
              removed.
            </Form.Text>
          </Form.Group>
        )}
        <ErrorAlert message={error} className="mt-3 mb-0" />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={move.isPending}>
          Cancel
        </Button>
        <Button variant="primary" onClick={() => void handleMove()} disabled={move.isPending || others.length === 0}>
          {move.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Move
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
