/** Jalali months as the journal keys them ("1404-08"), and the days they span, on either side. */
import { jalaliDate } from '../../../src/contract/jalali.ts';

const DAY_MS = 86_400_000;

/** The Jalali month of a day (YYYY-MM-DD, Tehran), as "YYYY-MM". */
export function monthOf(day: string): string {
  const { year, month } = jalaliDate(new Date(`${day}T12:00:00Z`));
  return `${year}-${String(month).padStart(2, '0')}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first and last day of the Jalali month `month` ("YYYY-MM"). */
export function monthDays(month: string): { from: string; to: string } {
  // A Jalali month starts between the 19th and the 23rd of a Gregorian one: walk from an estimate.
  const [year, m] = month.split('-').map(Number) as [number, number];
  let day = new Date(Date.UTC(year + 621, 2, 21 + (m - 1) * 30.44)).toISOString().slice(0, 10);
  while (monthOf(day) >= month) day = addDays(day, -7);
  while (monthOf(day) < month) day = addDays(day, 1);
  let last = day;
  while (monthOf(addDays(last, 1)) === month) last = addDays(last, 1);
  return { from: day, to: last };
}

/** The months from `from` to `to` (both "YYYY-MM"), in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 240; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > to) break;
    out.push(key);
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return out;
}

/** The Tehran day of an instant. */
export function tehranDay(at: number): string {
  return new Date(at + 3.5 * 3_600_000).toISOString().slice(0, 10);
}
