import { useQueryClient } from '@tanstack/react-query';
import { useMembers } from '../../api/access';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { setViewAs } from '../../session/view-as-store';
import { MenuButton } from '../overlays/MenuButton';
import { ROLE_LABELS } from './RoleBadge';

/**
 * The "View as player" switch of a world's header (issue 11), for its editors and owner: a menu of the
 * world's players and viewers; choosing one makes every request of that world carry `x-view-as` and drops
 * cached answers so every screen reloads as that member sees it. Renders nothing for other roles, while
 * already viewing as someone (the banner leads back), or when the world has no players or viewers.
 * @param worldId the world whose members are offered; @param size 'sm' beside the smaller heading of the other tabs.
 */
export function ViewAsSwitch({ worldId, size }: { worldId: string; size?: 'sm' | undefined }) {
  const access = useWorldAccess(worldId);
  const members = useMembers(access.isEditor && !access.viewing ? worldId : undefined);
  const queryClient = useQueryClient();
  if (!access.isEditor || access.viewing || !access.ownRole) return null;
  const ownRole = access.ownRole;
  const readers = (members.data ?? []).filter((member) => member.role === 'player' || member.role === 'viewer');
  if (readers.length === 0) return null;
  return (
    <MenuButton
      id={`view-as-${worldId}`}
      label="View as player"
      variant="outline-light"
      size={size}
      header="See this world as"
      choices={readers.map((member) => ({
        key: member.userId,
        label: `${member.username} (${ROLE_LABELS[member.role].toLowerCase()})`,
        onSelect: () => {
          setViewAs({ worldId, userId: member.userId, username: member.username, role: member.role, ownRole });
          void queryClient.resetQueries();
        },
      }))}
    />
  );
}
