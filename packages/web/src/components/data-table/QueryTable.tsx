import { useLayoutEffect, useRef, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { handleError } from '../../api/client';
import { ErrorAlert } from '../ErrorAlert';
import { LoadingSpinner } from '../LoadingSpinner';
import './stack-table.css';

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
  /** Classes of the table, and of the empty line that takes its place, so both leave the same space below. */
  className?: string;
}

/**
 * Names each body cell after its column (`data-label`), counting `colSpan`; a cell spanning several columns gets
 * no name. The stacked layout of a phone reads these names (stack-table.css).
 */
function labelCells(body: HTMLTableSectionElement | null, columns: readonly QueryTableColumn[]): void {
  for (const row of Array.from(body?.rows ?? [])) {
    let column = 0;
    for (const cell of Array.from(row.cells)) {
      const label = cell.colSpan === 1 ? columns[column]?.label : undefined;
      if (label) cell.setAttribute('data-label', label);
      else cell.removeAttribute('data-label');
      column += cell.colSpan;
    }
  }
}

/**
 * A small table of a loaded list, as the members, invitations, webhooks and deliveries panels show them: a spinner
 * while loading, the server's message with Try again on failure, a line of text when empty, else a compact table
 * with the given headings and one row per entry. On a phone (below Bootstrap's small breakpoint) each row stacks
 * as 'Column: value' lines, so no column or action is cut off.
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
  const body = useRef<HTMLTableSectionElement>(null);
  // After every render, since rows come and go with the data: cheap for the few rows such a panel has.
  useLayoutEffect(() => labelCells(body.current, columns));
  if (source.isPending) return <LoadingSpinner label={loadingLabel} />;
  if (source.isError) return <ErrorAlert message={handleError(source.error, failureMessage)} onRetry={() => void source.refetch()} />;
  const rows = source.rows ?? [];
  if (rows.length === 0) return <p className={`${className} text-body-secondary`}>{emptyText}</p>;
  return (
    <Table responsive size="sm" className={`${className} lf-stack-table`} aria-label={ariaLabel}>
      <thead>
        {/* On a phone each cell names its column, so the header row would only repeat them. */}
        <tr className="d-none d-sm-table-row">
          {columns.map((column) => (
            <th scope="col" key={column.label}>
              {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody ref={body}>{rows.map(renderRow)}</tbody>
    </Table>
  );
}
