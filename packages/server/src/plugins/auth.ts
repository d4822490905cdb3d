/**
 * Bearer-token authentication with signed JWTs (@fastify/jwt): `app.signToken(userId)` and the
 * `app.authenticate` onRequest hook that sets `request.userId` or answers 401 (SPEC §6, §7 Auth).
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { MESSAGES } from '@loreforge/contract';
import { unauthorized } from '../errors/app-error.js';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string };
    user: { sub: string };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs a token for the user; expires after the configured lifetime. */
    signToken: (userId: string) => string;
    /** onRequest hook: requires a valid bearer token; passes AppError 401 to `done` otherwise. */
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  }
  interface FastifyRequest {
    /** The signed-in user's id, set by `authenticate`. */
    userId: string;
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
export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'token-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * The user id of a valid `Bearer <token>` header, verified synchronously (the verifier caches tokens it has
 * checked until they expire), or undefined for a malformed header, a bad signature, an expired token or a
 * token without a subject. A callback hook with a synchronous check costs no promise per request, unlike
 * `request.jwtVerify()`, which also decodes the token before looking in the cache.
 */
export function bearerSubject(app: FastifyInstance, header: string): string | undefined {
  if (!/^Bearer\s/i.test(header)) return undefined;
  const parts = header.split(' ');
  const token = parts.length === 2 ? parts[1] : undefined;
  if (!token) return undefined;
  try {
    const payload = app.jwt.verify<{ sub?: unknown }>(token);
    return typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const secret = options.secret ?? loadOrCreateSecret(options.dataDir);
    await app.register(jwt, { secret, sign: { expiresIn: options.expiresIn, algorithm: 'HS256' }, verify: { algorithms: ['HS256'], cache: 1000 } });
    // Verified tokens are cached (until their expiry), so a busy client does not pay an HMAC per request.
    app.decorateRequest('userId', '');
    app.decorate('signToken', (userId: string) => app.jwt.sign({ sub: userId }));
    app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const header = request.headers.authorization;
      if (!header) return done(unauthorized(MESSAGES.unauthorized));
      const userId = bearerSubject(app, header);
      if (userId === undefined) return done(unauthorized(MESSAGES.invalidToken));
      request.userId = userId;
      done();
    });
  },
  { name: 'auth' },
);
