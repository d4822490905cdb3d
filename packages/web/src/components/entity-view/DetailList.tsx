import type { ReactNode } from 'react';

/** One row of a {@link DetailList}. */
export interface DetailRow {
  label: string;
  /** The value; null, undefined and '' show a dash. */
  value: ReactNode;
}

/**
 * A definition list of labelled values for entity views (goal, relationship, item, instance). Empty values
 * show an em dash so a missing field is visibly empty rather than absent.
 */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="row mb-0">
      {rows.map((row) => (
        <div key={row.label} className="col-12 d-sm-flex border-bottom py-2">
          <dt className="col-sm-4 fw-semibold text-body-secondary">{row.label}</dt>
          <dd className="col-sm-8 mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
            {row.value === null || row.value === undefined || row.value === '' ? <span className="text-body-tertiary">—</span> : row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
