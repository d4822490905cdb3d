import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { ChangeEntityType } from '@loreforge/contract';
import { useAuth } from '../../hooks/useAuth';
import { useChangedMeanwhile, useLive } from './live-context';

/**
 * On an open form (issue 15): warns, before saving, that someone else changed (or deleted) the entity since the
 * form opened — "Someone changed this character meanwhile — reload" — with a Reload button that calls
 * `onReload` (which reloads the entity into the form) and clears the warning. Saving anyway would get the
 * server's 409 (If-Match), so nothing is lost either way.
 * @param label the entity as a person names it, e.g. 'character'.
 */
export function ChangedMeanwhileAlert({
  entityType,
  entityId,
  label,
  onReload,
}: {
  entityType: ChangeEntityType;
  entityId: string | undefined;
  label: string;
  onReload: () => void | Promise<void>;
}) {
  const { user } = useAuth();
  const live = useLive();
  const { change, reset } = useChangedMeanwhile(entityType, entityId, user?.userId);
  if (!change) return null;
  const who = live?.presence.find((entry) => entry.userId === change.by)?.username ?? 'Someone';
  const deleted = change.action === 'deleted';
  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">
        {deleted
          ? `${who} deleted this ${label} meanwhile.`
          : `${who} changed this ${label} meanwhile — reload to see their changes before you save.`}
      </span>
      {!deleted && (
        <Button
          size="sm"
          variant="outline-dark"
          onClick={() => {
            reset();
            void onReload();
          }}
        >
          Reload
        </Button>
      )}
    </Alert>
  );
}
