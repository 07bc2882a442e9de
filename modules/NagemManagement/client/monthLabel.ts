/** A Jalali month key (`1404-07`) in words: "مهر ۱۴۰۴", "Mehr 1404". */
import { activeLocale } from '@/i18n/locale.ts';

const names = new Map<string, Intl.DateTimeFormat>();

export function monthLabel(key: string, locale: string = activeLocale()): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  // Farvardin 1 is about 21 March; two weeks into the month is safely inside it.
  const approx = new Date(Date.UTC(year + 621, 2, 21 + (month - 1) * 30 + 14));
  let format = names.get(locale);
  if (!format)
    names.set(
      locale,
      (format = new Intl.DateTimeFormat(`${locale}-u-ca-persian`, { month: 'long', year: 'numeric', timeZone: 'Asia/Tehran' })),
    );
  const parts = format.formatToParts(approx);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('year')}`;
}
