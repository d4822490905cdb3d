import { memo, useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { CharacterState } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useTimelineState } from '../../api/timeline-engine';
import { ChangeList } from '../../components/engine/ChangeList';
import { CharacterStateCard } from '../../components/engine/CharacterStateCard';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { formatDateTime } from '../../lib/format';
import '../../components/engine/engine.css';

/** Props of {@link StatePanel}. */
export interface StatePanelProps {
  worldId: string;
  timelineId: string;
  /** The chosen event: the state just after it. Undefined: the timeline's "now". */
  eventId: string | undefined;
}

/** Which characters the panel lists: those the event touched, all (searchable), or one by id. */
const TOUCHED = 'touched';
const ALL = 'all';

/**
 * Characters offered one by one in the select. A world of 100,000 characters would otherwise put 100,000 options
 * in the page; past this many, the others are reached through 'All characters' and the search box.
 */
export const STATE_CHARACTER_OPTIONS = 200;
/** Character cards listed at first, and added per "Show more", so a large world's state stays responsive. */
const FIRST_CARDS = 20;
const MORE_CARDS = 50;

const NO_CHARACTERS: readonly CharacterState[] = [];

/**
 * The world's state at the chosen moment of a timeline (docs/timeline-engine.md): what the chosen event changed,
 * highlighted, then the characters with attributes, inventory and relationships — by default only those the event
 * touched, or all of them with a search box (listed 20 at a time), or any one from the select. Memoised: the
 * timeline screen re-renders as pages of events arrive, and the state of a large world is costly to list again.
 */
export const StatePanel = memo(function StatePanel({ worldId, timelineId, eventId }: StatePanelProps) {
  const id = useId();
  const [show, setShow] = useState<string>(TOUCHED);
  const [search, setSearch] = useState('');
  const state = useTimelineState(worldId, timelineId, { eventId });
  const characters = state.data?.characters ?? NO_CHARACTERS;
  const changes = useMemo(() => state.data?.lastEvent?.changes ?? [], [state.data]);
  const touchedIds = useMemo(
    () => new Set(changes.flatMap((c) => (c.kind === 'relationship' ? [c.characterId, c.targetCharacterId] : [c.characterId]))),
    [changes],
  );
  const needle = search.trim().toLowerCase();
  const shown = useMemo(() => characters.filter((c) => {
    if (show === TOUCHED) return touchedIds.has(c.characterId);
    if (show === ALL) return !needle || c.name.toLowerCase().includes(needle);
    return c.characterId === show;
  }), [characters, show, needle, touchedIds]);
  const options = useMemo(() => {
    const first = characters.slice(0, STATE_CHARACTER_OPTIONS);
    const chosen = show !== TOUCHED && show !== ALL && !first.some((c) => c.characterId === show)
      ? characters.find((c) => c.characterId === show)
      : undefined;
    return chosen ? [...first, chosen] : first;
  }, [characters, show]);
  // How many cards are listed; back to the first few whenever the list itself changes.
  const view = `${show}\n${needle}\n${eventId ?? ''}`;
  const [more, setMore] = useState({ view, limit: FIRST_CARDS });
  const limit = more.view === view ? more.limit : FIRST_CARDS;

  if (state.isPending) return <LoadingSpinner label="Loading the state..." />;
  if (state.isError) return <ErrorAlert message={handleError(state.error, 'Failed to load the state at this moment.')} onRetry={() => void state.refetch()} />;
  const { lastEvent } = state.data;
  const hidden = shown.length - limit;

  return (
    <aside className="lf-panel lf-state-panel" aria-label="State at this moment" aria-busy={state.isFetching}>
      <h2 className="h5 mb-1">State {lastEvent ? 'after' : 'at the start'}</h2>
      {lastEvent ? (
        <p className="small text-body-secondary mb-2">
          <strong className="text-body">{lastEvent.name}</strong>
          {' · '}<time dateTime={lastEvent.dateTime}>{formatDateTime(lastEvent.dateTime)}</time>
          {' · '}{state.data.eventCount} {state.data.eventCount === 1 ? 'event' : 'events'} applied
        </p>
      ) : <p className="small text-body-secondary mb-2">No event has taken effect yet.</p>}
      {lastEvent && (
        <section className="mb-3" aria-label="What this event changed">
          <h3 className="h6">What this event changed</h3>
          <ChangeList changes={changes} label={`Changes of ${lastEvent.name}`} />
        </section>
      )}
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Form.Label htmlFor={`${id}-show`} className="visually-hidden">Characters shown</Form.Label>
        <Form.Select id={`${id}-show`} size="sm" value={show} onChange={(e) => setShow(e.target.value)} className="w-auto flex-grow-1">
          <option value={TOUCHED}>Characters this event touched ({touchedIds.size})</option>
          <option value={ALL}>All characters ({characters.length})</option>
          {options.map((c) => <option key={c.characterId} value={c.characterId}>{c.name}</option>)}
          {characters.length > STATE_CHARACTER_OPTIONS && (
            <option disabled value="">
              {characters.length - STATE_CHARACTER_OPTIONS} more: choose All characters and search
            </option>
          )}
        </Form.Select>
        {show === ALL && (
          <Form.Control size="sm" type="search" placeholder="Search characters" aria-label="Search characters" value={search} onChange={(e) => setSearch(e.target.value)} className="w-auto flex-grow-1" />
        )}
      </div>
      {shown.length === 0 && (
        <p className="small text-body-secondary">{show === TOUCHED ? 'No character was changed by this event. Choose one above to see their state.' : 'No character matches.'}</p>
      )}
      {shown.slice(0, limit).map((c) => <CharacterStateCard key={c.characterId} state={c} changes={changes} />)}
      {hidden > 0 && (
        <Button variant="outline-secondary" size="sm" onClick={() => setMore({ view, limit: limit + MORE_CARDS })}>
          Show {Math.min(MORE_CARDS, hidden)} more ({hidden} not shown)
        </Button>
      )}
    </aside>
  );
});
