import Form from 'react-bootstrap/Form';
import type { CalendarDefinition } from '@loreforge/contract';
import { type CalendarDateValue, dateProblem, dateWords, daysInMonthOf, initialDateValue } from './calendar-date';

/** Props of {@link CalendarDateInput}. */
export interface CalendarDateInputProps {
  /** id of the first input (the era, else the year), for the field's label. */
  id: string;
  /** The calendar whose months and days are offered. */
  definition: CalendarDefinition;
  /** The date entered; null or undefined starts at the calendar's first day of its latest era. */
  value: CalendarDateValue | null | undefined;
  onChange: (value: CalendarDateValue) => void;
  onBlur?: () => void;
  /** Marks the inputs invalid (a message from the form or the server is shown by the form). */
  invalid?: boolean;
  /** id of the element holding the field's message. */
  describedBy?: string;
}

const toWhole = (text: string): number => (text.trim() === '' ? NaN : Number(text));

/**
 * A date of a world calendar (issue 12 "the date picker offers that calendar's months and days"): era (when the
 * calendar has eras), year, month by name (festival months marked), day (only the days the month has in that year),
 * hour and minute within the calendar's clock. Under it the date reads in the calendar's words, or the reason the
 * calendar lacks it (a leap day in a common year, a year outside its era).
 */
export function CalendarDateInput({ id, definition, value, onChange, onBlur, invalid = false, describedBy }: CalendarDateInputProps) {
  const date = value ?? initialDateValue(definition);
  const set = (change: Partial<CalendarDateValue>) => onChange({ ...date, ...change });
  const days = daysInMonthOf(definition, date);
  const problem = dateProblem(definition, date);
  const words = problem ? null : dateWords(definition, date);
  const hasEras = definition.eras.length > 0;
  const ids = {
    era: id,
    year: hasEras ? `${id}-year` : id,
    month: `${id}-month`,
    day: `${id}-day`,
    hour: `${id}-hour`,
    minute: `${id}-minute`,
  };
  return (
    <div onBlur={onBlur}>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        {hasEras && (
          <Form.Group>
            <Form.Label htmlFor={ids.era} className="small mb-0">
              Era
            </Form.Label>
            <Form.Select
              id={ids.era}
              size="sm"
              value={date.era ?? ''}
              isInvalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => set({ era: e.target.value || null })}
            >
              <option value="">Absolute year</option>
              {definition.eras.map((era) => (
                <option key={era.name} value={era.name}>
                  {era.abbreviation ? `${era.name} (${era.abbreviation})` : era.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Form.Group style={{ maxWidth: '9rem' }}>
          <Form.Label htmlFor={ids.year} className="small mb-0">
            Year
          </Form.Label>
          <Form.Control
            id={ids.year}
            size="sm"
            type="number"
            value={Number.isNaN(date.year) ? '' : date.year}
            isInvalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set({ year: toWhole(e.target.value) })}
          />
        </Form.Group>
        <Form.Group>
          <Form.Label htmlFor={ids.month} className="small mb-0">
            Month
          </Form.Label>
          <Form.Select
            id={ids.month}
            size="sm"
            value={date.month}
            isInvalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set({ month: Number(e.target.value), day: 1 })}
          >
            {definition.months.map((month, index) => (
              <option key={month.name} value={index + 1}>
                {month.intercalary ? `${month.name} (festival)` : month.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group>
          <Form.Label htmlFor={ids.day} className="small mb-0">
            Day
          </Form.Label>
          <Form.Select
            id={ids.day}
            size="sm"
            value={date.day}
            isInvalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set({ day: Number(e.target.value) })}
          >
            {days === 0 && <option value={date.day}>—</option>}
            {Array.from({ length: days }, (_, index) => (
              <option key={index + 1} value={index + 1}>
                {index + 1}
              </option>
            ))}
            {days > 0 && date.day > days && <option value={date.day}>{date.day}</option>}
          </Form.Select>
        </Form.Group>
        <Form.Group style={{ maxWidth: '5.5rem' }}>
          <Form.Label htmlFor={ids.hour} className="small mb-0">
            Hour
          </Form.Label>
          <Form.Control
            id={ids.hour}
            size="sm"
            type="number"
            min={0}
            max={definition.hoursPerDay - 1}
            value={Number.isNaN(date.hour) ? '' : date.hour}
            isInvalid={invalid}
            onChange={(e) => set({ hour: toWhole(e.target.value) })}
          />
        </Form.Group>
        <Form.Group style={{ maxWidth: '5.5rem' }}>
          <Form.Label htmlFor={ids.minute} className="small mb-0">
            Minute
          </Form.Label>
          <Form.Control
            id={ids.minute}
            size="sm"
            type="number"
            min={0}
            max={definition.minutesPerHour - 1}
            value={Number.isNaN(date.minute) ? '' : date.minute}
            isInvalid={invalid}
            onChange={(e) => set({ minute: toWhole(e.target.value) })}
          />
        </Form.Group>
      </div>
      {words && (
        <div className="form-text" aria-live="polite">
          Reads: {words}
        </div>
      )}
      {problem && (
        <div className="small text-danger mt-1" role="status">
          {problem.message}
        </div>
      )}
    </div>
  );
}
