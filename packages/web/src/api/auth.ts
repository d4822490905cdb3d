/** Auth and invite calls (SPEC §7 Auth). Session storage is the auth context's job, not this module's. */
import type { InviteRequestInput, LoginInput, RegisterInput, User } from '@loreforge/contract';
import { api } from './client';

/** What login and register answer; either part may be missing from a faulty server (SPEC §8). */
export interface AuthReply {
  token?: string;
  user?: User;
}

/** POST /auth/login with email and password. @throws ApiError (401 'Invalid email or password.'). */
export function loginRequest(input: LoginInput): Promise<AuthReply> {
  return api.post<AuthReply>('/auth/login', input, { isPublic: true });
}

/** POST /auth/register with username, email, password and inviteCode. @throws ApiError (400 with fields, 409). */
export function registerRequest(input: RegisterInput): Promise<AuthReply> {
  return api.post<AuthReply>('/auth/register', input, { isPublic: true });
}

/** POST /invites/request with name and email; resolves to the server's `{ message }` (202). */
export function requestInvite(input: InviteRequestInput): Promise<{ message?: string }> {
  return api.post<{ message?: string }>('/invites/request', input, { isPublic: true });
}
