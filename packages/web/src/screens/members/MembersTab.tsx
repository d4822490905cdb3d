import { useState } from 'react';
import { useNavigate, useOutletContext } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MEMBER_ROLES, type MemberRole, type WorldMember } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useMemberMutations, useMembers } from '../../api/access';
import { ErrorAlert } from '../../components/ErrorAlert';
import { QueryTable } from '../../components/data-table/QueryTable';
import { ROLE_LABELS, RoleBadge } from '../../components/access/RoleBadge';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { formatDateTime } from '../../lib/format';
import type { WorldOutletContext } from '../worlds/WorldScreen';
import { AddMemberForm } from './AddMemberForm';
import { ConfirmModal } from './ConfirmModal';
import { InvitationsPanel } from './InvitationsPanel';
import { WebhooksPanel } from '../webhooks/WebhooksPanel';

const MEMBER_COLUMNS = [{ label: 'Member' }, { label: 'Role' }, { label: 'Joined' }];

type Pending = { kind: 'remove' | 'transfer'; member: WorldMember } | { kind: 'leave' } | null;

/**
 * The Members tab of a world (issue 11), on one panel like the other tabs: every member with their role and when
 * they joined. The owner adds members by username or email, changes roles, removes members, transfers ownership and
 * manages invitation links and the world's webhooks (screens/webhooks); any other member can leave (and is taken
 * back to their worlds).
 */
export function MembersTab() {
  const { world } = useOutletContext<WorldOutletContext>();
  const worldId = world.worldId;
  const navigate = useNavigate();
  const access = useWorldAccess(worldId);
  const members = useMembers(worldId);
  const { changeRole, remove, transfer } = useMemberMutations(worldId);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const owner = access.isOwner;

  const onRoleChange = async (member: WorldMember, role: MemberRole) => {
    setError(null);
    try {
      await changeRole.mutateAsync({ userId: member.userId, role });
      setNotice(`${member.username} is now ${ROLE_LABELS[role].toLowerCase()}.`);
    } catch (failure) {
      setError(handleError(failure, 'Could not change the role. Please try again.'));
    }
  };

  const confirm = async () => {
    if (!pending) return;
    if (pending.kind === 'leave') {
      await remove.mutateAsync(access.actingUserId ?? '');
      setPending(null);
      void navigate('/', { replace: true });
      return;
    }
    if (pending.kind === 'remove') {
      await remove.mutateAsync(pending.member.userId);
      setNotice(`Removed ${pending.member.username} from the world.`);
    } else {
      await transfer.mutateAsync(pending.member.userId);
      setNotice(`${pending.member.username} now owns the world; you are an editor.`);
    }
    setPending(null);
  };

  return (
    <section aria-labelledby="members-heading" className="lf-panel">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id="members-heading" className="h4 mb-0 me-auto">
          Members
        </h2>
        {access.role && access.role !== 'owner' && !access.viewing && (
          <Button variant="outline-danger" onClick={() => setPending({ kind: 'leave' })}>
            Leave world
          </Button>
        )}
      </div>
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} closeLabel="Dismiss" role="status">
          {notice}
        </Alert>
      )}
      {error && <ErrorAlert message={error} />}
      {owner && !access.viewing && (
        <div className="mb-3">
          <AddMemberForm worldId={worldId} onAdded={(name) => setNotice(`Added ${name} to the world.`)} />
        </div>
      )}
      <QueryTable
        source={{ ...members, rows: members.data }}
        columns={owner ? [...MEMBER_COLUMNS, { label: 'Actions', hidden: true }] : MEMBER_COLUMNS}
        loadingLabel="Loading members..."
        failureMessage="Failed to load members."
        emptyText="No members yet."
        renderRow={(member) => (
          <tr key={member.userId}>
            <td>{member.username}</td>
            <td>
              {owner && member.role !== 'owner' ? (
                <Form.Select
                  size="sm"
                  className="w-auto"
                  aria-label={`Role of ${member.username}`}
                  value={member.role}
                  disabled={changeRole.isPending}
                  onChange={(event) => void onRoleChange(member, event.target.value as MemberRole)}
                >
                  {MEMBER_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </Form.Select>
              ) : (
                <RoleBadge role={member.role} />
              )}
            </td>
            <td>{formatDateTime(member.joinedAt)}</td>
            {owner && (
              <td className={member.role === 'owner' ? 'd-none d-sm-table-cell' : 'text-end text-nowrap'}>
                {member.role !== 'owner' && (
                  <div className="d-inline-flex gap-2">
                    <Button size="sm" variant="outline-primary" onClick={() => setPending({ kind: 'transfer', member })}>
                      Make owner
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setPending({ kind: 'remove', member })}
                      aria-label={`Remove ${member.username}`}
                    >
                      Remove
                    </Button>
                  </div>
                )}
              </td>
            )}
          </tr>
        )}
      />
      {owner && !access.viewing && <InvitationsPanel worldId={worldId} />}
      {owner && !access.viewing && <WebhooksPanel worldId={worldId} />}
      <ConfirmModal
        title={
          pending === null
            ? null
            : pending.kind === 'leave'
              ? 'Leave this world?'
              : pending.kind === 'remove'
                ? `Remove ${pending.member.username}?`
                : `Make ${pending.member.username} the owner?`
        }
        confirmLabel={pending?.kind === 'leave' ? 'Leave' : pending?.kind === 'remove' ? 'Remove' : 'Transfer ownership'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'leave' && <p className="mb-0">You will no longer see this world unless someone invites you again.</p>}
        {pending?.kind === 'remove' && <p className="mb-0">They lose access to this world at once.</p>}
        {pending?.kind === 'transfer' && (
          <p className="mb-0">They become the owner; you stay as an editor. Only the new owner can give it back.</p>
        )}
      </ConfirmModal>
    </section>
  );
}
