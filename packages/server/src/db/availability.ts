/**
 * Telling a database that is away or full from a bug (issue 20): PostgreSQL restarted, failed over, killed our
 * connection or stopped answering; SQLite's disk filled or its folder turned read-only. Such errors are not the
 * caller's mistake and not a bug in the request, so the API answers 503 (try again soon) or 507 (out of space)
 * instead of a generic 500, and /api/health reports the same.
 */

/** Network errors of a connection that dropped, was refused or never answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away, not accepting connections, or cancelled a statement
 * that ran past `statement_timeout` (57014); class 08 (connection exceptions) is matched by prefix.
 */
const POSTGRES_AWAY_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** pg's own messages for a connection that ended, timed out connecting, or waited too long for an answer. */
const PG_CLIENT_MESSAGES = [/^Connection terminated/, /timeout expired/i, /^Query read timeout/, /not queryable/, /^Connection ended/];

/** SQLite codes of a file it cannot write for now: read-only, locked past busy_timeout, or an I/O failure. */
const SQLITE_AWAY_CODES = new Set(['SQLITE_READONLY', 'SQLITE_BUSY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

/**
 * True when the error says the database is out of space: PostgreSQL 53100 (disk_full), SQLite SQLITE_FULL
 * ('database or disk is full'), or the operating system's ENOSPC.
 * @param error anything thrown by a query.
 */
export function isStorageFull(error: unknown): boolean {
  const code = codeOf(error);
  return code === '53100' || code === 'ENOSPC' || (code?.startsWith('SQLITE_FULL') ?? false);
}

/**
 * True when the error says the database is away for now (see the module comment), so the request may succeed
 * when retried later.
 * @param error anything thrown by a query or by taking a connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || POSTGRES_AWAY_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if ([...SQLITE_AWAY_CODES].some((prefix) => code.startsWith(prefix))) return true;
  }
  const message = messageOf(error);
  return PG_CLIENT_MESSAGES.some((pattern) => pattern.test(message));
}
