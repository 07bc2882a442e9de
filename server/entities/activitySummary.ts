/**
 * The dashboard's activity chart and feed: writes per day over the last 30 days and the newest
 * audit-log rows. Days are Tehran days (UTC+03:30; Iran has kept no daylight saving since 2023),
 * counted from the server's clock.
 */
import { Activity } from '../../src/contract/entities/panelManagement.ts';
import { ACTIVITY_DAYS, type ActivitySummary } from '../../src/contract/panels.ts';
import type { Queryable } from '../db/Db.ts';
import { rowFromDb, selectList } from './rowCodec.ts';
import { rowForCaller } from './rowScope.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';

const TEHRAN_OFFSET_MS = 210 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Tehran calendar day of an instant, 'YYYY-MM-DD'. */
export function tehranDay(ms: number): string {
  return new Date(ms + TEHRAN_OFFSET_MS).toISOString().slice(0, 10);
}

export async function activitySummary(
  q: Queryable,
  reader: Pick<PanelAccess, 'id' | 'permissions' | 'memberId'>,
  now: number,
  recent: number,
): Promise<ActivitySummary> {
  const panelId = reader.id;
  const dates = Array.from({ length: ACTIVITY_DAYS }, (_, i) => tehranDay(now - (ACTIVITY_DAYS - 1 - i) * DAY_MS));
  const since = new Date(Date.parse(`${dates[0]}T00:00:00Z`) - TEHRAN_OFFSET_MS);
  const counts = await q.query<{ date: string; count: number }>(
    `SELECT to_char(((at AT TIME ZONE 'UTC') + interval '210 minutes')::date, 'YYYY-MM-DD') AS date, count(*)::int AS count
     FROM ${Activity.table} WHERE panel_id = $1 AND NOT deleted AND at >= $2 GROUP BY 1`,
    [panelId, since],
  );
  const byDate = new Map(counts.map((c) => [c.date, c.count]));
  const rows = await q.query(
    `SELECT ${selectList(Activity)} FROM ${Activity.table} WHERE panel_id = $1 AND NOT deleted ORDER BY at DESC, id DESC LIMIT $2`,
    [panelId, recent],
  );
  // Each entry passes the reader's rules: fields kept on the server are dropped, and a title they may not read is blanked.
  const entries = rows.map((r) => rowFromDb(Activity, r)).map((row) => rowForCaller(Activity, reader, row)!);
  return { days: dates.map((date) => ({ date, count: byDate.get(date) ?? 0 })), recent: entries };
}
