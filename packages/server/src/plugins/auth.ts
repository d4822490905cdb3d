/**
 * Bearer-token authentication with signed JWTs (@fastify/jwt): `app.signToken(userId, tokenVersion)` and the
 * `app.authenticate` onRequest hook that sets `request.userId` or answers 401 (SPEC §6, §7 Auth).
 *
 * Revocation (issue 20): every token carries its user's `token_version` (`ver`), and every authenticated
 * request reads the user's current version by primary key. Signing out everywhere raises the version, and a
 * deleted account has none, so from the next request on every older token answers 401, on every instance at
 * once: there is no cache of versions, which is the rule that makes a revocation hold everywhere immediately.
 * On a route whose first statement reads the version itself (`config.checksTokenVersion`: every world-scoped
 * route, set by modules/worlds/world-scope.plugin.ts, where it is read with the caller's membership of the world
 * by resolveWorldScope; and the worlds list, where it is read with the version of the user's worlds by
 * cachedUserWorldsRead) the check waits for that statement, so such a request makes one round trip for both
 * reads instead of two.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { MESSAGES } from '@loreforge/contract';
import { unauthorized } from '../errors/app-error.js';
import { tokenVersionHolds } from '../lib/token-version.js';
import { findTokenVersion } from '../modules/auth/user.repository.js';
import { deriveCursorKey } from '../modules/changes/feed-cursor.js';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; ver: number };
    user: { sub: string; ver: number };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs a token for the user at its token version (default 0); expires after the configured lifetime. */
    signToken: (userId: string, tokenVersion?: number) => string;
    /** onRequest hook: requires a valid bearer token; passes AppError 401 to `done` otherwise. */
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    /** Key of the change feed's cursors, derived from the token secret (modules/changes/feed-cursor.ts). */
    feedCursorKey: Buffer;
  }
  interface FastifyRequest {
    /** The signed-in user's id, set by `authenticate`. */
    userId: string;
    /**
     * On a route with `config.checksTokenVersion`: the token's version, still to be checked against the user's by
     * the route's first statement; undefined once checked or on other routes.
     */
    pendingTokenVersion: number | undefined;
  }
  interface FastifyContextConfig {
    /**
     * Set on routes whose first statement checks the token's version (`request.pendingTokenVersion`) itself,
     * with the world's membership or the user's worlds version (see authenticate).
     */
    checksTokenVersion?: boolean;
  }
}

export interface AuthPluginOptions {
  /** The signing secret; when undefined it is read from (or generated once into) `<dataDir>/token-secret`. */
  secret: string | undefined;
  dataDir: string;
  expiresIn: string;
}

/**
 * Reads the token secret kept in the data folder, creating a random 48-byte one on first use.
 * @returns the secret as base64url text.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'token-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** Who a valid token speaks for: the user id and the token version it was signed at. */
export interface BearerClaims {
  userId: string;
  tokenVersion: number;
}

/**
 * The claims of a valid `Bearer <token>` header, verified synchronously (the verifier caches tokens it has
 * checked until they expire), or undefined for a malformed header, a bad signature, an expired token or a
 * token without a subject. A token without a version (signed before versions existed) counts as version 0.
 * Whether the version still holds is for the caller to check against the user's.
 */
function bearerClaims(app: FastifyInstance, header: string): BearerClaims | undefined {
  if (!/^Bearer\s/i.test(header)) return undefined;
  const parts = header.split(' ');
  const token = parts.length === 2 ? parts[1] : undefined;
  if (!token) return undefined;
  try {
    const payload = app.jwt.verify<{ sub?: unknown; ver?: unknown }>(token);
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) return undefined;
    const version = payload.ver === undefined ? 0 : payload.ver;
    return typeof version === 'number' && Number.isSafeInteger(version) ? { userId: payload.sub, tokenVersion: version } : undefined;
  } catch {
    return undefined;
  }
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const secret = options.secret ?? loadOrCreateSecret(options.dataDir);
    await app.register(jwt, {
      secret,
      sign: { expiresIn: options.expiresIn, algorithm: 'HS256' },
      verify: { algorithms: ['HS256'], cache: 1000 },
    });
    // Verified tokens are cached (until their expiry), so a busy client does not pay an HMAC per request.
    app.decorateRequest('userId', '');
    app.decorateRequest('pendingTokenVersion', undefined);
    app.decorate('feedCursorKey', deriveCursorKey(secret));
    app.decorate('signToken', (userId: string, tokenVersion = 0) => app.jwt.sign({ sub: userId, ver: tokenVersion }));
    app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const header = request.headers.authorization;
      if (!header) {
        done(unauthorized(MESSAGES.unauthorized));
        return;
      }
      const claims = bearerClaims(app, header);
      if (claims === undefined) {
        done(unauthorized(MESSAGES.invalidToken));
        return;
      }
      // The route reads the version in its own first statement (resolveWorldScope, cachedUserWorldsRead).
      if (request.routeOptions.config.checksTokenVersion === true) {
        request.userId = claims.userId;
        request.pendingTokenVersion = claims.tokenVersion;
        done();
        return;
      }
      // One primary-key read: a deleted account or a raised version (signed out everywhere) ends the token.
      findTokenVersion(app.db, claims.userId).then(
        (version) => {
          if (!tokenVersionHolds(version, claims.tokenVersion)) {
            done(unauthorized(MESSAGES.invalidToken));
            return;
          }
          request.userId = claims.userId;
          done();
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    });
  },
  { name: 'auth' },
);
