import Form from 'react-bootstrap/Form';
import { useParams } from 'react-router';
import { useMembers } from '../../../api/access';
import type { CustomFieldProps } from '../../../components/form/types';
import { useWorldAccess } from '../../../hooks/useWorldAccess';

/**
 * "Played by" on the character form (issue 11, `assignedTo`): editors and the owner choose one of the world's
 * players, or nobody; that player may then edit the character, accept quests for it and tick their progress.
 * Anyone else sees who plays it, read-only (the server refuses a change from them).
 * @param props the generic form's custom field props; `value` is the player's userId or ''.
 */
export function AssignedToField(props: CustomFieldProps) {
  const { id, value, invalid, describedBy } = props;
  const { worldId = '' } = useParams();
  const access = useWorldAccess(worldId);
  const members = useMembers(worldId || undefined);
  const selected = typeof value === 'string' ? value : '';
  const players = (members.data ?? []).filter((member) => member.role === 'player');
  const current = (members.data ?? []).find((member) => member.userId === selected);
  if (!access.isEditor) {
    return (
      <Form.Control
        id={id}
        plaintext
        readOnly
        value={current?.username ?? (selected ? 'A player' : 'Nobody')}
        aria-describedby={describedBy}
      />
    );
  }
  return (
    <Form.Select
      id={id}
      value={selected}
      isInvalid={invalid}
      aria-describedby={describedBy}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={() => props.onBlur()}
    >
      <option value="">Nobody</option>
      {selected !== '' && !players.some((player) => player.userId === selected) && (
        <option value={selected}>{current?.username ?? `Unknown member (${selected.slice(0, 8)})`}</option>
      )}
      {players.map((player) => (
        <option key={player.userId} value={player.userId}>
          {player.username}
        </option>
      ))}
    </Form.Select>
  );
}
