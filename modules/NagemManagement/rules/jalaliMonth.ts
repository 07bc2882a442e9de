/** Jalali months of ISO dates, for the per-month figures of sales (in Tehran). */
import { jalaliDate } from '../../../src/contract/jalali.ts';

/** `1404-07` for an ISO date or instant; null when it is not one. */
export function jalaliMonthOf(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+03:30` : value);
  if (Number.isNaN(at.getTime())) return null;
  const { year, month } = jalaliDate(at);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Whole days from one ISO date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today in Tehran, as an ISO date. */
export function tehranToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The ISO date `days` after another. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
