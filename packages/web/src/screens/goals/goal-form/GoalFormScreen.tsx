import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { GOAL_STATUSES, GOAL_TYPES, GoalCreateSchema } from '@loreforge/contract';
import { handleError, retryUnlessMissing } from '../../../api/client';
import type { GoalResource } from '../../../api/goals';
import { useResourceItem } from '../../../api/resource';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GenericForm } from '../../../components/form/GenericForm';
import type { FieldConfig } from '../../../components/form/types';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { GOAL_STATUS_LABELS } from '../GoalStatusBadge';
import { goalFormValues } from './goal-form-values';

const FIELDS: readonly FieldConfig[] = [
  { name: 'title', label: 'Title', type: 'text', required: true },
  { name: 'description', label: 'Description', type: 'richtext', required: true },
  {
    name: 'goalType',
    label: 'Goal Type',
    type: 'select',
    required: true,
    options: GOAL_TYPES.map((t) => ({ value: t, label: t === 'PlotDriven' ? 'Plot Driven' : t })),
  },
  {
    name: 'status',
    label: 'Status',
    type: 'select',
    required: true,
    options: GOAL_STATUSES.map((s) => ({ value: s, label: GOAL_STATUS_LABELS[s] })),
  },
  { name: 'targetDateTime', label: 'Target Date/Time', type: 'datetime-local', help: 'Optional, in UTC.' },
  { name: 'notes', label: 'Notes', type: 'textarea' },
];

/** Props of {@link GoalFormScreen}. */
export interface GoalFormScreenProps {
  /** The character's or the world's goals collection. */
  resource: GoalResource;
  /** Where Cancel goes when creating (the goals list, or the world). */
  listPath: string;
  /** The page of one goal. */
  viewPath: (goalId: string) => string;
}

/**
 * goals/create and goals/:goalId/edit (SPEC §2 Goals, §5 Goal): title (at least 3 characters), description,
 * goal type and status required; target date/time and notes optional. Editing shows 'Failed to load goal
 * data. Please try again.' when the goal cannot be loaded. On save it opens the goal.
 */
export function GoalFormScreen({ resource, listPath, viewPath }: GoalFormScreenProps) {
  const { goalId, worldId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useResourceItem(resource, goalId);
  const defaults = useMemo(() => goalFormValues(query.data), [query.data]);
  const editing = Boolean(goalId);

  let body;
  if (editing && query.isPending) body = <LoadingSpinner label="Loading goal..." />;
  else if (editing && query.isError) {
    body = (
      <ErrorAlert
        message={handleError(query.error, 'Failed to load goal data. Please try again.')}
        onRetry={retryUnlessMissing(query.error, () => void query.refetch())}
      />
    );
  } else {
    body = (
      <GenericForm
        access={{ worldId, entity: query.data }}
        schema={GoalCreateSchema}
        fields={FIELDS}
        defaultValues={defaults}
        submitLabel={editing ? 'Save goal' : 'Create goal'}
        failureFallback="Failed to save. Please try again."
        onCancel={() => void navigate(goalId ? viewPath(goalId) : listPath)}
        onSubmit={async (values) => {
          const saved = goalId ? await resource.update(goalId, values) : await resource.create(values);
          await queryClient.invalidateQueries({ queryKey: resource.key.slice(0, 2) });
          void navigate(viewPath(saved.goalId));
        }}
      />
    );
  }
  return <EntityPanel title={editing ? 'Edit Goal' : 'Create Goal'}>{body}</EntityPanel>;
}
