/** The world calendar engine (issue 12, docs/calendars.md). Isomorphic: no Node or DOM imports. */
export * from './calendar.limits.js';
export * from './calendar.model.js';
export * from './calendar.leap.js';
export * from './calendar.engine.js';
export * from './calendar.date.js';
export * from './calendar.describe.js';
export * from './calendar.answer.js';
export * from './calendar.presets.js';
export * from './calendar.iso.js';
export * from './calendar.fantasy-calendar.js';
export * from './calendar.api.js';
export * from './calendar.month.js';
