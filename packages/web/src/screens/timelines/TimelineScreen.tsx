import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { MESSAGES, gregorianCalendar, type Event, type Timeline } from '@loreforge/contract';
import { handleError, notFoundMessage } from '../../api/client';
import { timelineLabel, useTimeline, useTimelineEvents } from '../../api/timelines';
import { IfAllowed } from '../../components/access/IfAllowed';
import { ErrorAlert } from '../../components/ErrorAlert';
import { NotesPanel } from '../../components/notes/NotesPanel';
import { useAfterPaint } from '../../hooks/useAfterPaint';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { BRANCH_PARAM, readBranchTrail } from '../../components/layout/breadcrumb-trail';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { TagEditor } from '../../components/tags/TagEditor';
import { Moment } from '../../components/Moment';
import { useCalendar } from '../../api/calendars';
import { useEvent } from '../../api/events';
import { useTimelineStatePage } from '../../api/timeline-engine';
import { TimelineMonthView } from './TimelineMonthView';
import { BranchComparison } from './BranchComparison';
import { EventDetailPanel } from './EventDetailPanel';
import { STATE_CHARACTER_OPTIONS, StatePanel } from './StatePanel';
import { TimelineIssuesPanel } from './TimelineIssuesPanel';
import { TimelineView } from './TimelineView';
import { TimeScrubber } from './TimeScrubber';
import { RichText } from '../../components/rich-text/RichText';
import { MentionedIn } from '../../components/rich-text/MentionedIn';
import { ConnectionsPanel } from '../../components/connections/ConnectionsPanel';

/** SPEC §8 messages of the timeline screen. */
export const TIMELINE_MESSAGES = {
  fetchFailed: 'Failed to fetch timeline data.',
  notFound: 'Timeline details not found.',
} as const;

/**
 * /worlds/:worldId/timelines/:timelineId (SPEC §2 "Timeline screen"): the timeline's details and its events
 * alternating around a central line. 'Open branch' on a branching event shows its child timeline (fetched on
 * demand, cached per timeline) at its own address (`?branch=` lists the branches opened, so the browser's Back
 * and the breadcrumb follow); 'Back to Parent Timeline' returns, at the place the reader left. The screen opens
 * at the timeline's "now": the scrubber, the marked card and the state panel all show the last event at or before
 * it. Choosing an event ('Show state', the time scrubber, or an issue's link) shows the world's state just after it
 * beside the timeline; a branch can be compared with its parent.
 */
export function TimelineScreen() {
  const { worldId = '', timelineId = '' } = useParams();
  // Remount on another route timeline, so the branch trail starts afresh.
  return <TimelineExplorer key={timelineId} worldId={worldId} rootId={timelineId} />;
}

/**
 * The event a timeline's "now" falls after: the last of `events` (in story order) dated at or before `now`.
 * @param now the ISO "now" of a Gregorian timeline (null on a timeline with its own calendar).
 * @param nowInstant the "now" as an instant (issue 12), compared with the events' instants when dates are not ISO.
 * @returns its id, or undefined when no loaded event has taken effect by then.
 */
export function eventAtNow(events: readonly Event[], now: string | null, nowInstant?: string): string | undefined {
  const at = now ? Date.parse(now) : NaN;
  let found: string | undefined;
  for (const event of events) {
    const later =
      event.dateTime && !Number.isNaN(at)
        ? Date.parse(event.dateTime) > at
        : nowInstant !== undefined && event.instant !== undefined && BigInt(event.instant) > BigInt(nowInstant);
    if (later) break;
    found = event.eventId;
  }
  return found;
}

/** What one page of events says about the now: its event at or before the now, and whether a later event ends the search there. */
interface PageAtNow {
  /** The now the answer was found for (a timeline's now can be edited). */
  key: string;
  found: string | undefined;
  ended: boolean;
}

/** Answers per page of events, kept while the page is (arriving pages leave the earlier ones as they were). */
const pagesAtNow = new WeakMap<readonly Event[], PageAtNow>();

/** The now as the loaded pages of events tell it. */
export interface NowInPages {
  /** The last loaded event at or before the now; undefined when none is. */
  eventId: string | undefined;
  /**
   * Whether the pages settle it: a loaded event comes after the now. When false, every loaded event is at or before
   * the now, so the now's event may lie in a page not loaded yet.
   */
  settled: boolean;
}

