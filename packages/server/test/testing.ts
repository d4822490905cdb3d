/**
 * `@loreforge/server/testing`: what other packages' tests and tools use to run the real server (browser
 * journeys, the benchmark, the client's example, the demo loader): the process helpers, the test databases'
 * settings, an in-process app on a fresh test database, and the bundle helpers of export and import tests.
 */
export * from './server-process.js';
export { DIALECTS, TEST_DATABASE_URL } from './dialects.js';
export { type TestApp, buildTestApp } from './app.js';
export { type BundleFiles, canonicalBundle, exportWorld, importArchive, readJson } from './transfer/bundle-compare.js';
