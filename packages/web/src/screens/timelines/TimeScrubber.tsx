import { memo, useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { Event } from '@loreforge/contract';
import { formatDateTime } from '../../lib/format';

/** Props of {@link TimeScrubber}. */
export interface TimeScrubberProps {
  /** The timeline's loaded events in story order; the scrubber has one stop per event. */
  events: readonly Event[];
  /** The event shown (the screen passes the timeline's "now" until the reader chooses); undefined: before the first. */
  selectedEventId: string | undefined;
  onSelect: (event: Event) => void;
}

/**
 * A range input over a timeline's events: dragging it (or the arrow keys) chooses the event whose state is shown.
 * Its readout names the event and its date; with none chosen, the story has not begun (the thumb rests at the start).
 */
export const TimeScrubber = memo(function TimeScrubber({ events, selectedEventId, onSelect }: TimeScrubberProps) {
  const id = useId();
  const index = Math.max(
    0,
    events.findIndex((e) => e.eventId === selectedEventId),
  );
  const current = selectedEventId ? events[index] : undefined;
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
        value={current ? index : 0}
        aria-valuetext={current ? `${current.name}, ${formatDateTime(current.dateTime)}` : 'Before the first event'}
        onChange={(e) => {
          const next = events[Number(e.target.value)];
          if (next) onSelect(next);
        }}
      />
      <output htmlFor={id} className="small d-block text-body-secondary" aria-live="polite">
        {current ? (
          <>
            Event {index + 1} of {events.length}: <strong className="text-body">{current.name}</strong> · {formatDateTime(current.dateTime)}
          </>
        ) : (
          'Before the first event: drag to travel through the story.'
        )}
      </output>
    </div>
  );
});
