/**
 * Auth routes (SPEC §7 Auth): POST /auth/register, POST /auth/login, GET /auth/me, and POST /auth/logout-all
 * (sign out everywhere, issue 20).
 * Register needs a single-use invite code, checked before anything else so that without one nobody learns
 * which emails or usernames exist; both answer `{ token, user }`. Rate-limited per client address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FORM_BODY_LIMIT } from '../../lib/body-limits.js';
import {
  AuthResponseSchema,
  ErrorResponseSchema,
  LoginSchema,
  MESSAGES,
  MessageResponseSchema,
  RegisterSchema,
  UserSchema,
} from '@loreforge/contract';
import { AppError, conflict, invalidField, unauthorized } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { consumeInviteCode, isInviteCodeUsable } from '../invites/invite.repository.js';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './password.js';
import { presentUser } from './user.presenter.js';
import { findUserByEmail, findUserById, insertUser, isUsernameTaken, raiseTokenVersion } from './user.repository.js';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema };

/** Public auth routes; GET /auth/me authenticates itself. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    {
      config: { rateLimit: app.authRateLimit },
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'Create an account with an invite code',
        body: RegisterSchema,
        response: { 201: AuthResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { username, email, password, inviteCode } = request.body;
      // The invite first: without a valid code nobody learns whether an email or a username is registered.
      if (!(await isInviteCodeUsable(app.db, inviteCode))) throw invalidField('inviteCode', MESSAGES.invalidInviteCode);
      if (await findUserByEmail(app.db, email)) throw conflict(MESSAGES.emailTaken);
      if (await isUsernameTaken(app.db, username)) throw conflict(MESSAGES.usernameTaken);
      const passwordHash = await hashPassword(password);
      const now = nowIso();
      const user = { id: newId(), username, email, password_hash: passwordHash, created_at: now, updated_at: now };
      try {
        await app.db.transaction().execute(async (trx) => {
          await insertUser(trx, user);
          if (!(await consumeInviteCode(trx, inviteCode, user.id))) {
            throw invalidField('inviteCode', MESSAGES.invalidInviteCode);
          }
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        // A concurrent registration won the unique email or username.
        if (await findUserByEmail(app.db, email)) throw conflict(MESSAGES.emailTaken);
        if (await isUsernameTaken(app.db, username)) throw conflict(MESSAGES.usernameTaken);
        throw error;
      }
      return reply.status(201).send({ token: app.signToken(user.id), user: presentUser(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit: app.authRateLimit },
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginSchema,
        response: { 200: AuthResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await findUserByEmail(app.db, email);
      // Verify against a dummy hash for unknown emails so response time does not reveal which emails exist.
      const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH_PROMISE), password);
      if (!user || !ok) throw unauthorized(MESSAGES.invalidCredentials);
      return { token: app.signToken(user.id, Number(user.token_version)), user: presentUser(user) };
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere',
        description:
          'Ends every session of the signed-in user, this one included: every token signed before answers 401 ' +
          'from the next request on, on every instance. Sign in again for a new token.',
        security: [{ bearerAuth: [] }],
        response: { 200: MessageResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      if ((await raiseTokenVersion(app.db, request.userId)) === undefined) throw unauthorized(MESSAGES.invalidToken);
      return { message: MESSAGES.signedOutEverywhere };
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: UserSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.userId);
      // A well-signed token for an account this database does not hold (the data was reset, or another database
      // shares TOKEN_SECRET) is a session that no longer holds: 401, so the client signs in again (SPEC §4).
      if (!user) throw unauthorized(MESSAGES.invalidToken);
      return presentUser(user);
    },
  );
};
