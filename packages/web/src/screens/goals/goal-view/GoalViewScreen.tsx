import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import { handleError, retryUnlessMissing } from '../../../api/client';
import type { GoalResource } from '../../../api/goals';
import { useResourceItem, useResourceMutations } from '../../../api/resource';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { AccessDetails } from '../../../components/access/AccessDetails';
import { IfAllowed } from '../../../components/access/IfAllowed';
import { SecretBadge } from '../../../components/access/SecretBadge';
import { TagEditor } from '../../../components/tags/TagEditor';
import { DetailList } from '../../../components/entity-view/DetailList';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { formatDateTime } from '../../../lib/format';
import { GoalStatusBadge } from '../GoalStatusBadge';
import { RichText } from '../../../components/rich-text/RichText';
import { MentionedIn } from '../../../components/rich-text/MentionedIn';
import { ConnectionsPanel } from '../../../components/connections/ConnectionsPanel';

/** Props of {@link GoalViewScreen}. */
export interface GoalViewScreenProps {
  resource: GoalResource;
  /** Where to go after deleting, and the Back link. */
  listPath: string;
  /** The goal's edit page. */
  editPath: (goalId: string) => string;
}

/**
 * goals/:goalId (SPEC §2 Goals, §4): the goal's title, status badge, type, target date, description and
 * notes, with Edit and Delete (asks first, irreversible). Load failure: 'Failed to load goal data. Please try again.'
 */
export function GoalViewScreen({ resource, listPath, editPath }: GoalViewScreenProps) {
  const { goalId = '' } = useParams();
  const navigate = useNavigate();
  const query = useResourceItem(resource, goalId);
  const { remove } = useResourceMutations(resource);
  const [deleting, setDeleting] = useState(false);

  if (query.isPending) return <LoadingSpinner label="Loading goal..." />;
  if (query.isError) {
    return (
      <ErrorAlert
        message={handleError(query.error, 'Failed to load goal data. Please try again.')}
        onRetry={retryUnlessMissing(query.error, () => void query.refetch())}
      />
    );
  }
  const goal = query.data;
  return (
    <EntityPanel
      title={
        <>
          {goal.title} <GoalStatusBadge status={goal.status} />
          <SecretBadge entity={goal} />
        </>
      }
      actions={
        <>
          <Link to={listPath} className="btn btn-outline-secondary">
            Back
          </Link>
          <IfAllowed worldId={goal.worldId} to="manage">
            <Link to={editPath(goal.goalId)} className="btn btn-outline-primary">
              Edit
            </Link>
            <Button variant="outline-danger" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </IfAllowed>
        </>
      }
    >
      <DetailList
        rows={[
          { label: 'Goal Type', value: goal.goalType === 'PlotDriven' ? 'Plot Driven' : goal.goalType },
          { label: 'Target Date/Time', value: formatDateTime(goal.targetDateTime) },
          { label: 'Description', value: <RichText worldId={goal.worldId} html={goal.descriptionHtml} empty={goal.description} /> },
          { label: 'Notes', value: goal.notes },
          { label: 'Created', value: formatDateTime(goal.createdAt) },
          { label: 'Updated', value: formatDateTime(goal.updatedAt) },
        ]}
      />
      <AccessDetails worldId={goal.worldId} entity={goal} />
      <section className="mt-3" aria-label="Tags">
        <TagEditor worldId={goal.worldId} type="goal" id={goal.goalId} />
      </section>
      <ConnectionsPanel worldId={goal.worldId} here={{ type: 'goal', id: goal.goalId }} hereName={goal.title} />
      <MentionedIn worldId={goal.worldId} type="goal" id={goal.goalId} />
      <ConfirmDeleteModal
        show={deleting}
        entityType="goal"
        entityName={goal.title}
        failureFallback="Failed to delete goal. Please try again."
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          await remove.mutateAsync(goal.goalId);
          setDeleting(false);
          void navigate(listPath, { replace: true });
        }}
      />
    </EntityPanel>
  );
}
