import type { ReactNode } from 'react';
import { useWorldAccess } from '../../hooks/useWorldAccess';

/**
 * Shows its children only when the signed-in user (or the member the world is viewed as) may do it in the
 * world (issue 11): `edit` an entity (editors; a player their assigned character), or `manage` content
 * (create and delete: editors and the owner).
 */
export function IfAllowed({ worldId, to, entity, children }: { worldId: string; to: 'edit' | 'manage'; entity?: object | null; children: ReactNode }) {
  const access = useWorldAccess(worldId);
  const allowed = to === 'manage' ? access.isEditor : access.canEdit(entity);
  return allowed ? <>{children}</> : null;
}
