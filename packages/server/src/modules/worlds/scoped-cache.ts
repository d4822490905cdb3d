/** The read cache (lib/read-cache.ts) keyed per reader class, so no answer built for one class serves another. */
import type { Db } from '../../db/database.js';
import { cachedWorldRead } from '../../lib/read-cache.js';
import type { WorldScope } from '../../access/world-scope.js';

/**
 * The answer kept for this URL, world version and reader class (WorldScope.cacheKey: editors share, viewers
 * share, each player alone), or the one `build` makes.
 * @param url the request URL (path and query string).
 * @returns the answer; treat it as immutable.
 * @throws whatever build throws.
 */
export function cachedScopedRead<T>(db: Db, scope: WorldScope, url: string, build: () => Promise<T>): Promise<T> {
  return cachedWorldRead(db, scope.world, `${scope.cacheKey}\u0000${url}`, build);
}
