/** Agent performance over any period, worked out on the server (server/performanceRoute.ts) by the device's rule (salesFigures.ts). */
import { gregorianOfJalali } from '../../../src/contract/jalali.ts';

export const performanceEndpoint = { method: 'GET', path: '/api/NagemManagement/AgentPerformance' } as const;

/** The longest period one request covers, in days: ten years and their leap days. */
export const PERFORMANCE_MAX_DAYS = 3660;

/** Query: `from` and `to`, the days of closing (YYYY-MM-DD, both included). */
export interface PerformanceQuery {
  from: string;
  to: string;
}

/** The first and last day of a Jalali year. */
export function jalaliYearDays(year: number): { from: string; to: string } {
  const next = gregorianOfJalali(year + 1, 1, 1)!;
  const last = new Date(Date.parse(`${next}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { from: gregorianOfJalali(year, 1, 1)!, to: last };
}
