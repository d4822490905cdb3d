/**
 * `@loreforge/server/database`: opening and migrating a Loreforge database from outside the server (the
 * benchmark's generated world), with the schema's types.
 */
export { type ConnectOptions, type DatabaseHandle, connectDatabase } from './connect.js';
export { migrateToLatest } from './migrate.js';
export type { Database, Dialect } from './database.js';
