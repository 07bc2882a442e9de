/** Jalali months as the reports name them ("آبان ۱۴۰۵", "Aban 1405 AP"), and the fiscal years the books hold. */
import { activeLocale } from '@/i18n/locale.ts';
import type { LocalRow } from '@/moduleKit.ts';
import { monthDays, monthOf, tehranDay } from '../rules/month.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "آبان ۱۴۰۵" / "Aban 1405 AP"; with `short`, the month's name alone (a chart's axis). */
export function monthLabel(month: string, locale = activeLocale(), short = false): string {
  const key = `${locale}:${short}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'fa' ? 'fa-IR-u-ca-persian-nu-arabext' : 'en-u-ca-persian', {
      ...(short ? {} : { year: 'numeric' }),
      month: 'long',
      timeZone: 'Asia/Tehran',
    });
    formats.set(key, format);
  }
  return format.format(new Date(`${monthDays(month).from}T12:00:00Z`));
}

export const thisMonth = () => monthOf(tehranDay(Date.now()));
export const yearOf = (month: string) => Number(month.slice(0, 4));

/** The fiscal years (Jalali) the balances reach, this year among them, latest first. */
export function yearsOf(balances: readonly LocalRow[]): number[] {
  const years = new Set([yearOf(thisMonth())]);
  for (const b of balances) if (typeof b.month === 'string') years.add(yearOf(b.month));
  return [...years].sort((a, b) => b - a);
}

export const yearMonths = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
