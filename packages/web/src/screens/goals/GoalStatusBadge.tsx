import Badge from 'react-bootstrap/Badge';
import { GOAL_STATUS_BADGE, type GoalStatus } from '@loreforge/contract';

/** Human words for the goal statuses (InProgress reads 'In Progress'). */
export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  Pending: 'Pending',
  InProgress: 'In Progress',
  Completed: 'Completed',
  Failed: 'Failed',
  Abandoned: 'Abandoned',
};

/**
 * A goal's status as a Bootstrap badge (SPEC §4): Pending secondary, InProgress primary, Completed success,
 * Failed danger, Abandoned warning (with dark text so it stays readable).
 */
export function GoalStatusBadge({ status }: { status: GoalStatus }) {
  const variant = GOAL_STATUS_BADGE[status];
  return (
    <Badge bg={variant} {...(variant === 'warning' ? { text: 'dark' } : {})} data-variant={variant}>
      {GOAL_STATUS_LABELS[status]}
    </Badge>
  );
}
