/**
 * One line that says what stops the server from starting, for the problems an operator can fix (issue 20):
 * a data folder it cannot write, a full disk, a database that does not answer. Anything else is a bug and
 * keeps its stack trace.
 */
import { isDatabaseUnavailable, isStorageFull } from './db/availability.js';

/** Filesystem codes of a folder or file this process may not write (or a data path through a plain file). */
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR']);

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * Words a start-up failure as one line.
 * @param error what start-up threw (it may wrap the real cause in `cause`, as a failed migration does).
 * @param where the data folder (SQLite) or 'PostgreSQL' (when DATABASE_URL is set), named in the line.
 * @returns the line, or undefined when the error is not one of the known problems.
 */
export function describeStartupProblem(error: unknown, where: { dataDir: string; postgres: boolean }): string | undefined {
  const chain: unknown[] = [];
  for (let current: unknown = error; current instanceof Error && chain.length < 5; current = current.cause) chain.push(current);
  for (const cause of chain) {
    const code = codeOf(cause);
    const detail = cause instanceof Error ? cause.message : String(cause);
    if (NOT_WRITABLE.has(code) || code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN')) {
      return `Loreforge cannot write to its data folder ${where.dataDir} (${detail}). Make it writable by this user, or set DATA_DIR to a folder that is.`;
    }
    if (isStorageFull(cause)) {
      return `Loreforge cannot start: the disk holding its database is full (${detail}). Free some space and start it again.`;
    }
    if (where.postgres && isDatabaseUnavailable(cause)) {
      return `Loreforge cannot reach PostgreSQL (${detail}). Check DATABASE_URL and that the database is running, then start it again.`;
    }
  }
  return undefined;
}
