/** Factories for accounts: each call makes a new user through the real register route. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { User } from '@loreforge/contract';
import { createInviteCode } from '../../src/modules/invites/invite.repository.js';

export interface TestUser {
  user: User;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/** Registers a fresh user with a fresh invite code. Password is 'secret123'. */
export async function createUser(app: FastifyInstance, overrides: { username?: string; email?: string } = {}): Promise<TestUser> {
  const tag = crypto.randomBytes(5).toString('hex');
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username: overrides.username ?? `user_${tag}`,
      email: overrides.email ?? `user_${tag}@example.test`,
      password: 'secret123',
      inviteCode: await createInviteCode(app.db),
    },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string; user: User }>();
  return { user: body.user, token: body.token, headers: { authorization: `Bearer ${body.token}` } };
}
