/**
 * Brute-force protection for every login path (password, mobile code, reset by mobile): failures
 * are counted per username, per mobile number and per client address in fixed windows kept in
 * the database, so every server process shares them. A key with a few failures is slowed by a
 * small, growing delay; a key at its limit is answered 429 (9403) with Retry-After until its
 * window ends.
 */
import type { FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import type { Clock } from '../app.ts';
import type { Queryable } from '../db/Db.ts';
import { AppError, tooManyRequests } from '../errors.ts';

export interface Limit {
  prefix: string;
  maxFailures: number;
  windowMs: number;
  /** Failures after which each further attempt waits a little. */
  slowAfter: number;
}

const MINUTE = 60_000;

export const loginLimits = {
  username: { prefix: 'user', maxFailures: 10, windowMs: 15 * MINUTE, slowAfter: 3 },
  mobile: { prefix: 'mobile', maxFailures: 10, windowMs: 15 * MINUTE, slowAfter: 3 },
  // An office behind one NAT shares an address, so the address allows more.
  address: { prefix: 'addr', maxFailures: 50, windowMs: 15 * MINUTE, slowAfter: 10 },
} as const satisfies Record<string, Limit>;

export const SLOW_STEP_MS = 200;
export const SLOW_MAX_MS = 2_000;

export interface ThrottleKey {
  key: string;
  limit: Limit;
}

export function throttleKey(limit: Limit, id: string): ThrottleKey {
  return { key: `${limit.prefix}:${id.trim().toLowerCase()}`, limit };
}

export interface ThrottleState {
  /** Milliseconds until the earliest moment every key accepts attempts again; 0 when none is blocked. */
  blockedForMs: number;
  /** How long this attempt should wait first. */
  delayMs: number;
}

export async function throttleState(db: Queryable, keys: readonly ThrottleKey[], now: number): Promise<ThrottleState> {
  const rows = await db.query<{ key: string; failures: number; window_ends_at: Date }>(
    'SELECT key, failures, window_ends_at FROM auth_throttle WHERE key = ANY($1::text[]) AND window_ends_at > $2',
    [keys.map((k) => k.key), new Date(now)],
  );
  let blockedForMs = 0;
  let delayMs = 0;
  for (const row of rows) {
    const { limit } = keys.find((k) => k.key === row.key)!;
    if (row.failures >= limit.maxFailures) {
      blockedForMs = Math.max(blockedForMs, row.window_ends_at.getTime() - now);
    } else if (row.failures >= limit.slowAfter) {
      delayMs = Math.max(delayMs, Math.min(SLOW_MAX_MS, SLOW_STEP_MS * (row.failures - limit.slowAfter + 1)));
    }
  }
  return { blockedForMs, delayMs };
}

/** Counts one failure on each key, opening a new window where the last one has ended. */
export async function recordFailure(db: Queryable, keys: readonly ThrottleKey[], now: number): Promise<void> {
  // Sorted, so two concurrent upserts lock the rows in the same order and cannot deadlock.
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
  await db.query(
    `INSERT INTO auth_throttle AS t (key, failures, window_ends_at, last_failure_at)
     SELECT u.key, 1, $2::timestamptz + u.window_ms * interval '1 millisecond', $2
     FROM unnest($1::text[], $3::integer[]) AS u(key, window_ms)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN t.window_ends_at <= $2 THEN 1 ELSE t.failures + 1 END,
       window_ends_at = CASE WHEN t.window_ends_at <= $2 THEN excluded.window_ends_at ELSE t.window_ends_at END,
       last_failure_at = $2`,
    [sorted.map((k) => k.key), new Date(now), sorted.map((k) => k.limit.windowMs)],
  );
}

export async function clearFailures(db: Queryable, keys: readonly ThrottleKey[]): Promise<void> {
  await db.query('DELETE FROM auth_throttle WHERE key = ANY($1::text[])', [keys.map((k) => k.key)]);
}

/** The answers that mean "a wrong guess" and so count against the guesser. */
const guessFailures: ReadonlySet<number> = new Set([
  Code.WrongCredentials,
  Code.UserNotFound,
  Code.CodeProblem,
  Code.CodeInvalid,
]);

export interface LoginAttempt {
  username?: string | undefined;
  mobile?: string | undefined;
}

/**
 * Runs one login attempt under the brute-force guard: refused with 429 while any of its keys is
 * at its limit, slowed while one is close, counted when it fails with a wrong guess, and on
 * success clears the username and mobile counters (never the address's, or one good account
 * would reset an attacker's address count).
 */
export async function guardLogin<T>(request: FastifyRequest, ids: LoginAttempt, attempt: () => Promise<T>): Promise<T> {
  const { db, clock } = request.server.deps;
  const personal: ThrottleKey[] = [];
  if (ids.username) personal.push(throttleKey(loginLimits.username, ids.username));
  if (ids.mobile) personal.push(throttleKey(loginLimits.mobile, ids.mobile));
  const keys = [...personal, throttleKey(loginLimits.address, request.ip)];

  const state = await throttleState(db, keys, clock.now());
  if (state.blockedForMs > 0) throw tooManyRequests(state.blockedForMs / 1000);
  if (state.delayMs > 0) await sleep(clock, state.delayMs);

  try {
    const result = await attempt();
    if (personal.length) await clearFailures(db, personal);
    return result;
  } catch (error) {
    if (error instanceof AppError && guessFailures.has(error.code)) await recordFailure(db, keys, clock.now());
    throw error;
  }
}

function sleep(clock: Clock, ms: number): Promise<void> {
  return clock.sleep ? clock.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms));
}
