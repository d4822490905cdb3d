import Badge from 'react-bootstrap/Badge';
import type { WorldRole } from '@loreforge/contract';

/** How each role reads on a badge. */
export const ROLE_LABELS: Record<WorldRole, string> = { owner: 'Owner', editor: 'Editor', player: 'Player', viewer: 'Viewer' };

const ROLE_COLORS: Record<WorldRole, string> = { owner: 'primary', editor: 'success', player: 'warning', viewer: 'secondary' };

/** A small badge naming a role in a world (issue 11): "Owner", "Editor", "Player" or "Viewer". */
export function RoleBadge({ role }: { role: WorldRole }) {
  return (
    <Badge
      bg={ROLE_COLORS[role]}
      {...(role === 'player' ? { text: 'dark' } : {})}
      className="text-uppercase"
      title={`Your role: ${ROLE_LABELS[role]}`}
    >
      {ROLE_LABELS[role]}
    </Badge>
  );
}
