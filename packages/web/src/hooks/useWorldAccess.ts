/**
 * What the signed-in user may do in a world (issue 11), as the UI decides which controls to show. The server
 * decides for real; this only hides what would be refused. While an editor views the world as a player, the
 * answer is that player's, so the screens look exactly as the player's do.
 */
import { isEditorRole, type WorldRole } from '@loreforge/contract';
import { roleOf } from '../api/access';
import { useWorld } from '../api/worlds';
import { type ViewAs, useViewAs } from '../session/view-as-store';
import { useAuth } from './useAuth';

/** An entity as far as writing rights go: characters carry `assignedTo`, secrets `visibility`. */
export interface AccessSubject {
  assignedTo?: string | null;
  visibility?: string;
}

/** The answer of {@link useWorldAccess}. */
export interface WorldAccess {
  /** The role the screens act as: the viewed member's while viewing as someone, else mine; undefined while loading. */
  role: WorldRole | undefined;
  /** My own role in the world, whatever I view it as. */
  ownRole: WorldRole | undefined;
  /** Whom the world is being viewed as, when it is. */
  viewing: ViewAs | null;
  /** The userId the screens act as. */
  actingUserId: string | undefined;
  /** Editors and the owner: create, edit and delete all content, see secrets and GM notes. */
  isEditor: boolean;
  isOwner: boolean;
  /** Whether an entity may be edited: editors always; a player only a character assigned to them. */
  canEdit: (entity?: object | null) => boolean;
}

/** Pure form of {@link useWorldAccess}, for screens that already hold the world and the user. */
export function worldAccess(
  role: WorldRole | undefined,
  ownRole: WorldRole | undefined,
  viewing: ViewAs | null,
  actingUserId: string | undefined,
): WorldAccess {
  // While the role is unknown (loading, or a screen outside a world), nothing is hidden: the server refuses anyway.
  const isEditor = role === undefined || isEditorRole(role);
  return {
    role,
    ownRole,
    viewing,
    actingUserId,
    isEditor,
    isOwner: role === 'owner',
    canEdit: (entity) => {
      const assignedTo = (entity as AccessSubject | null | undefined)?.assignedTo;
      return isEditor || (role === 'player' && Boolean(assignedTo) && assignedTo === actingUserId);
    },
  };
}

/**
 * The access of the signed-in user in a world.
 * @param worldId the world; undefined outside a world (then everything is allowed, as before sharing).
 */
export function useWorldAccess(worldId: string | undefined): WorldAccess {
  const { user } = useAuth();
  const world = useWorld(worldId);
  const viewAs = useViewAs();
  // While viewing as a member, the world itself answers as that member: my own role is the one kept at the switch.
  const viewing = viewAs && viewAs.worldId === worldId ? viewAs : null;
  const ownRole = viewing ? viewing.ownRole : roleOf(world.data);
  const role = viewing ? viewing.role : ownRole;
  return worldAccess(worldId ? role : undefined, ownRole, viewing, viewing ? viewing.userId : user?.userId);
}
