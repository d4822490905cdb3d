/**
 * The acting user of the database work a request does, so the change log's triggers can name who wrote a row
 * (deletes included) without every write path passing it (issue 15, docs/live-updates.md "Who made a change").
 * The protected routes run their handler inside `runAsActor(request.userId, …)`; the SQLite connection's
 * `lf_actor()` function and the PostgreSQL `loreforge.actor` setting read it back.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const actorStorage = new AsyncLocalStorage<string>();

/**
 * Runs `work` with `userId` as the acting user of every query it makes (awaited continuations included).
 * @param userId the signed-in user's id (a UUID), or '' for none.
 * @returns what `work` returns.
 */
export function runAsActor<T>(userId: string, work: () => T): T {
  return actorStorage.run(userId, work);
}

/** The acting user of the current asynchronous context, or undefined outside a request (scripts, jobs). */
export function currentActor(): string | undefined {
  const userId = actorStorage.getStore();
  return userId === undefined || userId === '' ? undefined : userId;
}

/** SQL texts that may write a row (the setting is then made current before they run), by their first word. */
const WRITE_START = /^\s*(begin|start|insert|update|delete|with|merge)\b/i;

/**
 * Whether a PostgreSQL statement may write (or opens a transaction whose writes the trigger sees at commit), so
 * the connection's `loreforge.actor` setting must name the current actor before it runs.
 * @param text the statement's SQL.
 */
export function mayWrite(text: string): boolean {
  return WRITE_START.test(text);
}
