import { memo, useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { CharacterState } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useTimelineState, useTimelineStateCharacters, useTimelineStatePage, useTimelineStatesOf } from '../../api/timeline-engine';
import { ChangeList } from '../../components/engine/ChangeList';
import { CharacterStateCard } from '../../components/engine/CharacterStateCard';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { Moment } from '../../components/Moment';
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
 * Characters offered one by one in the select (the first by name). A world of 100,000 characters would otherwise put
 * 100,000 options in the page; past this many, the others are reached through 'All characters' and the search box.
 */
export const STATE_CHARACTER_OPTIONS = 200;
/** Character cards listed at first, and added per "Show more": one page of the state route each. */
export const STATE_CARDS_PAGE = 20;

const NO_CHARACTERS: readonly CharacterState[] = [];
const NO_IDS: readonly string[] = [];

/**
 * The world's state at the chosen moment of a timeline (docs/timeline-engine.md): what the chosen event changed,
 * highlighted, then the characters with attributes, inventory and relationships — by default only those the event
 * touched, or all of them with a search box (listed 20 at a time), or any one from the select. It asks the server
 * only for what it shows: the first 200 characters by name for the select (with the event and the totals), the
 * touched or chosen characters one by one, and pages of 20 of the searched list. Memoised: the timeline screen
 * re-renders as pages of events arrive.
 */
