/** The in/out report over any range, worked out on the server (hr-attendance.md, ReportIO). */
import type { DaySummary, PersonTotals } from './attendanceDay.ts';

export const reportEndpoint = { method: 'GET', path: '/api/HumanResource/ReportIO' } as const;

/** The longest range one request covers, in days (a quarter and a bit). */
export const REPORT_MAX_DAYS = 93;

/** Query: `from` and `to` (Tehran days, YYYY-MM-DD, both included); optional `placeId`, `ruleId`, `personnelId`. */
export interface ReportQuery {
  from: string;
  to: string;
  placeId?: string;
  ruleId?: string;
  personnelId?: string;
}

export interface ReportAnswer {
  days: string[];
  people: { personnelId: string; name: string; code: string; days: DaySummary[]; totals: PersonTotals }[];
}
