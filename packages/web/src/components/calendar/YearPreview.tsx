import { useMemo } from 'react';
import { type CalendarDefinition, type MonthView, monthLengths, compileCalendar, monthView } from '@loreforge/contract';

/** A symbol for each moon phase the engine names. */
export const MOON_SYMBOLS: Record<string, string> = {
  'New Moon': '🌑',
  'Waxing Crescent': '🌒',
  'First Quarter': '🌓',
  'Waxing Gibbous': '🌔',
  'Full Moon': '🌕',
  'Waning Gibbous': '🌖',
  'Last Quarter': '🌗',
  'Waning Crescent': '🌘',
};

/** Moons worth a mark on a small grid: new and full moons and the quarters (the crescents and gibbous days are not). */
const MARKED_PHASES = new Set(['New Moon', 'First Quarter', 'Full Moon', 'Last Quarter']);

/** Props of {@link YearPreview}. */
export interface YearPreviewProps {
  /** A definition that passed CalendarDefinitionSchema. */
  definition: CalendarDefinition;
  /** The calendar's absolute year to lay out. */
  absoluteYear: bigint;
}

function MonthGrid({ view, weekdays }: { view: MonthView; weekdays: readonly string[] }) {
  const seasons = [...new Set(view.days.map((day) => day.season).filter((season): season is string => season !== null))];
  const columns = view.intercalary ? [] : weekdays;
  return (
    <figure className="mb-0" style={{ minWidth: '12rem' }}>
      <figcaption className="small fw-semibold">
        {view.monthName}
        {view.intercalary && <span className="fw-normal text-body-secondary"> · outside the week</span>}
        {seasons.length > 0 && <span className="fw-normal text-body-secondary"> · {seasons.join(', ')}</span>}
      </figcaption>
      <table className="table table-sm table-bordered mb-0 small text-center" aria-label={`${view.monthName} ${view.yearLabel}`}>
        {columns.length > 0 && (
          <thead>
            <tr>
              {columns.map((name) => (
                <th key={name} scope="col" title={name} className="px-1">
                  {name.slice(0, 3)}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {view.weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                const marks = day?.moons.filter((moon) => MARKED_PHASES.has(moon.phase)) ?? [];
                const title = day
                  ? [day.season, ...day.moons.map((moon) => `${moon.moon}: ${moon.phase}`)].filter(Boolean).join(' · ')
                  : undefined;
                return (
                  <td key={column} className="px-1" title={title}>
                    {day && (
                      <>
                        {day.day}
                        {marks.length > 0 && (
                          // Always under the day's number: beside it, a phone's narrow grid wrapped some days and not others.
                          <span
                            className="d-block lh-1"
                            style={{ fontSize: '0.75em' }}
                            aria-label={marks.map((moon) => `${moon.moon}: ${moon.phase}`).join(', ')}
                          >
                            {marks.map((moon) => MOON_SYMBOLS[moon.phase]).join('')}
                          </span>
                        )}
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * A whole year of a calendar at a glance (issue 12 "a live preview of a year"): each month with days that year as
 * a grid of its weeks under the weekday names (festival months as one row outside the week), new, quarter and full
 * moons marked on their days, each month's seasons named, and every day's moons and season in its tooltip.
 */
export function YearPreview({ definition, absoluteYear }: YearPreviewProps) {
  const views = useMemo(() => {
    const lengths = monthLengths(compileCalendar(definition), absoluteYear);
    return definition.months.flatMap((_, index) => ((lengths[index] ?? 0) > 0 ? [monthView(definition, absoluteYear, index + 1)] : []));
  }, [definition, absoluteYear]);
  const label = views[0]?.yearLabel ?? String(absoluteYear);
  return (
    <section aria-label={`Year ${label}`}>
      <p className="small text-body-secondary mb-2">
        Year {label}
        {views[0]?.era ? ` · ${views[0].era}` : ''} · {views.reduce((sum, view) => sum + view.days.length, 0)} days
      </p>
      <div className="d-flex flex-wrap gap-3">
        {views.map((view) => (
          <MonthGrid key={view.month} view={view} weekdays={definition.weekdays} />
        ))}
      </div>
    </section>
  );
}