export const StatePanel = memo(function StatePanel({ worldId, timelineId, eventId }: StatePanelProps) {
  const id = useId();
  const [show, setShow] = useState<string>(TOUCHED);
  const [search, setSearch] = useState('');
  const moment = useMemo(() => ({ eventId }), [eventId]);
  const needle = search.trim();
  // The moment's event, counts and the select's first characters, in one small page.
  const state = useTimelineStatePage(worldId, timelineId, moment, { limit: STATE_CHARACTER_OPTIONS });
  const firstCharacters = state.data?.characters ?? NO_CHARACTERS;
  const totalCharacters = state.data?.pagination?.totalItems ?? firstCharacters.length;
  const changes = useMemo(() => state.data?.lastEvent?.changes ?? [], [state.data]);
  const touchedIds = useMemo(
    () => [...new Set(changes.flatMap((c) => (c.kind === 'relationship' ? [c.characterId, c.targetCharacterId] : [c.characterId])))],
    [changes],
  );
  // How many touched cards are listed; back to the first few whenever the list itself changes.
  const view = `${show}\n${eventId ?? ''}`;
  const [more, setMore] = useState({ view, limit: STATE_CARDS_PAGE });
  const touchedLimit = more.view === view ? more.limit : STATE_CARDS_PAGE;
  const chosen = show !== TOUCHED && show !== ALL ? show : undefined;

  const touched = useTimelineStatesOf(worldId, timelineId, moment, show === TOUCHED ? touchedIds.slice(0, touchedLimit) : NO_IDS);
  const listed = useTimelineStateCharacters(worldId, show === ALL ? timelineId : undefined, moment, needle, STATE_CARDS_PAGE);
  const single = useTimelineState(worldId, chosen ? timelineId : undefined, moment, chosen);

  const options = useMemo(() => {
    const picked = chosen && !firstCharacters.some((c) => c.characterId === chosen) ? single.data?.characters[0] : undefined;
    return picked ? [...firstCharacters, picked] : firstCharacters;
  }, [firstCharacters, chosen, single.data]);

  if (state.isPending) return <LoadingSpinner label="Loading the state..." />;
  if (state.isError)
    return (
      <ErrorAlert message={handleError(state.error, 'Failed to load the state at this moment.')} onRetry={() => void state.refetch()} />
    );
  const { lastEvent } = state.data;

  let shown: readonly CharacterState[];
  let hidden: number;
  let pending: boolean;
  let failure: { error: unknown; retry: () => void } | undefined;
  if (show === TOUCHED) {
    shown = touched.flatMap((q) => q.data?.characters ?? NO_CHARACTERS);
    hidden = touchedIds.length - Math.min(touchedLimit, touchedIds.length);
    pending = touched.some((q) => q.isPending);
    const failed = touched.find((q) => q.isError);
    failure = failed && { error: failed.error, retry: () => void failed.refetch() };
  } else if (show === ALL) {
    shown = listed.data?.pages.flatMap((p) => p.characters) ?? NO_CHARACTERS;
    const total = listed.data?.pages.at(-1)?.pagination?.totalItems ?? shown.length;
    hidden = total - shown.length;
    pending = listed.isPending;
    failure = listed.isError ? { error: listed.error, retry: () => void listed.refetch() } : undefined;
  } else {
    shown = single.data?.characters ?? NO_CHARACTERS;
    hidden = 0;
    pending = single.isPending;
    failure = single.isError ? { error: single.error, retry: () => void single.refetch() } : undefined;
  }
  const showMore = () => {
    if (show === ALL) void listed.fetchNextPage();
    else setMore({ view, limit: touchedLimit + STATE_CARDS_PAGE });
  };
  const busy = state.isFetching || listed.isFetching || single.isFetching || touched.some((q) => q.isFetching);

  return (
    <aside className="lf-panel lf-state-panel" aria-label="State at this moment" aria-busy={busy}>
      <h2 className="h5 mb-1">State {lastEvent ? 'after' : 'at the start'}</h2>
      {lastEvent ? (
        <p className="small text-body-secondary mb-2">
          <strong className="text-body">{lastEvent.name}</strong>
          {' · '}
          <Moment dateTime={lastEvent.dateTime} formatted={lastEvent.formattedDate} />
          {' · '}
          {state.data.eventCount} {state.data.eventCount === 1 ? 'event' : 'events'} applied
        </p>
      ) : (
        <p className="small text-body-secondary mb-2">No event has taken effect yet.</p>
      )}
      {lastEvent && (
        <section className="mb-3" aria-label="What this event changed">
          <h3 className="h6">What this event changed</h3>
          <ChangeList changes={changes} label={`Changes of ${lastEvent.name}`} />
        </section>
      )}
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Form.Label htmlFor={`${id}-show`} className="visually-hidden">
          Characters shown
        </Form.Label>
        <Form.Select id={`${id}-show`} size="sm" value={show} onChange={(e) => setShow(e.target.value)} className="w-auto flex-grow-1">
          <option value={TOUCHED}>Characters this event touched ({touchedIds.length})</option>
          <option value={ALL}>All characters ({totalCharacters})</option>
          {options.map((c) => (
            <option key={c.characterId} value={c.characterId}>
              {c.name}
            </option>
          ))}
          {totalCharacters > STATE_CHARACTER_OPTIONS && (
            <option disabled value="">
              {totalCharacters - STATE_CHARACTER_OPTIONS} more: choose All characters and search
            </option>
          )}
        </Form.Select>
        {show === ALL && (
          <Form.Control
            size="sm"
            type="search"
            placeholder="Search characters"
            aria-label="Search characters"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="w-auto flex-grow-1"
          />
        )}
      </div>
      {failure ? (
        <ErrorAlert message={handleError(failure.error, 'Failed to load the state at this moment.')} onRetry={failure.retry} />
      ) : pending && shown.length === 0 ? (
        <LoadingSpinner label="Loading the characters..." />
      ) : (
        shown.length === 0 && (
          <p className="small text-body-secondary">
            {show === TOUCHED ? 'No character was changed by this event. Choose one above to see their state.' : 'No character matches.'}
          </p>
        )
      )}
      {shown.map((c) => (
        <CharacterStateCard key={c.characterId} state={c} changes={changes} />
      ))}
      {hidden > 0 && (
        <Button variant="outline-secondary" size="sm" disabled={listed.isFetchingNextPage} onClick={showMore}>
          Show {Math.min(STATE_CARDS_PAGE, hidden)} more ({hidden} not shown)
        </Button>
      )}
    </aside>
  );
});
