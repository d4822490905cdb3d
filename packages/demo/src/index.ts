/**
 * `@loreforge/demo`: the Land of Oz demo world (content/oz-world.json and its map) and the loader that builds it
 * through the public API, used by `npm run demo`, the browser journeys and the screenshots.
 */
export { type DemoAccount, DemoLoadError, signInDemoAccount } from './api.js';
export { DEMO_DIR, type DemoData, readDemoData } from './demo-data.js';
export type { DemoLoadResult, DemoSummary } from './load-context.js';
export { type LoadDemoOptions, type RunDemoOptions, loadDemoWorld, runDemo } from './load-demo.js';
