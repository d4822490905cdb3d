/**
 * The token check of a request (issue 20, plugins/auth.ts): a bearer token holds while its version is the user's
 * current `token_version`. Signing out everywhere raises the version, and a deleted account has none, so from the
 * next request on every older token answers 401. Routes whose first statement reads the version themselves
 * (`config.checksTokenVersion`) take the token's version from the request and check it here.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@loreforge/contract';
import { unauthorized } from '../errors/app-error.js';

/**
 * Whether a token signed at `tokenVersion` still holds.
 * @param current the user's `token_version` as the database returned it (a number, or text from a driver that
 * reads integers as text); null or undefined when the account is gone.
 */
export function tokenVersionHolds(current: number | string | bigint | null | undefined, tokenVersion: number): boolean {
  return current !== null && current !== undefined && Number(current) === tokenVersion;
}

/**
 * Checks a token's version against the user's current one, when there is one to check.
 * @param tokenVersion the token's version left to the route by authentication, or undefined when already checked.
 * @param current the user's current version (see tokenVersionHolds).
 * @throws AppError 401 MESSAGES.invalidToken when the token no longer holds.
 */
export function assertTokenVersion(tokenVersion: number | undefined, current: number | string | bigint | null | undefined): void {
  if (tokenVersion !== undefined && !tokenVersionHolds(current, tokenVersion)) throw unauthorized(MESSAGES.invalidToken);
}

/**
 * Takes the token's version that authentication left for this route to check (`request.pendingTokenVersion`),
 * so it is checked once.
 * @returns the version, or undefined on a route that does not check it itself or once taken.
 */
export function takePendingTokenVersion(request: FastifyRequest): number | undefined {
  const tokenVersion = request.pendingTokenVersion;
  request.pendingTokenVersion = undefined;
  return tokenVersion;
}