/**
 * {@link eventAtNow} over a timeline's pages of events in story order, each page read once per now: as pages
 * arrive during a scroll, only the new one is read (not all of the 10,000 events again, each date parsed).
 * @param pages the loaded pages, in order; @param now and @param nowInstant as for {@link eventAtNow}.
 * @returns the same event as {@link eventAtNow} on the pages put end to end, and whether a later loaded event
 * settles it.
 */
export function eventAtNowInPages(pages: ReadonlyArray<readonly Event[]>, now: string | null, nowInstant?: string): NowInPages {
  const key = `${now ?? ''}\n${nowInstant ?? ''}`;
  let found: string | undefined;
  for (const page of pages) {
    let answer = pagesAtNow.get(page);
    if (answer?.key !== key) {
      const inPage = eventAtNow(page, now, nowInstant);
      // The search ended in this page when its last event comes after the now.
      answer = { key, found: inPage, ended: inPage !== page.at(-1)?.eventId };
      pagesAtNow.set(page, answer);
    }
    found = answer.found ?? found;
    if (answer.ended) return { eventId: found, settled: true };
  }
  return { eventId: found, settled: false };
}

/**
 * Beside the timeline: the shown event in full and the world's state just after it. The shown event follows a
 * render behind the timeline (`useDeferredValue`): a new event mounts a whole panel and starts its requests (tags,
 * connections, backlinks), so this work runs in its own interruptible render instead of inside the timeline's.
 * @param events the timeline's loaded events; the shown event is read from them, or asked for on its own
 * (GET …/events/{eventId}) while its page is not loaded (the now can lie far down a long timeline).
 * @param eventId the shown event: the reader's choice or the now's event; undefined for none.
 * @param chosenEventId the reader's choice: the state just after it; undefined: the state at the timeline's now.
 */
const ChosenEventPanels = memo(function ChosenEventPanels({
  worldId,
  timelineId,
  events,
  eventId,
  chosenEventId,
}: {
  worldId: string;
  timelineId: string;
  events: readonly Event[];
  eventId: string | undefined;
  chosenEventId: string | undefined;
}) {
  const shownId = useDeferredValue(eventId);
  const stateEventId = useDeferredValue(chosenEventId);
  const loadedEvent = useMemo(() => events.find((e) => e.eventId === shownId), [events, shownId]);
  const fetched = useEvent(worldId, loadedEvent ? undefined : shownId);
  const event = loadedEvent ?? (fetched.data?.eventId === shownId ? fetched.data : undefined);
  return (
    <>
      {event && <EventDetailPanel key={event.eventId} worldId={worldId} event={event} />}
      <StatePanel key={timelineId} worldId={worldId} timelineId={timelineId} eventId={stateEventId} />
    </>
  );
});

/**
 * The event a timeline's now falls after. The loaded pages answer when a loaded event comes after the now (or every
 * page is loaded); until then the now's event is further down, and the state at the now names it (the same query
 * the state panel asks while nothing is chosen, so no second request). It stays put while pages arrive during a
 * scroll, and the panels beside the timeline with it.
 * @param pages the loaded pages of events in story order; @param hasMore whether more pages are to come.
 * @param enabled false while the reader has chosen an event (the now is not shown then).
 * @returns the now's event id (undefined when no event has taken effect, or the answer is not in yet), with its
 * name and date when the state answered it.
 */
function useNowEvent(
  worldId: string,
  timeline: Timeline | undefined,
  pages: ReadonlyArray<readonly Event[]>,
  hasMore: boolean,
  enabled: boolean,
): { eventId: string | undefined; summary?: { name: string; dateTime: string | null; formattedDate: string | null } | undefined } {
  const inPages = useMemo(
    () => (timeline ? eventAtNowInPages(pages, timeline.currentDateTime, timeline.currentInstant) : undefined),
    [pages, timeline],
  );
  const settled = !inPages || inPages.settled || !hasMore;
  const atNow = useTimelineStatePage(worldId, enabled && !settled ? timeline?.timelineId : undefined, NOW, {
    limit: STATE_CHARACTER_OPTIONS,
  });
  if (settled) return { eventId: inPages?.eventId };
  const lastEvent = atNow.isPlaceholderData ? undefined : (atNow.data?.lastEvent ?? undefined);
  return { eventId: lastEvent?.eventId, summary: lastEvent };
}

/** The state at the timeline's now (no moment given). */
const NOW = {};

