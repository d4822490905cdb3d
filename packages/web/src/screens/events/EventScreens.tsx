/** Route module of the event form (SPEC §2 "Under a world: Events", §3 Event, §5 Event); the list has its own. */
export { EventFormScreen } from './EventFormScreen';
