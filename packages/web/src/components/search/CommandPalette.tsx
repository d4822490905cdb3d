import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import Form from 'react-bootstrap/Form';
import type { SearchEntityType, SearchHit } from '@loreforge/contract';
import { searchHitPath, useWorldSearch } from '../../api/search';
import { handleError } from '../../api/client';
import { HighlightedText } from './HighlightedText';

/** How each entity type is labelled in the results. */
export const SEARCH_TYPE_LABELS: Record<SearchEntityType, string> = {
  character: 'Character',
  item: 'Item',
  quest: 'Quest',
  event: 'Event',
  timeline: 'Timeline',
  map: 'Map',
  mapPoint: 'Map point',
  mapArea: 'Map area',
  goal: 'Goal',
  relationship: 'Relationship',
  connection: 'Connection',
};

/** Props of {@link CommandPalette}: the world searched, whether it is open, and how it closes. */
export interface CommandPaletteProps {
  worldId: string;
  show: boolean;
  onHide: () => void;
}

/**
 * The world's command palette (issue "Linked lore", one search for the world): a search box whose results come as
 * the person types, ranked by the server; ArrowUp/ArrowDown move through them, Enter opens the chosen entity,
 * Escape closes. Highlights are rendered as text runs, never as HTML.
 */
export function CommandPalette({ worldId, show, onHide }: CommandPaletteProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const listId = useId();
  const search = useWorldSearch(worldId, query);
  const hits: SearchHit[] = query.trim() ? (search.data?.data ?? []) : [];
  const total = query.trim() ? (search.data?.pagination.totalItems ?? 0) : 0;
  const more = query.trim() && search.data?.pagination.totalItemsCapped ? '+' : '';

  // New results start at the first; a closed palette forgets its query. Both adjust state while rendering, from
  // what the previous render saw (https://react.dev/learn/you-might-not-need-an-effect).
  const [seenResults, setSeenResults] = useState(search.data);
  if (seenResults !== search.data) {
    setSeenResults(search.data);
    setActive(0);
  }
  const [seenShow, setSeenShow] = useState(show);
  if (seenShow !== show) {
    setSeenShow(show);
    if (!show) setQuery('');
  }

  const open = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onHide();
    void navigate(searchHitPath(worldId, hit));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (hits.length === 0 ? 0 : (index + 1) % hits.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (hits.length === 0 ? 0 : (index - 1 + hits.length) % hits.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(hits[active]);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <Modal
      show={show}
      onHide={onHide}
      onEntering={() => inputRef.current?.focus()}
      aria-label="Search this world"
      className="lf-command-palette"
      scrollable
    >
      <Modal.Body className="p-0">
        <Form.Control
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label="Search this world"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
          placeholder="Search characters, items, events, places…"
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={handleKeyDown}
          className="border-0 border-bottom rounded-0 p-3 fs-5"
        />
        <ul id={listId} role="listbox" aria-label="Results" className="list-unstyled m-0 lf-command-results">
          {hits.map((hit, index) => (
            // The keys are the search box's (ArrowUp/ArrowDown/Enter, with aria-activedescendant), as in the ARIA
            // combobox pattern: an option is never focused, so a key handler of its own could never run.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${hit.type}-${hit.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`px-3 py-2 lf-command-result${index === active ? ' active' : ''}`}
              onMouseEnter={() => setActive(index)}
              onClick={() => open(hit)}
            >
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold">
                  <HighlightedText value={hit.name} />
                </span>
                <span className="badge text-bg-secondary align-self-start">{SEARCH_TYPE_LABELS[hit.type]}</span>
              </div>
              {hit.snippet && (
                <div className="small text-body-secondary">
                  <HighlightedText value={hit.snippet} />
                </div>
              )}
              {hit.match === 'tag' && (
                <div className="small text-body-secondary">
                  Tagged{' '}
                  <span className="badge text-bg-info">
                    <mark className="p-0 bg-transparent">{query.trim()}</mark>…
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
        <div className="px-3 py-2 small text-body-secondary border-top" aria-live="polite">
          {search.isError
            ? handleError(search.error, 'Search failed. Please try again.')
            : !query.trim()
              ? 'Type to search this world. ↑ ↓ to choose, Enter to open, Esc to close.'
              : search.isFetching && !search.data
                ? 'Searching…'
                : total === 0
                  ? 'Nothing found.'
                  : `${total.toLocaleString()}${more} result${total === 1 && !more ? '' : 's'}${total > hits.length ? `, best ${hits.length} shown` : ''}.`}
        </div>
      </Modal.Body>
    </Modal>
  );
}
