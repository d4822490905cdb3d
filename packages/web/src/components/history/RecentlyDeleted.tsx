import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { DeletedEntity } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useDeletedEntities, useRestoreDeleted } from '../../api/history';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { formatDateTime } from '../../lib/format';
import { ErrorAlert } from '../ErrorAlert';
import { LoadingSpinner } from '../LoadingSpinner';

/** How an entity type reads in a sentence. */
const TYPE_WORDS: Record<DeletedEntity['entityType'], string> = {
  character: 'character',
  item: 'item',
  inventoryEntry: 'inventory entry',
  goal: 'goal',
  relationship: 'relationship',
  timeline: 'timeline',
  event: 'event',
  map: 'map',
  mapPoint: 'map point',
  mapArea: 'map area',
  quest: 'quest',
  objective: 'quest objective',
  connection: 'connection',
};

/** Where a restored entity's page is, for the types that have one of their own. */
function pathOf(worldId: string, entity: DeletedEntity): string | undefined {
  const base = `/worlds/${worldId}`;
  switch (entity.entityType) {
    case 'character':
      return `${base}/characters/${entity.entityId}`;
    case 'item':
      return `${base}/items/${entity.entityId}`;
    case 'timeline':
      return `${base}/timelines/${entity.entityId}`;
    case 'map':
      return `${base}/maps/${entity.entityId}`;
    case 'goal':
      return `${base}/goals/${entity.entityId}`;
    case 'quest':
      return `${base}/quests/${entity.entityId}`;
    default:
      return undefined;
  }
}

/**
 * "Recently deleted" (issue 15 "History", docs/history.md "Deleted entities"): on the world page, for editors and
 * the owner only, the entities deleted and not restored since, newest first, each with a Restore button that
 * brings it back with its id and last state. A refusal (what it belongs to is deleted too) shows the server's
 * message. Renders nothing for players and viewers, and nothing while the list is empty.
 * @param props `worldId`: the world shown.
 */
export function RecentlyDeleted({ worldId }: { worldId: string }) {
  const access = useWorldAccess(worldId);
  // Only once the role is known: while it loads, access counts everyone as an editor.
  const isEditor = access.role !== undefined && access.isEditor;
  const deleted = useDeletedEntities(worldId, isEditor);
  const restore = useRestoreDeleted(worldId);
  const [restored, setRestored] = useState<DeletedEntity | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!isEditor) return null;
  const entries = deleted.data?.data ?? [];
  if (deleted.isSuccess && entries.length === 0 && restored === null) return null;

  const handleRestore = async (entity: DeletedEntity) => {
    setProblem(null);
    setRestored(null);
    try {
      await restore.mutateAsync(entity);
      setRestored(entity);
    } catch (error) {
      setProblem(handleError(error, 'Failed to restore it.'));
    }
  };
  const restoredPath = restored ? pathOf(worldId, restored) : undefined;

  return (
    <Card className="lf-card mb-4" as="section" aria-labelledby="recently-deleted">
      <Card.Body className="p-4">
        <h2 id="recently-deleted" className="h5">
          Recently deleted
        </h2>
        {restored && (
          <Alert variant="success" dismissible onClose={() => setRestored(null)} closeLabel="Dismiss" role="status">
            Restored {TYPE_WORDS[restored.entityType]} &quot;{restored.name ?? 'Untitled'}&quot;.
            {restoredPath && (
              <>
                {' '}
                <Link to={restoredPath}>Open it</Link>
              </>
            )}
          </Alert>
        )}
        {problem && (
          <Alert variant="danger" dismissible onClose={() => setProblem(null)} closeLabel="Dismiss">
            {problem}
          </Alert>
        )}
        {deleted.isPending && <LoadingSpinner label="Loading deleted entries..." />}
        {deleted.isError && (
          <ErrorAlert message={handleError(deleted.error, 'Failed to load the deleted entries.')} onRetry={() => void deleted.refetch()} />
        )}
        {entries.length > 0 && (
          <ul className="list-unstyled mb-0" data-testid="recently-deleted">
            {entries.map((entity) => (
              <li key={`${entity.entityType}:${entity.entityId}`} className="d-flex flex-wrap gap-2 align-items-baseline mb-1">
                <span>{entity.name ?? 'Untitled'}</span>
                <span className="small text-body-secondary">
                  {TYPE_WORDS[entity.entityType]}, deleted by {entity.deletedByUsername ?? 'someone'}, {formatDateTime(entity.deletedAt)}
                </span>
                <Button
                  size="sm"
                  variant="outline-primary"
                  className="ms-auto"
                  disabled={restore.isPending}
                  onClick={() => void handleRestore(entity)}
                >
                  Restore<span className="visually-hidden"> {entity.name ?? TYPE_WORDS[entity.entityType]}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
