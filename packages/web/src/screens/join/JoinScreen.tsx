import { Link, useNavigate, useParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { ACCESS_MESSAGES } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useAcceptInvitation, useInvitationPreview } from '../../api/access';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { ROLE_LABELS } from '../../components/access/RoleBadge';

/**
 * /join/:code (issue 11): what a world invitation link offers (the world, its owner, the role), and a button
 * to join; signed-out visitors sign in first and come back here. A link that is unknown, expired, used up or
 * revoked shows 'This invitation link is not valid, has expired or has been used up.'; a member is told so
 * and offered the world.
 */
export function JoinScreen() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const preview = useInvitationPreview(code);
  const accept = useAcceptInvitation(code);

  let body;
  if (preview.isPending) body = <LoadingSpinner label="Loading invitation..." />;
  else if (preview.isError) {
    body = (
      <ErrorAlert message={handleError(preview.error, ACCESS_MESSAGES.invitationInvalid)}>
        <Link to="/" className="alert-link d-inline-block mt-2">
          Back to your worlds
        </Link>
      </ErrorAlert>
    );
  } else {
    const { worldId, worldName, ownerUsername, role, alreadyMember } = preview.data;
    const open = () => void navigate(`/worlds/${worldId}`);
    body = (
      <>
        <p className="lead">
          <strong>{ownerUsername}</strong> invites you to <strong>{worldName}</strong> as {ROLE_LABELS[role].toLowerCase()}.
        </p>
        {alreadyMember ? (
          <>
            <p>You are already a member of this world.</p>
            <Button onClick={open}>Open {worldName}</Button>
          </>
        ) : (
          <Button
            disabled={accept.isPending}
            onClick={() => {
              // A failure is shown below from the mutation's state.
              accept.mutate(undefined, { onSuccess: open });
            }}
          >
            Join {worldName}
          </Button>
        )}
        {accept.isError && <ErrorAlert message={handleError(accept.error, ACCESS_MESSAGES.invitationInvalid)} />}
      </>
    );
  }
  return (
    <Container className="py-4">
      <section className="lf-panel">
        <h1 className="h3 mb-3">Join a world</h1>
        {body}
      </section>
    </Container>
  );
}
