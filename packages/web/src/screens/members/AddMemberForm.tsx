import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MEMBER_ROLES, type MemberRole } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useMemberMutations } from '../../api/access';
import { ROLE_LABELS } from '../../components/access/RoleBadge';

/**
 * The owner's form to add an existing account to the world by username or email, with a role (issue 11).
 * The server's message shows under it when it refuses ('No account has that username or email.').
 */
export function AddMemberForm({ worldId, onAdded }: { worldId: string; onAdded: (name: string) => void }) {
  const { add } = useMemberMutations(worldId);
  const [user, setUser] = useState('');
  const [role, setRole] = useState<MemberRole>('player');
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        const name = user.trim();
        if (!name) {
          setError('User is required.');
          return;
        }
        add.mutate(
          { user: name, role },
          {
            onSuccess: () => {
              setUser('');
              onAdded(name);
            },
            onError: (failure) => setError(handleError(failure, 'Could not add the member. Please try again.')),
          },
        );
      }}
    >
      <Form.Group controlId={`add-member-user-${worldId}`} className="flex-grow-1">
        <Form.Label>Username or email</Form.Label>
        <Form.Control value={user} onChange={(event) => setUser(event.target.value)} isInvalid={error !== null} autoComplete="off" />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={`add-member-role-${worldId}`}>
        <Form.Label>Role</Form.Label>
        <Form.Select value={role} onChange={(event) => setRole(event.target.value as MemberRole)}>
          {MEMBER_ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button type="submit" disabled={add.isPending}>
        Add member
      </Button>
    </Form>
  );
}
