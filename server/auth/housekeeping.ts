/**
 * Deletes what no rule needs any more, so the account tables do not grow without end: sessions
 * (and with them their refresh tokens) a day after they ended, codes a day after they expired,
 * SMS sends once outside the resend window, counters whose window has closed, addresses no longer
 * known to an account, and activity older than a year. Run at start and then hourly by main.ts; safe to run from every process.
 */
import type { Queryable } from '../db/Db.ts';
import { SEND_WINDOW_MS } from './codes.ts';
import { KNOWN_ADDRESS_MS } from './rateLimit.ts';

const DAY = 24 * 60 * 60 * 1000;
export const ENDED_SESSION_KEPT_MS = DAY;
export const ACTIVITY_KEPT_MS = 366 * DAY;
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

export async function purgeExpired(db: Queryable, now: number): Promise<void> {
  const dayAgo = new Date(now - ENDED_SESSION_KEPT_MS);
  await db.query('DELETE FROM sessions WHERE expires_at < $1 OR revoked_at < $1', [dayAgo]);
  await db.query('DELETE FROM verification_codes WHERE expires_at < $1', [dayAgo]);
  await db.query('DELETE FROM sms_sends WHERE sent_at < $1', [new Date(now - SEND_WINDOW_MS)]);
  await db.query('DELETE FROM auth_throttle WHERE window_ends_at < $1', [new Date(now)]);
  await db.query('DELETE FROM auth_known_addresses WHERE last_success_at < $1', [new Date(now - KNOWN_ADDRESS_MS)]);
  await db.query('DELETE FROM user_activity WHERE at < $1', [new Date(now - ACTIVITY_KEPT_MS)]);
}
