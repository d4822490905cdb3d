import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { CalendarDefinition } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { CalendarDateInput } from '../../components/calendar/CalendarDateInput';
import { type CalendarDateValue, initialDateValue, instantOfValue } from '../../components/calendar/calendar-date';
import { useTimelineDiff } from '../../api/timeline-engine';
import { dateTimeLocalToIso, formatEngineValue } from '../../components/engine/engine-format';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { toDateTimeLocal } from '../../components/story/date-input';
import { formatMoment } from '../../lib/format';

/** Props of {@link BranchComparison}. */
export interface BranchComparisonProps {
  worldId: string;
  branchId: string;
  branchLabel: string;
  parentId: string;
  parentLabel: string;
  /** The moment compared at first (the branch's "now"), on a Gregorian timeline. */
  initialAt: string;
  /** The branch's own calendar (issue 12): the moment is then chosen as a date of it. */
  calendar?: { definition: CalendarDefinition; initialDate: CalendarDateValue | null } | null;
}

/**
 * A branch and its parent side by side at a chosen moment (GET …/timelines/{branch}/diff?against={parent}&at=, or
 * &instant= on a branch with its own calendar, whose date is then entered in that calendar): one row per character
 * and field that differs, the branch's value beside the parent's.
 */
export function BranchComparison({ worldId, branchId, branchLabel, parentId, parentLabel, initialAt, calendar }: BranchComparisonProps) {
  const id = useId();
  const [moment, setMoment] = useState(toDateTimeLocal(initialAt));
  const [date, setDate] = useState<CalendarDateValue | null>(
    calendar ? (calendar.initialDate ?? initialDateValue(calendar.definition)) : null,
  );
  const instant = calendar && date ? instantOfValue(calendar.definition, date) : null;
  const diff = useTimelineDiff(
    worldId,
    branchId,
    parentId,
    calendar ? { instant: instant ?? undefined } : { at: dateTimeLocalToIso(moment) },
  );
  const when = diff.data ? formatMoment(diff.data.at, diff.data.formattedDate) : '';

  return (
    <section className="lf-panel mb-3" aria-label="Comparison with the parent timeline">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <h2 className="h5 me-auto mb-0">Compared with {parentLabel}</h2>
        {calendar ? (
          <Form.Group>
            <Form.Label htmlFor={id} className="small mb-0">
              At
            </Form.Label>
            <CalendarDateInput id={id} definition={calendar.definition} value={date} onChange={setDate} />
          </Form.Group>
        ) : (
          <Form.Group>
            <Form.Label htmlFor={id} className="small mb-0">
              At
            </Form.Label>
            <Form.Control id={id} size="sm" type="datetime-local" step={1} value={moment} onChange={(e) => setMoment(e.target.value)} />
          </Form.Group>
        )}
      </div>
      {diff.isPending && <LoadingSpinner label="Comparing..." />}
      {diff.isError && (
        <ErrorAlert message={handleError(diff.error, 'Failed to compare the timelines.')} onRetry={() => void diff.refetch()} />
      )}
      {diff.isSuccess && diff.data.differences.length === 0 && <p className="small text-body-secondary mb-0">No differences at {when}.</p>}
      {diff.isSuccess && diff.data.differences.length > 0 && (
        <div className="table-responsive">
          <Table size="sm" striped className="small mb-0 align-middle">
            <caption className="visually-hidden">
              Differences between {branchLabel} and {parentLabel} at {when}
            </caption>
            <thead>
              <tr>
                <th scope="col">Character</th>
                <th scope="col">What</th>
                <th scope="col">{branchLabel}</th>
                <th scope="col">{parentLabel}</th>
              </tr>
            </thead>
            <tbody>
              {diff.data.differences.map((d, index) => (
                <tr key={`${d.characterId}-${d.area}-${d.subjectId ?? ''}-${d.field}-${index}`}>
                  <th scope="row" className="fw-semibold">
                    {d.characterName ?? d.characterId.slice(0, 8)}
                  </th>
                  <td>
                    {d.area}
                    {d.subjectName ? ` · ${d.subjectName}` : ''} · {d.field}
                  </td>
                  <td className="text-break">{formatEngineValue(d.value)}</td>
                  <td className="text-break">{formatEngineValue(d.against)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
