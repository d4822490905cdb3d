/** Route module of the timeline form (SPEC §2 "Under a world: Timelines", §5 Timeline); the list and a timeline have their own. */
export { TimelineFormScreen } from './TimelineFormScreen';
