/**
 * Brute-force protection for every login path (password, mobile code, reset by mobile) and for
 * sign-up. A login attempt reserves a slot, before it runs, on its account at the client's
 * address (the lockout a guesser meets first), on its account from anywhere (a higher ceiling for
 * guessers spread over many addresses: NIST SP 800-63B allows at most 100 failures), the same two
 * for a mobile number, and on the address. A key close to its limit slows the attempt a little; a
 * key past it is answered 429 (9403) with Retry-After until its window ends. Only wrong guesses
 * keep their slots.
 *
 * The ceilings from anywhere are not counted against, nor checked for, an attempt from an address
 * where the account (or number) has signed in during the last 90 days: failures from elsewhere
 * close the account to elsewhere, never to its owner at a known address (issue 23). A guesser
 * there still meets the per-address limits. A number's SMS-code login names no username, so it
 * stays open when only the username's ceiling is closed.
 */
import type { FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/Db.ts';
import { AppError, tooManyRequests } from '../errors.ts';
import { clear, refund, reserve, throttleKey, type Limit, type ThrottleKey } from './throttle.ts';

const MINUTE = 60_000;

// The ceilings from anywhere never slow an attempt: else anyone could slow the owner's own logins.
export const loginLimits = {
  accountAtAddress: { prefix: 'user-at', maxFailures: 10, windowMs: 15 * MINUTE, slowAfter: 3 },
  account: { prefix: 'user', maxFailures: 100, windowMs: 60 * MINUTE, slowAfter: Number.POSITIVE_INFINITY },
  mobileAtAddress: { prefix: 'mobile-at', maxFailures: 10, windowMs: 15 * MINUTE, slowAfter: 3 },
  mobile: { prefix: 'mobile', maxFailures: 100, windowMs: 60 * MINUTE, slowAfter: Number.POSITIVE_INFINITY },
  // An office behind one NAT shares an address, so the address allows more.
  address: { prefix: 'addr', maxFailures: 50, windowMs: 15 * MINUTE, slowAfter: 10 },
} as const satisfies Record<string, Limit>;

/** Every sign-up from an address counts (each costs an argon2 hash); an office may sign up a team. */
export const signUpLimit: Limit = { prefix: 'signup', maxFailures: 20, windowMs: 60 * MINUTE, slowAfter: Number.POSITIVE_INFINITY };

/** The answers that mean "a wrong guess" and so count against the guesser. */
const guessFailures: ReadonlySet<number> = new Set([Code.WrongCredentials, Code.UserNotFound, Code.CodeProblem, Code.CodeInvalid]);

export interface LoginAttempt {
  username?: string | undefined;
  mobile?: string | undefined;
}

const DAY = 24 * 60 * MINUTE;
/** How long a successful sign-in makes its address known to the account. */
export const KNOWN_ADDRESS_MS = 90 * DAY;

/** The attempt's ceilings from anywhere ('user:…', 'mobile:…'), which also name it in auth_known_addresses. */
function anywhereKeys(ids: LoginAttempt): ThrottleKey[] {
  const keys: ThrottleKey[] = [];
  if (ids.username) keys.push(throttleKey(loginLimits.account, ids.username));
  if (ids.mobile) keys.push(throttleKey(loginLimits.mobile, ids.mobile));
  return keys;
}

function atAddressKeys(ids: LoginAttempt, address: string): ThrottleKey[] {
  const keys: ThrottleKey[] = [];
  if (ids.username) keys.push(throttleKey(loginLimits.accountAtAddress, `${ids.username.trim()}@${address}`));
  if (ids.mobile) keys.push(throttleKey(loginLimits.mobileAtAddress, `${ids.mobile}@${address}`));
  return keys;
}

/** The ceilings from anywhere that apply here: those of identities never signed in from `address` lately. */
async function ceilingsFromElsewhere(db: Queryable, keys: readonly ThrottleKey[], address: string, now: number): Promise<ThrottleKey[]> {
  if (!keys.length) return [];
  const known = await db.query<{ identity: string }>(
    'SELECT identity FROM auth_known_addresses WHERE identity = ANY($1::text[]) AND address = $2 AND last_success_at > $3',
    [keys.map((k) => k.key), address, new Date(now - KNOWN_ADDRESS_MS)],
  );
  const knownHere = new Set(known.map((r) => r.identity));
  return keys.filter((k) => !knownHere.has(k.key));
}

async function rememberAddress(db: Queryable, keys: readonly ThrottleKey[], address: string, now: number): Promise<void> {
  if (!keys.length) return;
  await db.query(
    `INSERT INTO auth_known_addresses (identity, address, last_success_at)
     SELECT identity, $2, $3 FROM unnest($1::text[]) AS identity
     ON CONFLICT (identity, address) DO UPDATE SET last_success_at = excluded.last_success_at`,
    [keys.map((k) => k.key), address, new Date(now)],
  );
}

/**
 * Runs one login attempt under the brute-force guard: its slots are reserved first (429 when a
 * key is past its limit), it is slowed while a key is close, and afterwards a wrong guess keeps
 * its slots; a success clears the account's and number's counts and gives the address its slot
 * back (never clears it, or one good account would reset an attacker's address count); any other
 * outcome gives every slot back.
 */
export async function guardLogin<T>(request: FastifyRequest, ids: LoginAttempt, attempt: () => Promise<T>): Promise<T> {
  const { db, clock } = request.server.deps;
  const anywhere = anywhereKeys(ids);
  const counted = [...atAddressKeys(ids, request.ip), ...(await ceilingsFromElsewhere(db, anywhere, request.ip, clock.now()))];
  const address = throttleKey(loginLimits.address, request.ip);
  const reservation = await reserve(db, [...counted, address], clock.now());
  if (reservation.blockedForMs > 0) throw tooManyRequests(reservation.blockedForMs / 1000);
  if (reservation.delayMs > 0) await sleep(clock, reservation.delayMs);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!(error instanceof AppError && guessFailures.has(error.code))) await refund(db, reservation);
    throw error;
  }
  await clear(db, [...atAddressKeys(ids, request.ip), ...anywhere]);
  await refund(db, reservation, [address]);
  await rememberAddress(db, anywhere, request.ip, clock.now());
  return result;
}

/** Runs a sign-up if the client's address has sign-ups left this hour; else 429 with Retry-After. */
export async function guardSignUp<T>(request: FastifyRequest, attempt: () => Promise<T>): Promise<T> {
  const { db, clock } = request.server.deps;
  const reservation = await reserve(db, [throttleKey(signUpLimit, request.ip)], clock.now());
  if (reservation.blockedForMs > 0) throw tooManyRequests(reservation.blockedForMs / 1000);
  return attempt();
}

function sleep(clock: Clock, ms: number): Promise<void> {
  return clock.sleep ? clock.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms));
}
