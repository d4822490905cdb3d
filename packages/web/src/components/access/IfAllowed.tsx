import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ACCESS_MESSAGES } from '@loreforge/contract';
import { useWorldAccess } from '../../hooks/useWorldAccess';

/**
 * Shows its children only when the signed-in user (or the member the world is viewed as) may do it in the
 * world (issue 11): `edit` an entity (editors; a player their assigned character), or `manage` content
 * (create and delete: editors and the owner). Otherwise `fallback` (default nothing).
 */
export function IfAllowed({
  worldId,
  to,
  entity,
  fallback = null,
  children,
}: {
  worldId: string;
  to: 'edit' | 'manage';
  entity?: object | null;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const access = useWorldAccess(worldId);
  const allowed = to === 'manage' ? access.isEditor : access.canEdit(entity);
  return <>{allowed ? children : fallback}</>;
}

/**
 * What a create or edit form shows a member whose role does not allow it (a player or viewer who followed a
 * link to it): the server's own words (ACCESS_MESSAGES.forbidden) and the way back, instead of a form whose
 * save would be refused.
 * @param props `back`: the page to return to, or what the form's Cancel does; without it, the message alone.
 */
export function RoleRefusal({ back }: { back?: string | (() => void) | undefined }) {
  return (
    <Alert variant="warning" className="mb-0">
      {ACCESS_MESSAGES.forbidden}{' '}
      {typeof back === 'string' && (
        <Link to={back} className="alert-link">
          Go back
        </Link>
      )}
      {typeof back === 'function' && (
        <Button variant="link" className="alert-link p-0 align-baseline" onClick={back}>
          Go back
        </Button>
      )}
    </Alert>
  );
}

/**
 * A page or form only editors may use (issue 11): its children for editors and the owner, and for anyone else
 * {@link RoleRefusal} with the way back, rather than something the server would refuse.
 * @param props `worldId`: the world; `back`: the page to return to.
 */
export function EditorsOnly({ worldId, back, children }: { worldId: string; back: string; children: ReactNode }) {
  return (
    <IfAllowed worldId={worldId} to="manage" fallback={<RoleRefusal back={back} />}>
      {children}
    </IfAllowed>
  );
}
