/** Route module of a world's calendars (issue 12): the list with import, one calendar, and the editor. */
export { CalendarsScreen } from './CalendarsScreen';
export { CalendarScreen } from './CalendarScreen';
export { CalendarFormScreen } from './CalendarFormScreen';
