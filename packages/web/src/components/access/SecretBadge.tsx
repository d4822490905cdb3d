import Badge from 'react-bootstrap/Badge';
import { useParams } from 'react-router';
import { useWorldAccess } from '../../hooks/useWorldAccess';

/**
 * "Secret" next to an entity only editors see (visibility `editors`), shown to editors and the owner only
 * (issue 11); "Revealed to N" when it was shown to some players. Renders nothing for anyone else.
 * @param entity any entity with the access fields (absent fields render nothing).
 */
export function SecretBadge({ entity }: { entity: object | null | undefined }) {
  const { worldId } = useParams();
  const access = useWorldAccess(worldId);
  const carrier = (entity ?? {}) as { visibility?: string; revealedTo?: readonly string[] };
  if (carrier.visibility !== 'editors' || !access.isEditor || access.role === undefined) return null;
  const revealed = carrier.revealedTo?.length ?? 0;
  return (
    <Badge bg="dark" className="ms-2 align-middle" title="Only editors see this">
      Secret{revealed > 0 ? ` · revealed to ${revealed}` : ''}
    </Badge>
  );
}
