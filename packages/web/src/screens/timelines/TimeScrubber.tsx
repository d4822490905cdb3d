import { memo, useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { Event } from '@loreforge/contract';
import { formatMoment } from '../../lib/format';

/** Props of {@link TimeScrubber}. */
export interface TimeScrubberProps {
  /** The timeline's loaded events in story order; the scrubber has one stop per event. */
  events: readonly Event[];
  /** The event shown (the screen passes the timeline's "now" until the reader chooses); undefined: before the first. */
  selectedEventId: string | undefined;
  onSelect: (event: Event) => void;
  /**
   * The selected event's name and date when it is not among `events`: the now's event, further down than the pages
   * loaded so far. The thumb then rests at the end.
   */
  beyondLoaded?: { name: string; dateTime: string | null; formattedDate: string | null } | undefined;
}

/**
 * A range input over a timeline's events: dragging it (or the arrow keys) chooses the event whose state is shown.
 * Its readout names the event and its date (in the timeline's own calendar when it keeps one); with none chosen,
 * the story has not begun (the thumb rests at the start).
 */
export const TimeScrubber = memo(function TimeScrubber({ events, selectedEventId, onSelect, beyondLoaded }: TimeScrubberProps) {
  const id = useId();
  const found = selectedEventId ? events.findIndex((e) => e.eventId === selectedEventId) : -1;
  const current = found >= 0 ? events[found] : undefined;
  const beyond = selectedEventId && found < 0 ? beyondLoaded : undefined;
  if (events.length === 0) return null;
  return (
    <div className="lf-panel mb-3 py-2">
      <Form.Label htmlFor={id} className="small fw-semibold mb-1">
        Time scrubber
      </Form.Label>
      <Form.Range
        id={id}
        min={0}
        max={events.length - 1}
        step={1}
        value={current ? found : beyond ? events.length - 1 : 0}
        aria-valuetext={
          current
            ? `${current.name}, ${formatMoment(current.dateTime, current.formattedDate)}`
            : beyond
              ? `${beyond.name}, ${formatMoment(beyond.dateTime, beyond.formattedDate)}`
              : 'Before the first event'
        }
        onChange={(e) => {
          const next = events[Number(e.target.value)];
          if (next) onSelect(next);
        }}
      />
      <output htmlFor={id} className="small d-block text-body-secondary" aria-live="polite">
        {current ? (
          <>
            Event {found + 1} of {events.length}: <strong className="text-body">{current.name}</strong> ·{' '}
            {formatMoment(current.dateTime, current.formattedDate)}
          </>
        ) : beyond ? (
          <>
            <strong className="text-body">{beyond.name}</strong> · {formatMoment(beyond.dateTime, beyond.formattedDate)}, after the{' '}
            {events.length} events loaded so far
          </>
        ) : (
          'Before the first event: drag to travel through the story.'
        )}
      </output>
    </div>
  );
});
