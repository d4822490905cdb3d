/**
 * A month of a timeline in its own calendar (issue 12 "Web"): a grid of weeks with the events on their days, the
 * moons' phases, era and season, navigation by month, year and era, and a click to an event.
 */
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { type CalendarDefinition, type Event, compileCalendar, dateFromInstant, monthView, stepEra, stepMonth } from '@loreforge/contract';

const MOON_SYMBOLS: Record<string, string> = {
  'New Moon': '🌑',
  'Waxing Crescent': '🌒',
  'First Quarter': '🌓',
  'Waxing Gibbous': '🌔',
  'Full Moon': '🌕',
  'Waning Gibbous': '🌖',
  'Last Quarter': '🌗',
  'Waning Crescent': '🌘',
};

/** Props: the calendar, the loaded events (with instants), the instant to open at, and what a click does. */
export interface TimelineMonthViewProps {
  definition: CalendarDefinition;
  events: readonly Event[];
  /** The instant whose month opens first (the timeline's "now"), as decimal digits. */
  openAt: string;
  onSelectEvent: (eventId: string) => void;
}

/**
 * Renders one month as weeks (intercalary months as one row of their days) with the events dated on each day.
 * Buttons step a month, a year or an era; an event's button calls `onSelectEvent`.
 */
export function TimelineMonthView({ definition, events, openAt, onSelectEvent }: TimelineMonthViewProps) {
  const start = useMemo(() => dateFromInstant(compileCalendar(definition), BigInt(openAt)), [definition, openAt]);
  const [shown, setShown] = useState({ absoluteYear: start.absoluteYear, month: start.month });
  const view = useMemo(() => monthView(definition, shown.absoluteYear, shown.month), [definition, shown]);
  const byDay = useMemo(() => {
    const map = new Map<number, Event[]>();
    for (const event of events) {
      if (event.instant === undefined) continue;
      const instant = BigInt(event.instant);
      const day = view.days.find((d) => d.start <= instant && instant < d.end);
      if (day) map.set(day.day, [...(map.get(day.day) ?? []), event]);
    }
    return map;
  }, [events, view]);
  const seasons = [...new Set(view.days.map((day) => day.season).filter((season): season is string => season !== null))];
  const stepYear = (by: bigint) => setShown((s) => ({ absoluteYear: s.absoluteYear + by, month: s.month }));
  const goEra = (step: 1 | -1) => {
    const year = stepEra(definition, shown.absoluteYear, step);
    if (year !== null) setShown({ absoluteYear: year, month: 1 });
  };
  const columns = view.intercalary ? [] : definition.weekdays;

  return (
    <section aria-label="Month view" className="lf-month-view">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 me-auto">
          {view.monthName}, {view.yearLabel}
        </h2>
        <ButtonGroup size="sm" aria-label="Navigate months, years and eras">
          {definition.eras.length > 0 && (
            <Button variant="outline-secondary" onClick={() => goEra(-1)}>
              Era start
            </Button>
          )}
          <Button variant="outline-secondary" onClick={() => stepYear(-1n)}>
            Previous year
          </Button>
          <Button variant="outline-secondary" onClick={() => setShown((s) => stepMonth(definition, s.absoluteYear, s.month, -1))}>
            Previous month
          </Button>
          <Button variant="outline-secondary" onClick={() => setShown((s) => stepMonth(definition, s.absoluteYear, s.month, 1))}>
            Next month
          </Button>
          <Button variant="outline-secondary" onClick={() => stepYear(1n)}>
            Next year
          </Button>
          {definition.eras.length > 0 && (
            <Button variant="outline-secondary" onClick={() => goEra(1)}>
              Next era
            </Button>
          )}
        </ButtonGroup>
      </div>
      <p className="small text-body-secondary mb-2">
        {view.era ? `${view.era} · ` : ''}
        {seasons.length > 0 ? `Season: ${seasons.join(', ')}` : 'No seasons'}
        {view.intercalary ? ' · Festival days, outside the week' : ''}
      </p>
      <table className="table table-bordered table-sm mb-0" aria-label={`${view.monthName} ${view.yearLabel}`}>
        {columns.length > 0 && (
          <thead>
            <tr>
              {columns.map((name) => (
                <th key={name} scope="col" className="small">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {view.weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => (
                <td key={column} className="align-top" style={{ minWidth: '5rem' }}>
                  {day && (
                    <>
                      <div className="d-flex justify-content-between small">
                        <span>{day.day}</span>
                        <span
                          aria-label={day.moons.map((moon) => `${moon.moon}: ${moon.phase}`).join(', ')}
                          title={day.moons.map((moon) => `${moon.moon}: ${moon.phase}`).join(', ')}
                        >
                          {day.moons.map((moon) => MOON_SYMBOLS[moon.phase]).join('')}
                        </span>
                      </div>
                      {(byDay.get(day.day) ?? []).map((event) => (
                        <Button
                          key={event.eventId}
                          variant="link"
                          size="sm"
                          className="d-block p-0 text-start text-truncate"
                          onClick={() => onSelectEvent(event.eventId)}
                        >
                          {event.name}
                        </Button>
                      ))}
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
