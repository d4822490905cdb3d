/**
 * `@loreforge/server/testing`: what other packages' tests and tools use to run the real server (browser
 * journeys, the benchmark, the client's example): the process helpers and the test databases' settings.
 */
export * from './server-process.js';
export { DIALECTS, TEST_DATABASE_URL } from './dialects.js';
