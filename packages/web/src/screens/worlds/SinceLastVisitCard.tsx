import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import type { VisitChange } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useSinceLastVisit } from '../../api/history';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { formatDateTime } from '../../lib/format';

/** Headings of the groups, by entity type. */
const GROUP_LABELS: Record<string, string> = {
  world: 'World',
  member: 'Members',
  character: 'Characters',
  item: 'Items',
  inventoryEntry: 'Inventory entries',
  goal: 'Goals',
  relationship: 'Relationships',
  timeline: 'Timelines',
  event: 'Events',
  map: 'Maps',
  mapPoint: 'Map points',
  mapArea: 'Map areas',
  quest: 'Quests',
  objective: 'Quest objectives',
  connection: 'Connections',
  calendar: 'Calendars',
};

/** Where a changed entity's page is, for the types that have one of their own. */
function pathOf(worldId: string, change: VisitChange): string | undefined {
  if (change.deleted) return undefined;
  const base = `/worlds/${worldId}`;
  switch (change.entityType) {
    case 'character':
      return `${base}/characters/${change.entityId}`;
    case 'item':
      return `${base}/items/${change.entityId}`;
    case 'timeline':
      return `${base}/timelines/${change.entityId}`;
    case 'event':
      return `${base}/events/${change.entityId}/edit`;
    case 'map':
      return `${base}/maps/${change.entityId}`;
    case 'goal':
      return `${base}/goals/${change.entityId}`;
    case 'quest':
      return `${base}/quests/${change.entityId}`;
    default:
      return undefined;
  }
}

const actionWords = (change: VisitChange): string =>
  change.actions.map((action) => ({ created: 'added', updated: 'changed', deleted: 'deleted' })[action]).join(', then ');

/**
 * "Since you last looked" (issue 15): on the world page, what others changed since the member's previous visit,
 * grouped by kind, each entity once with its name, what happened and who changed it last. Opening the world
 * records the visit, so the next one starts from now. Secret entities a player may not see are never listed.
 */
export function SinceLastVisitCard({ worldId }: { worldId: string }) {
  const news = useSinceLastVisit(worldId);
  return (
    <Card className="lf-card mb-4" as="section" aria-labelledby="since-last-visit">
      <Card.Body className="p-4">
        <h2 id="since-last-visit" className="h5">
          Since you last looked
        </h2>
        {news.isPending && <LoadingSpinner label="Loading what changed..." />}
        {news.isError && (
          <ErrorAlert message={handleError(news.error, 'Failed to load what changed.')} onRetry={() => void news.refetch()} />
        )}
        {news.isSuccess && news.data.previousVisitAt === null && (
          <p className="mb-0 text-body-secondary">Welcome! Next time, what others changed meanwhile shows here.</p>
        )}
        {news.isSuccess && news.data.previousVisitAt !== null && news.data.totalEntities === 0 && (
          <p className="mb-0 text-body-secondary">Nothing changed since your last visit on {formatDateTime(news.data.previousVisitAt)}.</p>
        )}
        {news.isSuccess && news.data.previousVisitAt !== null && news.data.totalEntities > 0 && (
          <>
            <p className="small text-body-secondary">
              {news.data.totalEntities} {news.data.totalEntities === 1 ? 'entry' : 'entries'} changed since{' '}
              {formatDateTime(news.data.previousVisitAt)}.
            </p>
            {news.data.groups.map((group) => (
              <div key={group.entityType} className="mb-2">
                <h3 className="h6 mb-1">{GROUP_LABELS[group.entityType] ?? group.entityType}</h3>
                <ul className="list-unstyled mb-0">
                  {group.entities.map((change) => {
                    const path = pathOf(worldId, change);
                    const name = change.name ?? 'Untitled';
                    return (
                      <li key={change.entityId} className="d-flex flex-wrap gap-2 align-items-baseline">
                        {path ? (
                          <Link to={path}>{name}</Link>
                        ) : (
                          <span className={change.deleted ? 'text-decoration-line-through' : undefined}>{name}</span>
                        )}
                        <Badge bg={change.deleted ? 'danger' : 'secondary'}>{actionWords(change)}</Badge>
                        <span className="small text-body-secondary">
                          by {change.lastByUsername ?? 'someone'}, {formatDateTime(change.lastAt)}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
