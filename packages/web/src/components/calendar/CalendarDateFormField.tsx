import { useEffect, useRef } from 'react';
import Form from 'react-bootstrap/Form';
import type { CalendarDefinition } from '@loreforge/contract';
import type { CustomFieldProps } from '../form/types';
import { CalendarDateInput } from './CalendarDateInput';
import { type CalendarDateValue, initialDateValue } from './calendar-date';

/** Props of {@link CalendarDateFormField}: a generic form's custom-field props and the calendar. */
export type CalendarDateFormFieldProps = CustomFieldProps & { definition: CalendarDefinition };

const isDateValue = (value: unknown): value is CalendarDateValue =>
  typeof value === 'object' && value !== null && 'year' in value && 'month' in value && 'day' in value;

/**
 * A calendar date as a field of a generic form (issue 12): the date entry of {@link CalendarDateInput}, holding
 * `{year, month, day, hour, minute, era}`. An empty field takes the calendar's first day of its latest era, and a
 * change of calendar starts the date afresh, so the value is always a date the person can see.
 */
export function CalendarDateFormField({ definition, id, value, onChange, onBlur, invalid, describedBy }: CalendarDateFormFieldProps) {
  const shownFor = useRef<CalendarDefinition | null>(null);
  useEffect(() => {
    const changedCalendar = shownFor.current !== null && shownFor.current !== definition;
    shownFor.current = definition;
    if (changedCalendar || !isDateValue(value)) onChange(initialDateValue(definition));
    // Only a new calendar (or a missing value on first show) resets the date.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definition]);
  return (
    <>
      <CalendarDateInput
        id={id}
        definition={definition}
        value={isDateValue(value) ? value : null}
        onChange={onChange}
        onBlur={onBlur}
        invalid={invalid}
        describedBy={describedBy}
      />
      <Form.Text className="d-block">Entered in this timeline's own calendar.</Form.Text>
    </>
  );
}
