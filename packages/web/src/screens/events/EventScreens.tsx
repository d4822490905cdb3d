/** Route module of the events (SPEC §2 "Under a world: Events", §3 Event, §5 Event). */
export { EventsTab } from './EventsTab';
export { EventFormScreen } from './EventFormScreen';
