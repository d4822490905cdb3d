/** Auth and invite calls (SPEC §7 Auth). Session storage is the auth context's job, not this module's. */
import type { InviteRequestInput, LoginInput, RegisterInput, User } from '@loreforge/contract';
import { api } from './client';

/** What login and register answer; either part, or the whole body, may be missing from a faulty server (SPEC §8). */
export interface AuthReply {
  token?: string;
  user?: User;
}

/** POST /auth/login with email and password. @throws ApiError (401 'Invalid email or password.'). */
export function loginRequest(input: LoginInput): Promise<AuthReply | undefined> {
  return api.post<AuthReply | undefined>('/auth/login', input, { isPublic: true });
}

/** POST /auth/register with username, email, password and inviteCode. @throws ApiError (400 with fields, 409). */
export function registerRequest(input: RegisterInput): Promise<AuthReply | undefined> {
  return api.post<AuthReply | undefined>('/auth/register', input, { isPublic: true });
}

/** POST /invites/request with name and email; resolves to the server's `{ message }` (202), or undefined when the answer is empty. */
export function requestInvite(input: InviteRequestInput): Promise<{ message?: string } | undefined> {
  return api.post<{ message?: string } | undefined>('/invites/request', input, { isPublic: true });
}
