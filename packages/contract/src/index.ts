/** @loreforge/contract: everything server and web agree on. Isomorphic: no Node or DOM imports. */
export * from './messages.js';
export * from './limits.js';
export * from './enums.js';
export * from './fields.js';
export * from './list.js';
export * from './auth.js';
export * from './world.js';
export * from './character.js';
export * from './item.js';
export * from './goal.js';
export * from './relationship.js';
export * from './timeline.js';
export * from './map.js';
export * from './connection.js';
export * from './quest.js';
export * from './changes.js';
export * from './timeline-engine.js';
