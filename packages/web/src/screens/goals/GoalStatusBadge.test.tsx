import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { GOAL_STATUSES, type GoalStatus } from '@loreforge/contract';
import { GoalStatusBadge } from './GoalStatusBadge';

const EXPECTED: Record<GoalStatus, [string, string]> = {
  Pending: ['Pending', 'bg-secondary'],
  InProgress: ['In Progress', 'bg-primary'],
  Completed: ['Completed', 'bg-success'],
  Failed: ['Failed', 'bg-danger'],
  Abandoned: ['Abandoned', 'bg-warning'],
};

describe('GoalStatusBadge (SPEC §4 badge colours)', () => {
  it.each(GOAL_STATUSES)('shows %s in its Bootstrap colour', (status) => {
    const [label, className] = EXPECTED[status];
    render(<GoalStatusBadge status={status} />);
    expect(screen.getByText(label)).toHaveClass(className);
  });
});
