/**
 * Counters in fixed windows, kept in the database (`auth_throttle`) so every server process
 * shares them. An attempt reserves its slot on every key it counts against in ONE statement
 * before it runs, and learns from that same statement whether a key is over its limit: two
 * concurrent attempts can never both read "one slot left" (issue 14). What turns out not to be a
 * failure gives its slot back (`refund`), or wipes the count (`clear`) when a success should.
 */
import type { Queryable } from '../db/Db.ts';

export interface Limit {
  prefix: string;
  /** Attempts a window may keep; the next one is refused until the window ends. */
  maxFailures: number;
  windowMs: number;
  /** Kept attempts after which each further one waits a little. */
  slowAfter: number;
}

export interface ThrottleKey {
  key: string;
  limit: Limit;
}

export function throttleKey(limit: Limit, id: string): ThrottleKey {
  return { key: `${limit.prefix}:${id.trim().toLowerCase()}`, limit };
}

export const SLOW_STEP_MS = 200;
export const SLOW_MAX_MS = 2_000;

/** The slots one attempt holds: the window each was counted in, to give them back to that window. */
export interface Reservation {
  slots: { key: string; windowEndsAt: string }[];
  /** Milliseconds until every key over its limit accepts attempts again; 0 when none is over. */
  blockedForMs: number;
  /** How long this attempt should wait first. */
  delayMs: number;
}

/** Distinct keys in a fixed order, so concurrent upserts lock rows alike and cannot deadlock. */
function ordered(keys: readonly ThrottleKey[]): ThrottleKey[] {
  const byKey = new Map(keys.map((k) => [k.key, k]));
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
}

/**
 * Counts one attempt on each key (opening a new window where the last one has ended) and answers
 * what the counts say. A blocked attempt has already given its slots back.
 */
export async function reserve(db: Queryable, keys: readonly ThrottleKey[], now: number): Promise<Reservation> {
  const sorted = ordered(keys);
  const rows = await db.query<{ key: string; failures: number; window_ends_at: Date }>(
    `INSERT INTO auth_throttle AS t (key, failures, window_ends_at, last_failure_at)
     SELECT u.key, 1, $2::timestamptz + u.window_ms * interval '1 millisecond', $2
     FROM unnest($1::text[], $3::integer[]) AS u(key, window_ms)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN t.window_ends_at <= $2 THEN 1 ELSE t.failures + 1 END,
       window_ends_at = CASE WHEN t.window_ends_at <= $2 THEN excluded.window_ends_at ELSE t.window_ends_at END,
       last_failure_at = $2
     RETURNING key, failures, window_ends_at`,
    [sorted.map((k) => k.key), new Date(now), sorted.map((k) => k.limit.windowMs)],
  );
  let blockedForMs = 0;
  let delayMs = 0;
  for (const row of rows) {
    const { limit } = sorted.find((k) => k.key === row.key)!;
    const earlier = row.failures - 1;
    if (row.failures > limit.maxFailures) blockedForMs = Math.max(blockedForMs, row.window_ends_at.getTime() - now);
    else if (earlier >= limit.slowAfter) delayMs = Math.max(delayMs, Math.min(SLOW_MAX_MS, SLOW_STEP_MS * (earlier - limit.slowAfter + 1)));
  }
  const reservation = { slots: rows.map((r) => ({ key: r.key, windowEndsAt: r.window_ends_at.toISOString() })), blockedForMs, delayMs };
  if (blockedForMs > 0) await refund(db, reservation);
  return reservation;
}

/** Gives back the slots of an attempt that was not a failure (only to the windows they were taken in). */
export async function refund(db: Queryable, reservation: Pick<Reservation, 'slots'>, only?: readonly ThrottleKey[]): Promise<void> {
  const keep = only && new Set(only.map((k) => k.key));
  const slots = reservation.slots.filter((s) => !keep || keep.has(s.key));
  if (!slots.length) return;
  await db.query(
    `UPDATE auth_throttle AS t SET failures = t.failures - 1
     FROM unnest($1::text[], $2::timestamptz[]) AS u(key, window_ends_at)
     WHERE t.key = u.key AND t.window_ends_at = u.window_ends_at AND t.failures > 0`,
    [slots.map((s) => s.key), slots.map((s) => s.windowEndsAt)],
  );
}

/** Forgets the counts of these keys (a success ends a run of failures). */
export async function clear(db: Queryable, keys: readonly ThrottleKey[]): Promise<void> {
  if (!keys.length) return;
  await db.query('DELETE FROM auth_throttle WHERE key = ANY($1::text[])', [keys.map((k) => k.key)]);
}
