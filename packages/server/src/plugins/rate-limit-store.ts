/**
 * A rate-limit store for @fastify/rate-limit that counts in Redis, shared by every instance, and falls back to
 * this instance's own memory while Redis does not answer, so a Redis outage neither opens login, register and
 * invite requests to unlimited guessing nor turns them into 500 errors. Each instance then limits on its own
 * until Redis answers again.
 */
// The stores' declarations, referenced here so every package that type-checks the server's code finds them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an import cannot bring in ambient module declarations for other packages' type checks
/// <reference path="../types/fastify-rate-limit-stores.d.ts" />
import type { Redis } from 'ioredis';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
// The plugin's own stores (no package exports map; these are its documented building blocks).
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** A store as the plugin's own are: `read` counts nothing (used by `{ increment: false }`). */
interface Store extends FastifyRateLimitStore {
  read?: (key: string, callback: Callback, timeWindow: number, max: number) => void;
}

const StoreOf = (value: unknown) => value as new (...args: unknown[]) => Store;

class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly onFallback: (error: Error) => void,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) {
          callback(null, result);
          return;
        }
        this.onFallback(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    const shared = this.shared.read?.bind(this.shared);
    const local = this.local.read?.bind(this.local);
    if (!shared || !local) {
      callback(new Error('This rate-limit store cannot read without counting.'));
      return;
    }
    shared(
      key,
      (error, result) => {
        if (!error) {
          callback(null, result);
          return;
        }
        this.onFallback(error);
        local(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): Store {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.onFallback);
  }
}

/**
 * The store class to give @fastify/rate-limit as `store`.
 * @param redis a connected (or connecting) client; its errors must be handled by the caller's 'error' listener.
 * @param nameSpace prefix of the Redis keys.
 * @param onFallback called with the Redis error each time a count falls back to memory (for a log line).
 * @returns a class the plugin instantiates with its global options.
 */
export function redisWithMemoryFallback(redis: Redis, nameSpace: string, onFallback: (error: Error) => void): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(pluginOptions: FastifyRateLimitOptions) {
      // The plugin passes its resolved global options, which include these two flags.
      const options = pluginOptions as FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean };
      super(
        new (StoreOf(RedisStore))(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
        new (StoreOf(LocalStore))(options.continueExceeding, options.exponentialBackoff),
        onFallback,
      );
    }
  };
}
