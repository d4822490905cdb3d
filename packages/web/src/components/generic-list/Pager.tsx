import Pagination from 'react-bootstrap/Pagination';
import { paginationWindow } from './pagination-window';
import './generic-list.css';

/** Props of {@link Pager}. */
export interface PagerProps {
  /** Current page, from 1. */
  current: number;
  /** Number of pages. */
  total: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/**
 * Page links with previous/next and the 7-page window of SPEC §2/§9 (gaps shown as ellipses).
 * Renders nothing for a single page.
 */
export function Pager({ current, total, onChange, label = 'Pages' }: PagerProps) {
  if (total <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination className="mb-0 lf-pager" size="sm">
        <Pagination.Prev disabled={current <= 1} onClick={() => onChange(current - 1)} aria-label="Previous page" />
        {paginationWindow(current, total).map((slot) =>
          typeof slot === 'number' ? (
            <Pagination.Item
              key={slot}
              active={slot === current}
              onClick={() => onChange(slot)}
              aria-label={`Page ${slot}`}
              aria-current={slot === current ? 'page' : undefined}
            >
              {slot}
            </Pagination.Item>
          ) : (
            <Pagination.Ellipsis key={slot} disabled aria-hidden="true" />
          ),
        )}
        <Pagination.Next disabled={current >= total} onClick={() => onChange(current + 1)} aria-label="Next page" />
      </Pagination>
    </nav>
  );
}
