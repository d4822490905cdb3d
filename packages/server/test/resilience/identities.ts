/**
 * Who calls: the owner, another signed-in user, and every kind of bad token (none, malformed, tampered,
 * expired, signed with the wrong secret). Tokens are built with node:crypto, independently of the app's
 * signer, so a test cannot inherit a bug from the code under test.
 */
import crypto from 'node:crypto';
import type { TestUser } from '../factories/user.js';

/** One caller: a name for reports and the headers it sends. */
export interface Identity {
  name: 'owner' | 'other user' | 'no token' | 'malformed token' | 'tampered token' | 'expired token' | 'wrong-secret token';
  headers: Record<string, string>;
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/**
 * Signs an HS256 JWT.
 * @param payload claims (`sub`, `iat`, `exp` in seconds); @param secret the HMAC key.
 * @returns the compact token.
 */
export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${head}.${crypto.createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/**
 * Every identity of the isolation suite.
 * @param owner the world's owner; @param other another registered user; @param secret the app's token secret.
 */
export function buildIdentities(owner: TestUser, other: TestUser, secret: string): Identity[] {
  const now = Math.floor(Date.now() / 1000);
  const ownerSub = owner.user.userId;
  const [head, , signature] = owner.token.split('.');
  // The other user's token with the owner's id swapped in: a valid-looking token whose signature no longer matches.
  const [otherHead, otherPayload, otherSignature] = other.token.split('.');
  const claims = JSON.parse(Buffer.from(otherPayload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  const tampered = `${otherHead}.${base64url(JSON.stringify({ ...claims, sub: ownerSub }))}.${otherSignature}`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return [
    { name: 'owner', headers: owner.headers },
    { name: 'other user', headers: other.headers },
    { name: 'no token', headers: {} },
    { name: 'malformed token', headers: bearer(`${head}.not-json.${signature}`) },
    { name: 'tampered token', headers: bearer(tampered) },
    { name: 'expired token', headers: bearer(signHs256({ sub: ownerSub, iat: now - 7200, exp: now - 3600 }, secret)) },
    { name: 'wrong-secret token', headers: bearer(signHs256({ sub: ownerSub, iat: now, exp: now + 3600 }, `${secret}-not`)) },
  ];
}
