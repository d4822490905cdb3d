/**
 * The acting user of the database work a request does, so the change log's triggers can name who wrote a row
 * (deletes included) without every write path passing it (issue 15, docs/live-updates.md "Who made a change").
 * The protected routes run their handler inside `runAsActor(request.userId, …)`; the SQLite connection's
 * `lf_actor()` function and the PostgreSQL `loreforge.actor` setting read it back.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const actorStorage = new AsyncLocalStorage<string>();
/** Requests between runAsActor and their release. */
let acting = 0;

/**
 * Runs `work` with `userId` as the acting user of every query it makes (awaited continuations included), until
 * the caller calls the release it gets (once, when the work is done: for a request, once its answer is sent).
 * @param userId the signed-in user's id (a UUID), or '' for none.
 * @returns what `work` returns.
 *
 * While no work runs as an actor the storage is disabled: on Node.js 20 and 22 an enabled AsyncLocalStorage keeps
 * a hook on every promise the process makes, which cost the reads of a request about a tenth of their time
 * (docs/performance.md, "Reads without an actor"). Reads never name an actor, so only writes pay it, and only
 * while one is in flight; `currentActor()` answers undefined in between, as outside a request.
 */
export function runAsActor<T>(userId: string, work: (release: () => void) => T): T {
  acting += 1;
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    acting -= 1;
    if (acting === 0) actorStorage.disable();
  };
  return actorStorage.run(userId, work, release);
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
