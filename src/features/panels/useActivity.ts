/**
 * The panel's activity from the audit-log rows synced to this device, so the dashboard works
 * offline: writes per day over the last 30 days (days in Tehran) and the newest entries, both read
 * through the log's `at` index.
 */
import { useMemo, useState } from 'react';
import { ACTIVITY_DAYS } from '../../contract/panels.ts';
import { Activity } from '../../contract/entities/panelManagement.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { useByIndex } from '../../storage/useData.ts';
import type { DayCount } from '../../ui/DailyBarChart.tsx';

const DAY_MS = 86_400_000;
const tehranDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' });

export function dayInTehran(instant: string | number | Date): string {
  return tehranDay.format(new Date(instant));
}

/** The last `ACTIVITY_DAYS` days ending today, oldest first, with zero days included. */
export function countByDay(rows: readonly Record<string, unknown>[], now: number): DayCount[] {
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, i) => dayInTehran(now - (ACTIVITY_DAYS - 1 - i) * DAY_MS));
  const counts = new Map(days.map((d) => [d, 0]));
  for (const row of rows) {
    if (typeof row.at !== 'string') continue;
    const day = dayInTehran(row.at);
    if (counts.has(day)) counts.set(day, counts.get(day)! + 1);
  }
  return days.map((date) => ({ date, count: counts.get(date)! }));
}

export interface PanelActivity {
  days: DayCount[];
  recent: LocalRow[];
}

export function usePanelActivity(recentCount = 8): PanelActivity | undefined {
  // The moment the dashboard opened; a day's margin past the window, as days are cut in Tehran's time.
  const [now] = useState(() => Date.now());
  const since = new Date(now - (ACTIVITY_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
  const window = useByIndex(Activity, 'at', { above: since });
  const recent = useByIndex(Activity, 'at', { limit: recentCount });
  return useMemo(() => (window && recent ? { days: countByDay(window, now), recent } : undefined), [window, recent, now]);
}
