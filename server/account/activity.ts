/**
 * The account's own history: what happened (sign-up, login, refresh, logout, profile and password
 * changes) and when. The dashboard charts it per day; days are Tehran's calendar days, since that
 * is where the people using Pishkhan live.
 */
import { ACTIVITY_DAYS, type ActivityData } from '../../src/contract/profile.ts';
import type { Queryable } from '../db/Db.ts';

export type ActivityKind =
  'signup' | 'login' | 'login_mobile' | 'refresh' | 'logout' | 'profile_update' | 'mobile_verify' | 'password_change' | 'password_reset';

export const ACTIVITY_TIME_ZONE = 'Asia/Tehran';

export async function recordActivity(db: Queryable, userId: string, kind: ActivityKind, now: number): Promise<void> {
  await db.query('INSERT INTO user_activity (user_id, kind, at) VALUES ($1, $2, $3)', [userId, kind, new Date(now)]);
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ACTIVITY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last `ACTIVITY_DAYS` calendar days ending today (in Tehran), oldest first, as YYYY-MM-DD. */
export function lastDays(now: number): string[] {
  const today = dayFormat.format(new Date(now));
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return Array.from({ length: ACTIVITY_DAYS }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (ACTIVITY_DAYS - 1 - i))).toISOString().slice(0, 10),
  );
}

/** Events per day over the last 30 days, days without any included as 0. */
export async function activityByDay(db: Queryable, userId: string, now: number): Promise<ActivityData> {
  const days = lastDays(now);
  const rows = await db.query<{ date: string; count: number }>(
    `SELECT to_char((at AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS date, count(*)::int AS count
     FROM user_activity
     WHERE user_id = $1 AND at >= ($3::date::timestamp AT TIME ZONE $2) AND at <= $4
     GROUP BY 1`,
    [userId, ACTIVITY_TIME_ZONE, days[0], new Date(now)],
  );
  const counts = new Map(rows.map((r) => [r.date, r.count]));
  return { days: days.map((date) => ({ date, count: counts.get(date) ?? 0 })) };
}
