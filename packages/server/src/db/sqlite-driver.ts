/**
 * The better-sqlite3 build for the running Node.js. better-sqlite3 12 is built from source against the running
 * Node.js on install and is the one that runs on Node.js 20; on Node.js 24 its statements' destructors abort
 * a process whose environment is being torn down (a worker's exit). better-sqlite3 13 ships prebuilt Node-API
 * binaries and needs Node.js 22 or newer (it crashes on 20). Both are installed (13 under the alias
 * `better-sqlite3-13`), and this module loads the one that suits the running Node.js; their APIs are the same.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/** The first Node.js major line that runs better-sqlite3 13. */
export const NODE_MAJOR_FOR_SQLITE_13 = 22;

/**
 * The package name to load for a Node.js version.
 * @param nodeVersion a Node.js version such as `20.19.0` (default: the running one).
 * @returns `better-sqlite3-13` from Node.js 22 on, `better-sqlite3` (12) before.
 */
export function sqliteDriverPackage(nodeVersion: string = process.versions.node): string {
  const major = Number(nodeVersion.split('.')[0]);
  return major >= NODE_MAJOR_FOR_SQLITE_13 ? 'better-sqlite3-13' : 'better-sqlite3';
}

const require = createRequire(import.meta.url);

/** better-sqlite3's `Database` class, from the build that suits the running Node.js. */
export const SQLite = require(sqliteDriverPackage()) as typeof BetterSqlite3;

/**
 * The file a worker thread loads better-sqlite3 from: the same build as the app's connection, since
 * better-sqlite3 12 aborts a worker's exit on Node.js 24 (the checkpointer in db/connect.ts, the reader in
 * db/sqlite-reader.ts).
 * @returns an absolute path for `require` inside the worker.
 */
export const sqliteDriverPath = (): string => require.resolve(sqliteDriverPackage());
