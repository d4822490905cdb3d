/**
 * Calendar dates in the generic forms (issue 12 "Every date in the app is entered in the timeline's calendar"):
 * the field config of a date entry, a select that tells the screen which option was picked (so the screen can swap
 * the ISO date-time for the calendar's date), and the check of the entered date against its calendar.
 */
import { createElement } from 'react';
import type { z } from 'zod';
import Form from 'react-bootstrap/Form';
import type { CalendarDefinition } from '@loreforge/contract';
import type { CustomFieldProps, FieldConfig } from '../form/types';
import { CalendarDateFormField } from './CalendarDateFormField';
import { type CalendarDateValue, dateProblem } from './calendar-date';

/** A custom field entering a date of `definition` (its value `{year, month, day, hour, minute, era}`). */
export function calendarDateFieldConfig(name: string, label: string, definition: CalendarDefinition, help?: string): FieldConfig {
  return {
    name,
    label,
    type: 'custom',
    required: true,
    help,
    render: (props: CustomFieldProps) => createElement(CalendarDateFormField, { ...props, definition }),
  };
}

/**
 * A select as a custom field that also tells the screen what was picked (a timeline, a calendar), so the screen
 * can offer the matching date entry. Renders '— None —' first, or a disabled 'Choose…' when `required`.
 */
export function notifyingSelectConfig(
  base: Omit<FieldConfig, 'type' | 'render'>,
  options: ReadonlyArray<{ value: string; label: string }>,
  onPick: (value: string) => void,
): FieldConfig {
  return {
    ...base,
    type: 'custom',
    render: ({ id, value, onChange, onBlur, invalid, describedBy }) =>
      createElement(
        Form.Select,
        {
          id,
          value: typeof value === 'string' ? value : '',
          isInvalid: invalid,
          'aria-describedby': describedBy,
          onBlur,
          onChange: (event: { target: { value: string } }) => {
            onChange(event.target.value);
            onPick(event.target.value);
          },
        },
        [
          base.required
            ? createElement('option', { key: '', value: '', disabled: true }, 'Choose…')
            : createElement('option', { key: '', value: '' }, '— None —'),
          ...options.map((option) => createElement('option', { key: option.value, value: option.value }, option.label)),
        ],
      ),
  };
}

/**
 * Adds the calendar's check of a date field to a form schema: a date the calendar lacks (a 31st day of a 30-day
 * month, a leap day in a common year, a year outside its era) is refused on that field with the API's message.
 */
export function checkedAgainstCalendar<S extends z.ZodType>(schema: S, field: string, definition: CalendarDefinition) {
  return schema.superRefine((values, ctx) => {
    const date = (values as Record<string, unknown>)[field] as CalendarDateValue | null | undefined;
    if (!date) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'The date is required.' });
      return;
    }
    const problem = dateProblem(definition, { ...date, era: date.era ?? null });
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem.message });
  });
}
