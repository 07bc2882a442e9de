/**
 * Passwords as OWASP ASVS 5.0 §6.2 and §11.4 ask: length rules only (8–128 characters), no
 * composition rules, the whole password checked against a common-password list, and argon2id
 * with OWASP's minimum parameters. The PHC string keeps the parameters beside the hash, so they
 * can be raised later and old hashes rehashed at the next login.
 */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../src/contract/profile.ts';

const hashOptions = {
  type: argon2.argon2id,
  memoryCost: 19_456, // KiB, 19 MiB
  timeCost: 2,
  parallelism: 1,
} as const;

const commonPasswords: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export type PasswordProblem = 'tooShort' | 'tooLong' | 'common';

/** Why a new password is refused, or null when it is acceptable. Length counts characters, not bytes. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'tooShort';
  if (length > PASSWORD_MAX) return 'tooLong';
  if (commonPasswords.has(password.toLowerCase())) return 'common';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, hashOptions);
}

/** Made at start, so even the first unknown user costs exactly one verification. */
const dummyHash: Promise<string> = hashPassword(randomBytes(16).toString('base64url'));

/**
 * Whether `password` matches `hash`. With no hash (an unknown user) it still runs one argon2
 * verification, against a throw-away hash, so the answer takes as long as for a real account.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

/** Whether a stored hash was made with weaker parameters than today's. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, hashOptions);
}
