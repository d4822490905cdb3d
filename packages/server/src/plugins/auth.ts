/**
 * Bearer-token authentication with signed JWTs (@fastify/jwt): `app.signToken(userId)` and the
 * `app.authenticate` onRequest hook that sets `request.userId` or answers 401 (SPEC §6, §7 Auth).
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
    /** onRequest hook: requires a valid bearer token. @throws AppError 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const secret = options.secret ?? loadOrCreateSecret(options.dataDir);
    await app.register(jwt, { secret, sign: { expiresIn: options.expiresIn, algorithm: 'HS256' }, verify: { algorithms: ['HS256'], cache: 1000 } });
    // Verified tokens are cached (until their expiry), so a busy client does not pay an HMAC per request.
    app.decorateRequest('userId', '');
    app.decorate('signToken', (userId: string) => app.jwt.sign({ sub: userId }));
    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized(MESSAGES.unauthorized);
      try {
        const payload = await request.jwtVerify<{ sub: string }>();
        if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('no subject');
        request.userId = payload.sub;
      } catch {
        throw unauthorized(MESSAGES.invalidToken);
      }
    });
  },
  { name: 'auth' },
);
