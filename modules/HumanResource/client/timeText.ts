/** Clock times and durations as people read them: Tehran time, Persian digits in fa. */
import { formatNumber } from '@/i18n/format.ts';
import { activeLocale, intlLocale } from '@/i18n/locale.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "۰۸:۰۳" / "08:03" in Tehran. */
export function formatClock(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const locale = activeLocale();
  let format = formats.get(locale);
  if (!format)
    formats.set(
      locale,
      (format = new Intl.DateTimeFormat(intlLocale(locale), {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Asia/Tehran',
      })),
    );
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/** Minutes as "h:mm" ("۷:۵۰"); empty for none. */
export function formatMinutes(minutes: number, showZero = false): string {
  if (!minutes && !showZero) return '';
  const h = Math.floor(minutes / 60);
  const m = String(minutes % 60).padStart(2, '0');
  return `${formatNumber(h)}:${formatNumber(Number(m[0]))}${formatNumber(Number(m[1]))}`;
}

const longDates = new Map<string, Intl.DateTimeFormat>();

/** "سه‌شنبه ۴ آذر ۱۴۰۵" / "Tuesday 25 November 2026" in Tehran: Jalali in fa. */
export function formatLongDate(value: number): string {
  const locale = activeLocale();
  let format = longDates.get(locale);
  if (!format)
    longDates.set(
      locale,
      (format = new Intl.DateTimeFormat(intlLocale(locale), {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Asia/Tehran',
      })),
    );
  // Chromium's Persian puts a Latin comma after the weekday.
  return locale === 'fa' ? format.format(value).replace(/,/g, '،') : format.format(value);
}
