/**
 * The calendar arithmetic behind DateField: ISO dates (YYYY-MM-DD, how dates travel) to and from
 * Jalali or Gregorian year/month/day, what a person may type, and the picker's year list. Dates
 * are local-midnight `Date`s only inside the picker; everything else is an ISO string.
 */
import { getDate, getMonth, getYear, newDate } from 'date-fns-jalali';
import { toAsciiDigits, toPersianDigits } from '../contract/normalize.ts';

export type CalendarKind = 'jalali' | 'gregorian';

/** With no min or max, the year list starts here and spans YEAR_SPAN years (spec section 9). */
export const FIRST_YEAR: Record<CalendarKind, number> = { jalali: 1300, gregorian: 1921 };
export const YEAR_SPAN = 150;

/** Typed years below this are Jalali (1300s, 1400s); from it on, Gregorian (1900s, 2000s). */
const GREGORIAN_FROM_YEAR = 1700;

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** A real calendar date as `Date` at local midnight, or null. */
export function dateFromIso(iso: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d);
  date.setFullYear(y);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

export function isoFromDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The year, month (1–12) and day of a local date in the given calendar. */
export function partsOf(date: Date, calendar: CalendarKind): DateParts {
  return calendar === 'jalali'
    ? { year: getYear(date), month: getMonth(date) + 1, day: getDate(date) }
    : { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** The local date of a year/month/day in the given calendar, or null when no such day exists. */
export function dateFromParts({ year, month, day }: DateParts, calendar: CalendarKind): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = calendar === 'jalali' ? newDate(year, month - 1, day) : new Date(year, month - 1, day);
  if (calendar === 'gregorian') date.setFullYear(year);
  const back = partsOf(date, calendar);
  return back.year === year && back.month === month && back.day === day ? date : null;
}

/** The calendar a typed year belongs to. */
export function calendarOfYear(year: number): CalendarKind {
  return year < GREGORIAN_FROM_YEAR ? 'jalali' : 'gregorian';
}

/**
 * What a person typed, as an ISO date, or null. Year first (1370/6/31, 1991-09-22, 13700631) or
 * year last (31/6/1370); Persian or Arabic digits; `/`, `-`, `.` or spaces between. The year says
 * which calendar it is.
 */
export function parseTypedDate(text: string): string | null {
  const plain = toAsciiDigits(text)
    .trim()
    .replace(/[\u200e\u200f]/g, '');
  let parts: DateParts | null = null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(plain);
  const yearFirst = /^(\d{4})\s*[/\-.\s]\s*(\d{1,2})\s*[/\-.\s]\s*(\d{1,2})$/.exec(plain);
  const yearLast = /^(\d{1,2})\s*[/\-.\s]\s*(\d{1,2})\s*[/\-.\s]\s*(\d{4})$/.exec(plain);
  const found = compact ?? yearFirst;
  if (found) parts = { year: Number(found[1]), month: Number(found[2]), day: Number(found[3]) };
  else if (yearLast) parts = { year: Number(yearLast[3]), month: Number(yearLast[2]), day: Number(yearLast[1]) };
  if (!parts) return null;
  const date = dateFromParts(parts, calendarOfYear(parts.year));
  return date ? isoFromDate(date) : null;
}

/** An ISO date as the input shows it: 1370/06/31 (Jalali) or 1991-09-22 (Gregorian), in the locale's digits. */
export function formatForInput(iso: string | null, calendar: CalendarKind, persianDigits: boolean): string {
  const date = dateFromIso(iso);
  if (!date) return '';
  const { year, month, day } = partsOf(date, calendar);
  const text = calendar === 'jalali' ? `${pad(year, 4)}/${pad(month)}/${pad(day)}` : `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return persianDigits ? toPersianDigits(text) : text;
}

/** The first and last year of the picker's year list, in the calendar's own years. */
export function yearRange(calendar: CalendarKind, min?: string | null, max?: string | null): { first: number; last: number } {
  const minDate = dateFromIso(min);
  const maxDate = dateFromIso(max);
  const first = minDate ? partsOf(minDate, calendar).year : FIRST_YEAR[calendar];
  const last = maxDate ? partsOf(maxDate, calendar).year : minDate ? first + YEAR_SPAN - 1 : FIRST_YEAR[calendar] + YEAR_SPAN - 1;
  return { first, last: Math.max(first, last) };
}

/** The first and last month the picker can show (local dates), from the year range and min/max. */
export function monthRange(calendar: CalendarKind, min?: string | null, max?: string | null): { start: Date; end: Date } {
  const { first, last } = yearRange(calendar, min, max);
  const start = dateFromIso(min) ?? (dateFromParts({ year: first, month: 1, day: 1 }, calendar) as Date);
  const end = dateFromIso(max) ?? (dateFromParts({ year: last, month: 12, day: 1 }, calendar) as Date);
  return { start, end };
}
