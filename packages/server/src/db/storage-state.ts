/**
 * Remembers that the database ran out of space, so /api/health can say so (issue 20). A write refused for lack
 * of space marks storage full; health reports it for STORAGE_FULL_REPORT_MS after the last such refusal, so it
 * clears by itself once space is freed and writes stop failing. Per process, which suits the one SQLite file;
 * on PostgreSQL each instance reports what its own writes met.
 */

/** How long after the last write refused for lack of space health keeps reporting a full disk (ms). */
export const STORAGE_FULL_REPORT_MS = 30_000;

let lastFullAt: number | undefined;

/** Records that a write was just refused because the disk is full. */
export function noteStorageFull(now: number = Date.now()): void {
  lastFullAt = now;
}

/**
 * True while storage counts as full: a write was refused for lack of space within STORAGE_FULL_REPORT_MS.
 * @param now the current time in ms since the epoch (tests pass their own).
 */
export function isStorageReportedFull(now: number = Date.now()): boolean {
  return lastFullAt !== undefined && now - lastFullAt < STORAGE_FULL_REPORT_MS;
}

/** Forgets a full disk at once (a write has just succeeded, or a test starts afresh). */
export function clearStorageFull(): void {
  lastFullAt = undefined;
}
