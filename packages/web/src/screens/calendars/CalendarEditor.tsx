import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ERA_COUNTING } from '@loreforge/contract';
import {
  type CalendarDraft,
  type EraDraft,
  type LeapRuleDraft,
  type MonthDraft,
  type MoonDraft,
  type SeasonDraft,
  moveAt,
  removeAt,
  replaceAt,
} from './calendar-draft';

/** Props of {@link CalendarEditor}. */
export interface CalendarEditorProps {
  draft: CalendarDraft;
  onChange: (draft: CalendarDraft) => void;
}

const toNumber = (text: string): number => (text.trim() === '' ? NaN : Number(text));
const shown = (value: number | null): string => (value === null || Number.isNaN(value) ? '' : String(value));

/** A labelled small input of a row; the label is visually hidden after the first row's header. */
function Cell({ label, children, width }: { label: string; children: (id: string) => ReactNode; width?: string }) {
  const id = useId();
  return (
    <Form.Group style={width ? { width } : undefined} className={width ? undefined : 'flex-grow-1'}>
      <Form.Label htmlFor={id} className="small mb-0">
        {label}
      </Form.Label>
      {children(id)}
    </Form.Group>
  );
}

/** A section of rows with Add, and per row Up, Down and Remove. */
function Rows<T>(props: {
  title: string;
  rows: readonly T[];
  help?: ReactNode;
  addLabel: string;
  newRow: () => T;
  onChange: (rows: T[]) => void;
  render: (row: T, set: (row: T) => void, index: number) => ReactNode;
  minRows?: number;
}) {
  const { title, rows, help, addLabel, newRow, onChange, render, minRows = 0 } = props;
  return (
    <fieldset className="mb-4">
      <legend className="h6">{title}</legend>
      {help && <p className="small text-body-secondary mb-2">{help}</p>}
      <ol className="list-unstyled mb-2">
        {rows.map((row, index) => (
          <li
            key={index}
            className="d-flex flex-wrap gap-2 align-items-end border-bottom pb-2 mb-2"
            aria-label={`${title} row ${index + 1}`}
          >
            {render(row, (next) => onChange(replaceAt(rows, index, next)), index)}
            <div className="d-flex gap-1">
              <Button
                size="sm"
                variant="outline-secondary"
                aria-label={`Move ${title.toLowerCase()} row ${index + 1} up`}
                disabled={index === 0}
                onClick={() => onChange(moveAt(rows, index, -1))}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="outline-secondary"
                aria-label={`Move ${title.toLowerCase()} row ${index + 1} down`}
                disabled={index === rows.length - 1}
                onClick={() => onChange(moveAt(rows, index, 1))}
              >
                ↓
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`Remove ${title.toLowerCase()} row ${index + 1}`}
                disabled={rows.length <= minRows}
                onClick={() => onChange(removeAt(rows, index))}
              >
                ✕
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button size="sm" variant="outline-primary" onClick={() => onChange([...rows, newRow()])}>
        {addLabel}
      </Button>
    </fieldset>
  );
}

function MonthSelect({
  id,
  value,
  months,
  onChange,
}: {
  id: string;
  value: string;
  months: readonly MonthDraft[];
  onChange: (name: string) => void;
}) {
  return (
    <Form.Select id={id} size="sm" value={value} onChange={(e) => onChange(e.target.value)}>
      {!months.some((month) => month.name === value) && <option value={value}>{value || 'Choose…'}</option>}
      {months.map((month, index) => (
        <option key={index} value={month.name}>
          {month.name}
        </option>
      ))}
    </Form.Select>
  );
}

function LeapRuleRow({ rule, set, months }: { rule: LeapRuleDraft; set: (rule: LeapRuleDraft) => void; months: readonly MonthDraft[] }) {
  const exceptions = rule.exceptions.map((exception) => `${exception.leap ? '' : '!'}${exception.every}`).join(', ');
  return (
    <>
      <Cell label="Month gaining days">
        {(id) => <MonthSelect id={id} value={rule.month} months={months} onChange={(month) => set({ ...rule, month })} />}
      </Cell>
      <Cell label="Days" width="5rem">
        {(id) => (
          <Form.Control
            id={id}
            size="sm"
            type="number"
            value={shown(rule.days)}
            onChange={(e) => set({ ...rule, days: toNumber(e.target.value) })}
          />
        )}
      </Cell>
      <Cell label="Every (years)" width="7rem">
        {(id) => (
          <Form.Control
            id={id}
            size="sm"
            type="number"
            value={shown(rule.every)}
            onChange={(e) => set({ ...rule, every: toNumber(e.target.value) })}
          />
        )}
      </Cell>
      <Cell label="Counted from year" width="8rem">
        {(id) => (
          <Form.Control
            id={id}
            size="sm"
            type="number"
            value={shown(rule.offset)}
            onChange={(e) => set({ ...rule, offset: toNumber(e.target.value) })}
          />
        )}
      </Cell>
      <Cell label="Exceptions (e.g. !100, 400)" width="12rem">
        {(id) => (
          <Form.Control
            id={id}
            size="sm"
            defaultValue={exceptions}
            title="Every N years: N makes them leap after all, !N makes them common"
            onBlur={(e) => set({ ...rule, exceptions: parseExceptions(e.target.value) })}
          />
        )}
      </Cell>
    </>
  );
}

/**
 * Reads the exceptions text of a leap rule: comma-separated intervals, `!N` for "every N years are common after
 * all" and `N` for "leap after all" (the Fantasy-Calendar way of writing `400,!100,4`).
 */
export function parseExceptions(text: string): Array<{ every: number; leap: boolean }> {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({ every: Number(part.replace(/^!/, '')), leap: !part.startsWith('!') }));
}

function EraRow({ era, set, first }: { era: EraDraft; set: (era: EraDraft) => void; first: boolean }) {
  const zeroId = useId();
  return (
    <>
      <Cell label="Era name">
        {(id) => <Form.Control id={id} size="sm" value={era.name} onChange={(e) => set({ ...era, name: e.target.value })} />}
      </Cell>
      <Cell label="Abbreviation" width="7rem">
        {(id) => (
          <Form.Control
            id={id}
            size="sm"
            value={era.abbreviation ?? ''}
            onChange={(e) => set({ ...era, abbreviation: e.target.value || null })}
          />
        )}
      </Cell>
      <Cell label={first ? 'Starts in year (empty: always)' : 'Starts in year'} width="11rem">
        {(id) => (
          <Form.Control
            id={id}
            size="sm"
            type="number"
            value={shown(era.startYear)}
            onChange={(e) => set({ ...era, startYear: e.target.value.trim() === '' ? null : toNumber(e.target.value) })}
          />
        )}
      </Cell>
      <Cell label="Counting" width="8rem">
        {(id) => (
          <Form.Select
            id={id}
            size="sm"
            value={era.counting}
            onChange={(e) => set({ ...era, counting: e.target.value as EraDraft['counting'] })}
          >
            {ERA_COUNTING.map((counting) => (
              <option key={counting} value={counting}>
                {counting}
              </option>
            ))}
          </Form.Select>
        )}
      </Cell>
      <Form.Check
        id={zeroId}
        className="small"
        label="Year zero"
        checked={era.hasYearZero}
        onChange={(e) => set({ ...era, hasYearZero: e.target.checked })}
      />
    </>
  );
}

/**
 * The calendar editor (issue 12 "Web"): name and description, months (name, days, intercalary), weekdays and the
 * weekday of the first day of year 1, the clock (hours per day, minutes per hour), leap rules (every N years from a
 * year, with exceptions), eras, moons, seasons and the date format. Every change goes to `onChange` as a new draft;
 * the screen checks it and shows the year preview beside it.
 */
export function CalendarEditor({ draft, onChange }: CalendarEditorProps) {
  const set = (change: Partial<CalendarDraft>) => onChange({ ...draft, ...change });
  const id = useId();
  return (
    <div>
      <fieldset className="mb-4">
        <legend className="h6">Calendar</legend>
        <Form.Group className="mb-2">
          <Form.Label htmlFor={`${id}-name`}>
            Name
            <span className="text-danger ms-1" aria-hidden="true">
              *
            </span>
          </Form.Label>
          <Form.Control
            id={`${id}-name`}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            placeholder="e.g. The Ozian Reckoning"
          />
        </Form.Group>
        <Form.Group className="mb-2">
          <Form.Label htmlFor={`${id}-description`}>Description</Form.Label>
          <Form.Control
            id={`${id}-description`}
            as="textarea"
            rows={2}
            value={draft.description ?? ''}
            onChange={(e) => set({ description: e.target.value || null })}
          />
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          <Cell label="Hours per day" width="8rem">
            {(cell) => (
              <Form.Control
                id={cell}
                size="sm"
                type="number"
                value={shown(draft.hoursPerDay)}
                onChange={(e) => set({ hoursPerDay: toNumber(e.target.value) })}
              />
            )}
          </Cell>
          <Cell label="Minutes per hour" width="8rem">
            {(cell) => (
              <Form.Control
                id={cell}
                size="sm"
                type="number"
                value={shown(draft.minutesPerHour)}
                onChange={(e) => set({ minutesPerHour: toNumber(e.target.value) })}
              />
            )}
          </Cell>
          <Cell label="Date format">
            {(cell) => (
              <Form.Control
                id={cell}
                size="sm"
                value={draft.dateFormat ?? ''}
                placeholder="{dayOrdinal} of {month}, {year} {eraAbbr}"
                onChange={(e) => set({ dateFormat: e.target.value || null })}
              />
            )}
          </Cell>
        </div>
      </fieldset>

      <Rows<MonthDraft>
        title="Months"
        rows={draft.months}
        minRows={1}
        help="In calendar order. An intercalary month (a festival day) belongs to no week; a month of 0 days exists only in the years a leap rule fills it."
        addLabel="Add month"
        newRow={() => ({ name: `Month ${draft.months.length + 1}`, days: 30, intercalary: false })}
        onChange={(months) => set({ months })}
        render={(month, setMonth, index) => (
          <>
            <Cell label="Month name">
              {(cell) => (
                <Form.Control id={cell} size="sm" value={month.name} onChange={(e) => setMonth({ ...month, name: e.target.value })} />
              )}
            </Cell>
            <Cell label="Days" width="5.5rem">
              {(cell) => (
                <Form.Control
                  id={cell}
                  size="sm"
                  type="number"
                  value={shown(month.days)}
                  onChange={(e) => setMonth({ ...month, days: toNumber(e.target.value) })}
                />
              )}
            </Cell>
            <Form.Check
              id={`${id}-intercalary-${index}`}
              className="small"
              label="Intercalary"
              checked={month.intercalary}
              onChange={(e) => setMonth({ ...month, intercalary: e.target.checked })}
            />
          </>
        )}
      />

      <Rows<string>
        title="Weekdays"
        rows={draft.weekdays}
        minRows={1}
        addLabel="Add weekday"
        newRow={() => `Day ${draft.weekdays.length + 1}`}
        onChange={(weekdays) => set({ weekdays, firstWeekday: Math.min(draft.firstWeekday, weekdays.length - 1) })}
        render={(weekday, setWeekday) => (
          <Cell label="Weekday name">
            {(cell) => <Form.Control id={cell} size="sm" value={weekday} onChange={(e) => setWeekday(e.target.value)} />}
          </Cell>
        )}
      />
      <Form.Group className="mb-4" style={{ maxWidth: 320 }}>
        <Form.Label htmlFor={`${id}-first-weekday`} className="small mb-0">
          Weekday of the first day of year 1
        </Form.Label>
        <Form.Select
          id={`${id}-first-weekday`}
          size="sm"
          value={draft.firstWeekday}
          onChange={(e) => set({ firstWeekday: Number(e.target.value) })}
        >
          {draft.weekdays.map((weekday, index) => (
            <option key={index} value={index}>
              {weekday}
            </option>
          ))}
        </Form.Select>
      </Form.Group>

      <Rows<LeapRuleDraft>
        title="Leap rules"
        rows={draft.leapRules}
        help="Every N years, counted from a year, a month gains days. Exceptions with larger intervals overrule: Gregorian is every 4, exceptions !100, 400."
        addLabel="Add leap rule"
        newRow={() => ({
          name: null,
          month: draft.months[draft.months.length - 1]?.name ?? '',
          days: 1,
          every: 4,
          offset: 0,
          exceptions: [],
        })}
        onChange={(leapRules) => set({ leapRules })}
        render={(rule, setRule) => <LeapRuleRow rule={rule} set={setRule} months={draft.months} />}
      />

      <Rows<EraDraft>
        title="Eras"
        rows={draft.eras}
        help="In order of their first year; only the first may have none. Up counts 1, 2, 3… from its start; down counts towards the next era (as BC does); absolute keeps the calendar's year numbers."
        addLabel="Add era"
        newRow={() => ({
          name: `Era ${draft.eras.length + 1}`,
          abbreviation: null,
          startYear: draft.eras.length === 0 ? 1 : null,
          counting: 'up',
          hasYearZero: false,
        })}
        onChange={(eras) => set({ eras })}
        render={(era, setEra, index) => <EraRow era={era} set={setEra} first={index === 0} />}
      />

      <Rows<MoonDraft>
        title="Moons"
        rows={draft.moons}
        help="Days from new moon to new moon, and a day (since the start of year 1) on which a new moon falls."
        addLabel="Add moon"
        newRow={() => ({ name: `Moon ${draft.moons.length + 1}`, cycleDays: 29.5, offsetDays: 0 })}
        onChange={(moons) => set({ moons })}
        render={(moon, setMoon) => (
          <>
            <Cell label="Moon name">
              {(cell) => (
                <Form.Control id={cell} size="sm" value={moon.name} onChange={(e) => setMoon({ ...moon, name: e.target.value })} />
              )}
            </Cell>
            <Cell label="Cycle (days)" width="7rem">
              {(cell) => (
                <Form.Control
                  id={cell}
                  size="sm"
                  type="number"
                  step="any"
                  value={shown(moon.cycleDays)}
                  onChange={(e) => setMoon({ ...moon, cycleDays: toNumber(e.target.value) })}
                />
              )}
            </Cell>
            <Cell label="New moon on day" width="8rem">
              {(cell) => (
                <Form.Control
                  id={cell}
                  size="sm"
                  type="number"
                  step="any"
                  value={shown(moon.offsetDays)}
                  onChange={(e) => setMoon({ ...moon, offsetDays: toNumber(e.target.value) })}
                />
              )}
            </Cell>
          </>
        )}
      />

      <Rows<SeasonDraft>
        title="Seasons"
        rows={draft.seasons}
        help="Each season starts on a day of a month and lasts until the next one starts."
        addLabel="Add season"
        newRow={() => ({ name: `Season ${draft.seasons.length + 1}`, month: draft.months[0]?.name ?? '', day: 1 })}
        onChange={(seasons) => set({ seasons })}
        render={(season, setSeason) => (
          <>
            <Cell label="Season name">
              {(cell) => (
                <Form.Control id={cell} size="sm" value={season.name} onChange={(e) => setSeason({ ...season, name: e.target.value })} />
              )}
            </Cell>
            <Cell label="Starts in month">
              {(cell) => (
                <MonthSelect id={cell} value={season.month} months={draft.months} onChange={(month) => setSeason({ ...season, month })} />
              )}
            </Cell>
            <Cell label="On day" width="5.5rem">
              {(cell) => (
                <Form.Control
                  id={cell}
                  size="sm"
                  type="number"
                  value={shown(season.day)}
                  onChange={(e) => setSeason({ ...season, day: toNumber(e.target.value) })}
                />
              )}
            </Cell>
          </>
        )}
      />
    </div>
  );
}
