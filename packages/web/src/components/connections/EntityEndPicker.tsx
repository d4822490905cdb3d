import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { CONNECTABLE_TYPES, type ConnectableType, type SearchHit } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { searchWorld } from '../../api/search';
import { CONNECTABLE_LABELS, endValue, parseEnd } from './connection-ends';

/** How many hits the picker asks the world search for. */
const PICKER_LIMIT = 20;

const isConnectable = (type: string): type is ConnectableType => (CONNECTABLE_TYPES as readonly string[]).includes(type);

/** Props of {@link EntityEndPicker}. */
export interface EntityEndPickerProps {
  worldId: string;
  id: string;
  /** The chosen end as `type:id`, or ''. */
  value: string;
  onChange: (value: string) => void;
  /** The chosen end's name as loaded (an edited connection's), shown until another is chosen. */
  label?: string | null;
  /** `type:id` of an entity that cannot be chosen (the page's own entity). */
  exclude?: string;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Chooses any character, item, timeline, event, map, quest or goal of the world as a connection's other end: a
 * type filter and a box that searches the world (GET …/search) as one types, the hits the reader may see listed
 * as buttons; the chosen one is shown with a Change button.
 */
export function EntityEndPicker({ worldId, id, value, onChange, label, exclude, invalid = false, describedBy }: EntityEndPickerProps) {
  const [type, setType] = useState<ConnectableType | ''>('');
  const [query, setQuery] = useState('');
  const [chosenName, setChosenName] = useState<string | null>(label ?? null);
  const term = query.trim();
  const search = useQuery({
    queryKey: ['worlds', worldId, 'search', term, PICKER_LIMIT],
    queryFn: () => searchWorld(worldId, term, PICKER_LIMIT),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
  const chosen = parseEnd(value);
  if (chosen) {
    return (
      <div className="d-flex align-items-center gap-2" id={id} aria-describedby={describedBy}>
        <span>
          <strong>{chosenName ?? 'Chosen entity'}</strong>{' '}
          <span className="small text-body-secondary">({CONNECTABLE_LABELS[chosen.type]})</span>
        </span>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => {
            onChange('');
            setChosenName(null);
          }}
        >
          Change
        </Button>
      </div>
    );
  }
  const hits = (search.data?.data ?? []).filter(
    (hit): hit is SearchHit & { type: ConnectableType } =>
      isConnectable(hit.type) && (type === '' || hit.type === type) && `${hit.type}:${hit.id}` !== exclude,
  );
  return (
    <div className="d-grid gap-2">
      <div className="d-flex gap-2">
        <Form.Select
          aria-label="Type of entity"
          value={type}
          onChange={(event) => setType(isConnectable(event.target.value) ? event.target.value : '')}
          style={{ maxWidth: '12rem' }}
        >
          <option value="">Any type</option>
          {CONNECTABLE_TYPES.map((option) => (
            <option key={option} value={option}>
              {CONNECTABLE_LABELS[option]}
            </option>
          ))}
        </Form.Select>
        <Form.Control
          id={id}
          type="search"
          placeholder="Search the world by name…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          isInvalid={invalid}
          aria-describedby={describedBy}
        />
      </div>
      {search.isError && <p className="small text-danger mb-0">{handleError(search.error, 'Search failed. Please try again.')}</p>}
      {term.length > 0 && search.isSuccess && hits.length === 0 && <p className="small text-body-secondary mb-0">Nothing found.</p>}
      {hits.length > 0 && (
        <ListGroup aria-label="Matching entities">
          {hits.map((hit) => (
            <ListGroup.Item
              key={`${hit.type}:${hit.id}`}
              action
              type="button"
              onClick={() => {
                setChosenName(hit.name.text);
                onChange(endValue({ type: hit.type, id: hit.id }));
              }}
            >
              {hit.name.text} <span className="small text-body-secondary">({CONNECTABLE_LABELS[hit.type]})</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
