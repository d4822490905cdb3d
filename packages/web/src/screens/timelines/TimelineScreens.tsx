/** Route module of the timelines (SPEC §2 "Under a world: Timelines", "Timeline screen", §5 Timeline). */
export { TimelinesTab } from './TimelinesTab';
export { TimelineFormScreen } from './TimelineFormScreen';
export { TimelineScreen } from './TimelineScreen';
