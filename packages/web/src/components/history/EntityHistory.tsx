import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { ChangeAction, HistoryEntityType, HistoryEntry } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useEntityHistory, useRestoreVersion } from '../../api/history';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { formatDateTime } from '../../lib/format';
import { ErrorAlert } from '../ErrorAlert';
import { LoadingSpinner } from '../LoadingSpinner';
import { fieldLabel, formatValue } from './field-labels';

const ACTION_LABELS: Record<ChangeAction, string> = { created: 'Created', updated: 'Changed', deleted: 'Deleted' };
const ACTION_COLOURS: Record<ChangeAction, string> = { created: 'success', updated: 'primary', deleted: 'danger' };

/** Props of {@link EntityHistory}. */
export interface EntityHistoryProps {
  worldId: string;
  type: HistoryEntityType;
  id: string;
  /** The entity's `updatedAt` as shown, sent as If-Match on restore (a 409 then says it changed meanwhile). */
  updatedAt?: string;
  /** What the entity is called in buttons ("character"). */
  noun?: string;
}

function FieldChanges({ entry }: { entry: HistoryEntry }) {
  if (entry.changes.length === 0) return null;
  return (
    <dl className="lf-history-changes row small mb-0 mt-2">
      {entry.changes.map((change) => (
        <div key={change.field} className="d-contents">
          <dt className="col-sm-3 text-body-secondary fw-normal">{fieldLabel(change.field)}</dt>
          <dd className="col-sm-9 mb-1 text-break">
            {entry.action === 'updated' ? (
              <>
                <del className="text-danger-emphasis">{formatValue(change.oldValue)}</del>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> changed to </span>
                <ins className="text-success-emphasis text-decoration-none">{formatValue(change.newValue)}</ins>
              </>
            ) : (
              formatValue(entry.action === 'deleted' ? change.oldValue : change.newValue)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An entity's history (issue 15): each change with who made it and when, and for changes the fields with their
 * old and new values, newest first, ten a page. Editors and the owner get a Restore button on each earlier
 * version, which writes that version back as a new change (after asking). The server leaves out what the
 * reader may not see (GM notes for players, secret entities).
 */
export function EntityHistory({ worldId, type, id, updatedAt, noun = 'entity' }: EntityHistoryProps) {
  const [page, setPage] = useState(1);
  const history = useEntityHistory(worldId, type, id, page);
  const restore = useRestoreVersion(worldId, type, id);
  const access = useWorldAccess(worldId);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (history.isPending) return <LoadingSpinner label="Loading changes..." />;
  if (history.isError)
    return (
      <ErrorAlert message={handleError(history.error, 'Failed to load the history of changes.')} onRetry={() => void history.refetch()} />
    );
  // An answer of another shape (an older server without history) reads as an empty history, not a crash.
  const answer: Partial<typeof history.data> = history.data;
  const data = Array.isArray(answer.data) ? answer.data : [];
  const totalPages = answer.pagination?.totalPages ?? 0;
  const restorable = history.data.restorable;
  const canRestore = restorable && access.isEditor && !access.viewing;
  const latest = page === 1 ? data[0]?.sequence : undefined;

  const handleRestore = async (sequence: number) => {
    setError(null);
    try {
      await restore.mutateAsync({ sequence, ...(updatedAt ? { version: updatedAt } : {}) });
      setNotice(`Restored the version of ${formatDateTime(data.find((entry) => entry.sequence === sequence)?.at)}.`);
      setPage(1);
    } catch (failure) {
      setError(handleError(failure, 'Could not restore that version. Please try again.'));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <section aria-labelledby={`changes-${id}`} className="mb-4">
      <h2 id={`changes-${id}`} className="h5">
        Changes
      </h2>
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} closeLabel="Dismiss" role="status">
          {notice}
        </Alert>
      )}
      {error && <ErrorAlert message={error} onDismiss={() => setError(null)} />}
      {data.length === 0 && <p className="text-body-secondary">No changes recorded yet.</p>}
      <ol className="list-unstyled mb-2">
        {data.map((entry) => (
          <li key={entry.sequence} className="border-start border-3 ps-3 pb-3" data-testid="history-entry">
            <div className="d-flex flex-wrap align-items-center gap-2">
              <Badge bg={ACTION_COLOURS[entry.action]}>{ACTION_LABELS[entry.action]}</Badge>{' '}
              <span>
                by <strong>{entry.byUsername ?? 'someone'}</strong> on <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </span>
              {canRestore &&
                entry.action !== 'deleted' &&
                entry.sequence !== latest &&
                (confirming === entry.sequence ? (
                  <span className="ms-auto d-inline-flex gap-2">
                    <Button size="sm" variant="warning" disabled={restore.isPending} onClick={() => void handleRestore(entry.sequence)}>
                      Restore this version
                    </Button>
                    <Button size="sm" variant="outline-secondary" onClick={() => setConfirming(null)}>
                      Cancel
                    </Button>
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    className="ms-auto"
                    onClick={() => setConfirming(entry.sequence)}
                    aria-label={`Restore the ${noun} as of ${formatDateTime(entry.at)}`}
                  >
                    Restore
                  </Button>
                ))}
            </div>
            <FieldChanges entry={entry} />
          </li>
        ))}
      </ol>
      {totalPages > 1 && (
        <div className="d-flex gap-2 align-items-center">
          <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span className="small">
            Page {page} of {totalPages}
          </span>
          <Button size="sm" variant="outline-secondary" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </div>
      )}
    </section>
  );
}
