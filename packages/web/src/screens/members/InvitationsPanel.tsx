import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MEMBER_ROLES, type MemberRole, type WorldInvitation } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { invitationLink, useInvitations, useMemberMutations } from '../../api/access';
import { QueryTable } from '../../components/data-table/QueryTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ROLE_LABELS } from '../../components/access/RoleBadge';
import { copyText } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/format';

/** Headings of the invitation links table. */
const INVITATION_COLUMNS = [
  { label: 'Link' },
  { label: 'Role' },
  { label: 'Uses' },
  { label: 'Expires' },
  { label: 'State' },
  { label: 'Actions', hidden: true },
];

/** Whether an invitation still lets someone in: not revoked, not expired, not used up. */
export function invitationState(invitation: WorldInvitation, now = Date.now()): 'active' | 'revoked' | 'expired' | 'used up' {
  if (invitation.revokedAt) return 'revoked';
  if (invitation.expiresAt && Date.parse(invitation.expiresAt) <= now) return 'expired';
  if (invitation.maxUses !== null && invitation.uses >= invitation.maxUses) return 'used up';
  return 'active';
}

function CopyLinkButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline-primary"
      onClick={() => {
        // A refused clipboard (no permission, an insecure page) leaves the button as it was.
        copyText(invitationLink(code)).then(
          () => setCopied(true),
          () => undefined,
        );
      }}
    >
      {copied ? 'Copied' : 'Copy link'}
    </Button>
  );
}

/**
 * The owner's invitation links (issue 11): create a single-use or multi-use link with a role and an optional
 * expiry, see each link with its uses and state, copy it, and revoke it.
 */
export function InvitationsPanel({ worldId }: { worldId: string }) {
  const invitations = useInvitations(worldId, true);
  const { invite, revoke } = useMemberMutations(worldId);
  const [role, setRole] = useState<MemberRole>('player');
  const [multiUse, setMultiUse] = useState(false);
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);

  return (
    <section aria-labelledby={`invitations-${worldId}`} className="mt-4">
      <h3 id={`invitations-${worldId}`} className="h5">
        Invitation links
      </h3>
      <Form
        className="d-flex flex-wrap align-items-end gap-3 mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          invite.mutate(
            { role, maxUses: multiUse ? null : 1, expiresAt: expires ? new Date(expires).toISOString() : null },
            { onError: (failure) => setError(handleError(failure, 'Could not create the link. Please try again.')) },
          );
        }}
      >
        <Form.Group controlId={`invite-role-${worldId}`}>
          <Form.Label>Joins as</Form.Label>
          <Form.Select value={role} onChange={(event) => setRole(event.target.value as MemberRole)}>
            {MEMBER_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group>
          <Form.Check
            type="radio"
            id={`invite-single-${worldId}`}
            name={`invite-uses-${worldId}`}
            label="Single use"
            checked={!multiUse}
            onChange={() => setMultiUse(false)}
          />
          <Form.Check
            type="radio"
            id={`invite-multi-${worldId}`}
            name={`invite-uses-${worldId}`}
            label="Multi-use"
            checked={multiUse}
            onChange={() => setMultiUse(true)}
          />
        </Form.Group>
        <Form.Group controlId={`invite-expires-${worldId}`}>
          <Form.Label>Expires (optional)</Form.Label>
          <Form.Control type="datetime-local" value={expires} onChange={(event) => setExpires(event.target.value)} />
        </Form.Group>
        <Button type="submit" disabled={invite.isPending}>
          Create link
        </Button>
      </Form>
      {error && <ErrorAlert message={error} />}
      <QueryTable
        source={{ ...invitations, rows: invitations.data }}
        columns={INVITATION_COLUMNS}
        loadingLabel="Loading invitations..."
        failureMessage="Failed to load invitations."
        emptyText="No invitation links yet."
        renderRow={(invitation) => {
          const state = invitationState(invitation);
          return (
            <tr key={invitation.invitationId}>
              <td>
                <code className="text-break">{invitationLink(invitation.code)}</code>
              </td>
              <td>{ROLE_LABELS[invitation.role]}</td>
              <td>
                {invitation.uses} / {invitation.maxUses ?? '∞'}
              </td>
              <td>{invitation.expiresAt ? formatDateTime(invitation.expiresAt) : 'Never'}</td>
              <td>
                <Badge bg={state === 'active' ? 'success' : 'secondary'}>{state}</Badge>
              </td>
              <td className="text-end text-nowrap">
                {state === 'active' && (
                  <div className="d-inline-flex gap-2">
                    <CopyLinkButton code={invitation.code} />
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(invitation.invitationId)}
                      aria-label={`Revoke link ${invitation.code}`}
                    >
                      Revoke
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          );
        }}
      />
    </section>
  );
}
