import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { handleError } from '../../api/client';
import { ErrorAlert } from '../ErrorAlert';
import { LoadingSpinner } from '../LoadingSpinner';

/** One column of a {@link QueryTable}: its heading, or a heading read only by screen readers (e.g. 'Actions'). */
export interface QueryTableColumn {
  label: string;
  /** Shows the heading to screen readers only. */
  hidden?: boolean;
}

/** The parts of a TanStack query a {@link QueryTable} reads. */
export interface QueryTableSource<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  /** The loaded rows (undefined until loaded). */
  rows: readonly T[] | undefined;
}

/** Props of {@link QueryTable}. */
export interface QueryTableProps<T> {
  source: QueryTableSource<T>;
  columns: readonly QueryTableColumn[];
  /** The spinner's label while loading, e.g. 'Loading webhooks...'. */
  loadingLabel: string;
  /** The message of a failed load when the server gives none (SPEC §8), e.g. 'Failed to load webhooks.'. */
  failureMessage: string;
  /** What an empty list says, e.g. 'No webhooks yet.'. */
  emptyText: string;
  /** One row (a `<tr>`, or a fragment of rows) per entry. */
  renderRow: (row: T) => ReactNode;
  /** The table's accessible name, when the heading around it does not name it. */
  ariaLabel?: string;
  className?: string;
}

/**
 * A small table of a loaded list, as the members, invitations and webhooks panels show them: a spinner while
 * loading, the server's message with Try again on failure, a line of text when empty, else a compact responsive
 * table with the given headings and one row per entry.
 */
export function QueryTable<T>({
  source,
  columns,
  loadingLabel,
  failureMessage,
  emptyText,
  renderRow,
  ariaLabel,
  className = 'align-middle',
}: QueryTableProps<T>) {
  if (source.isPending) return <LoadingSpinner label={loadingLabel} />;
  if (source.isError) return <ErrorAlert message={handleError(source.error, failureMessage)} onRetry={() => void source.refetch()} />;
  const rows = source.rows ?? [];
  if (rows.length === 0) return <p className="text-body-secondary">{emptyText}</p>;
  return (
    <Table responsive size="sm" className={className} aria-label={ariaLabel}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column.label}>
              {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.map(renderRow)}</tbody>
    </Table>
  );
}
