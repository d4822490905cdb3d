/** Starting values of the goal form (SPEC §5 Goal). */
import type { Goal } from '@loreforge/contract';

/**
 * Turns a stored ISO date-time into what a datetime-local input shows: 'YYYY-MM-DDTHH:mm'. The trailing Z is
 * dropped, as for events, and the server reads a value without zone as UTC, so the value round-trips.
 * @returns '' for null or unreadable input.
 */
export function toDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})/.exec(iso);
  return match?.[1] ?? '';
}

/**
 * The goal form's values: a new goal starts Primary and Pending; an edited one shows its stored values.
 * @param goal the goal being edited, or undefined to create.
 */
export function goalFormValues(goal?: Goal): Record<string, string> {
  return {
    title: goal?.title ?? '',
    description: goal?.description ?? '',
    descriptionHtml: goal?.descriptionHtml ?? '',
    goalType: goal?.goalType ?? 'Primary',
    status: goal?.status ?? 'Pending',
    targetDateTime: toDateTimeInput(goal?.targetDateTime),
    notes: goal?.notes ?? '',
  };
}
