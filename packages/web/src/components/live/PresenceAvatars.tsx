import Badge from 'react-bootstrap/Badge';
import { useAuth } from '../../hooks/useAuth';
import { useLive } from './live-context';

const initials = (username: string): string =>
  username
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 2)
    .toUpperCase() || '?';

/**
 * The members in the world now (issue 15), as round initials with their name as a tooltip, the signed-in user
 * left out; nothing when nobody else is here.
 */
export function PresenceAvatars() {
  const live = useLive();
  const { user } = useAuth();
  const others = (live?.presence ?? []).filter((entry) => entry.userId !== user?.userId);
  if (others.length === 0) return null;
  return (
    <div className="d-flex align-items-center gap-1" aria-label="Who else is here" role="list">
      {others.map((entry) => (
        <Badge
          key={entry.userId}
          role="listitem"
          pill
          bg={entry.editing ? 'warning' : 'info'}
          text="dark"
          title={entry.editing ? `${entry.username} (editing)` : entry.username}
          className="lf-presence-avatar"
        >
          <span aria-hidden="true">{initials(entry.username)}</span>
          <span className="visually-hidden">{entry.editing ? `${entry.username} (editing)` : entry.username}</span>
        </Badge>
      ))}
    </div>
  );
}