/** The branches opened below the route's timeline, read from and written to the query string (`?branch=`). */
function useBranchTrail(): [branches: string[], setBranches: (next: string[]) => void] {
  const [search, setSearch] = useSearchParams();
  const setBranches = useCallback(
    (next: string[]) =>
      setSearch((previous) => {
        const params = new URLSearchParams(previous);
        if (next.length > 0) params.set(BRANCH_PARAM, next.join(','));
        else params.delete(BRANCH_PARAM);
        return params;
      }),
    [setSearch],
  );
  return [readBranchTrail(search), setBranches];
}

function TimelineExplorer({ worldId, rootId }: { worldId: string; rootId: string }) {
  const access = useWorldAccess(worldId);
  const [branches, setBranches] = useBranchTrail();
  const trail = [rootId, ...branches];
  const offsets = useRef(new Map<string, number>());
  const currentId = trail[trail.length - 1] ?? rootId;
  const timeline = useTimeline(worldId, currentId);
  const events = useTimelineEvents(worldId, currentId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;
  // The chosen event per timeline, so going back to a parent keeps its choice.
  const [selected, setSelected] = useState<Record<string, string>>({});
  const [comparing, setComparing] = useState(false);
  const [monthShown, setMonthShown] = useState(false);
  const calendar = useCalendar(worldId, timeline.data?.calendarId);
  const parent = useTimeline(worldId, timeline.data?.parentTimelineId ?? undefined);
  // One array per arrival of a page, not per render: the views below are memoised on it.
  const pages = useMemo(() => events.data?.pages.map((page) => page.data) ?? [], [events.data]);
  const loaded = useMemo(() => pages.flat(), [pages]);
  const chosenEventId = selected[currentId];
  const nowEvent = useNowEvent(worldId, timeline.data, pages, hasNextPage, chosenEventId === undefined);
  const nowEventId = nowEvent.eventId;
  const selectedEventId = chosenEventId ?? nowEventId;
  const select = useCallback((eventId: string) => setSelected((s) => ({ ...s, [currentId]: eventId })), [currentId]);
  const selectEvent = useCallback((event: Event) => select(event.eventId), [select]);

  // A page asked for is not asked for again while it loads: the view asks on every scroll frame near the end of
  // the loaded events, and by default each ask would cancel the one under way and send it anew.
  const handleLoadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const branchKey = branches.join(',');
  const handleOpenBranch = useCallback(
    (event: Event) => {
      if (event.childTimelineId) setBranches([...branchKey.split(',').filter(Boolean), event.childTimelineId]);
    },
    [branchKey, setBranches],
  );
  // The panels beside and below the events wait for the first events' paint (each mounts with requests of its own).
  const eventsPainted = useAfterPaint(!events.isPending);
  const handleScrollOffset = useCallback((offset: number) => offsets.current.set(currentId, offset), [currentId]);
  const handleBack = () => setBranches(branches.slice(0, -1));

  const backButton = trail.length > 1 && (
    <Button variant="light" onClick={handleBack} className="mb-3">
      <span aria-hidden="true">← </span>Back to Parent Timeline
    </Button>
  );

  if (timeline.isPending)
    return (
      <Container className="py-4">
        {backButton}
        <LoadingSpinner label="Loading timeline..." />
      </Container>
    );
  if (timeline.isError) {
    const missing = notFoundMessage(timeline.error, TIMELINE_MESSAGES.notFound) === undefined ? undefined : TIMELINE_MESSAGES.notFound;
    const message = missing ?? handleError(timeline.error, TIMELINE_MESSAGES.fetchFailed);
    return (
      <Container className="py-4">
        {backButton}
        <ErrorAlert message={message} onRetry={missing ? undefined : () => void timeline.refetch()}>
          <Link to={`/worlds/${worldId}/timelines`} className="alert-link d-inline-block mt-2">
            Back to the timelines
          </Link>
        </ErrorAlert>
      </Container>
    );
  }
  const t = timeline.data;
  const total = events.data?.pages[0]?.pagination.totalItems ?? 0;

  return (
    <Container className="py-4">
      {backButton}
      <header className="lf-panel mb-3">
        {trail.length > 1 && (
          <p className="small text-body-secondary mb-1">
            <Badge bg="warning" text="dark" className="me-2">
              Branch
            </Badge>
            Level {trail.length - 1} below the timeline you opened
          </p>
        )}
        <div className="d-flex flex-wrap align-items-start gap-2">
          <div className="me-auto min-w-0">
            <h1 className="h3 mb-1 text-break">{timelineLabel(t)}</h1>
            {t.descriptionHtml && (
              <div className="mb-1">
                <RichText worldId={t.worldId} html={t.descriptionHtml} />
              </div>
            )}
            <div className="mb-1">
              <ConnectionsPanel worldId={t.worldId} here={{ type: 'timeline', id: t.timelineId }} hereName={t.name} />
            </div>
            <div className="mb-1">
              <MentionedIn worldId={t.worldId} type="timeline" id={t.timelineId} />
            </div>
            <p className="small text-body-secondary mb-0">
              Now: <Moment dateTime={t.currentDateTime} formatted={t.currentDateFormatted} />
              {' · '}Branching {t.branchingEnabled ? 'enabled' : 'disabled'}
              {events.isSuccess && ` · ${total} ${total === 1 ? 'event' : 'events'}`}
            </p>
          </div>
          <Button
            variant={monthShown ? 'secondary' : 'outline-secondary'}
            onClick={() => setMonthShown((shown) => !shown)}
            aria-pressed={monthShown}
          >
            Month view
          </Button>
          {t.parentTimelineId && (
            <Button
              variant={comparing ? 'secondary' : 'outline-secondary'}
              onClick={() => setComparing((c) => !c)}
              aria-pressed={comparing}
            >
              Compare with parent
            </Button>
          )}
          <IfAllowed worldId={worldId} to="manage">
            <Link to={`/worlds/${worldId}/timelines/${t.timelineId}/edit`} className="btn btn-outline-primary">
              Edit Timeline
            </Link>
            <Link to={`/worlds/${worldId}/events/create`} className="btn btn-primary">
              Add Event
            </Link>
          </IfAllowed>
        </div>
        <div className="mt-2">
          <TagEditor worldId={worldId} type="timeline" id={t.timelineId} />
        </div>
      </header>
      {comparing && t.parentTimelineId && (
        <BranchComparison
          worldId={worldId}
          branchId={t.timelineId}
          branchLabel={timelineLabel(t)}
          parentId={t.parentTimelineId}
          parentLabel={parent.data ? timelineLabel(parent.data) : 'the parent timeline'}
          initialAt={t.currentDateTime ?? ''}
          calendar={t.calendarId && calendar.data ? { definition: calendar.data, initialDate: t.currentDate ?? null } : null}
        />
      )}
      {monthShown && (!t.calendarId || calendar.data) && (
        <TimelineMonthView
          definition={calendar.data ?? gregorianCalendar()}
          events={loaded}
          openAt={t.currentInstant ?? '0'}
          onSelectEvent={select}
        />
      )}
      <TimelineIssuesPanel worldId={worldId} timelineId={currentId} onGoToEvent={select} />
      {events.isPending && <LoadingSpinner label="Loading events..." />}
      {events.isError && (
        <ErrorAlert message={handleError(events.error, TIMELINE_MESSAGES.fetchFailed)} onRetry={() => void events.refetch()} />
      )}
      {events.isSuccess && total === 0 && loaded.length === 0 && (
        <p className="lf-empty text-center text-body-secondary py-4">{MESSAGES.emptyTimeline}</p>
      )}
      {events.isSuccess && loaded.length > 0 && (
        <Row className="g-3">
          <Col lg={7}>
            {/* Event cards title themselves with h3: this keeps the page's outline h1 → h2 → h3. */}
            <h2 className="visually-hidden">Events</h2>
            <TimeScrubber
              events={loaded}
              selectedEventId={selectedEventId}
              onSelect={selectEvent}
              beyondLoaded={chosenEventId === undefined ? nowEvent.summary : undefined}
            />
            <TimelineView
              key={currentId}
              worldId={worldId}
              events={loaded}
              total={total}
              hasMore={hasNextPage}
              loadingMore={isFetchingNextPage}
              onLoadMore={handleLoadMore}
              onOpenBranch={handleOpenBranch}
              initialOffset={() => offsets.current.get(currentId) ?? 0}
              onScrollOffset={handleScrollOffset}
              selectedEventId={selectedEventId}
              chosenEventId={chosenEventId}
              onSelect={selectEvent}
              editable={access.isEditor}
            />
          </Col>
          <Col lg={5}>
            {eventsPainted && (
              <ChosenEventPanels
                worldId={worldId}
                timelineId={currentId}
                events={loaded}
                eventId={selectedEventId}
                chosenEventId={chosenEventId}
              />
            )}
          </Col>
        </Row>
      )}
      {eventsPainted && (
        <section className="lf-panel mt-3">
          <NotesPanel worldId={worldId} entityType="timeline" entityId={currentId} className="" />
        </section>
      )}
    </Container>
  );
}
