/** Password hashing with argon2id (OWASP parameters: 19 MiB memory, 2 iterations, 1 lane). */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password; returns the PHC string (algorithm, parameters, salt and hash). */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

/** True when the password matches the stored PHC hash; false for any mismatch or malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the email is unknown so timing does not reveal accounts. */
export const DUMMY_HASH_PROMISE: Promise<string> = hashPassword('loreforge-timing-equaliser');
