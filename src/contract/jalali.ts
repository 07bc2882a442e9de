/**
 * Jalali (Solar Hijri) calendar facts both sides need without a date library: the year and the
 * date of an instant in Tehran, through Intl's Persian calendar (Node's and the browsers' ICU).
 */
const parts = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Jalali year, month (1–12) and day of an instant in Tehran. */
export function jalaliDate(at: Date): { year: number; month: number; day: number } {
  const found = Object.fromEntries(parts.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(found.year), month: Number(found.month), day: Number(found.day) };
}

export function jalaliYear(at: Date): number {
  return jalaliDate(at).year;
}

/** Days from the start of a Jalali year to the start of its month (months 1–6 have 31 days, 7–11 30). */
function monthStart(month: number): number {
  return month <= 7 ? (month - 1) * 31 : 186 + (month - 7) * 30;
}

/**
 * The Gregorian date (`YYYY-MM-DD`) of a Jalali date, or null when there is no such day (31 Mehr,
 * 30 Esfand of a common year). Found by walking from a guess with Intl's calendar, which knows the leap years.
 */
export function gregorianOfJalali(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger) || year < 1 || month < 1 || month > 12 || day < 1 || day > (month <= 6 ? 31 : 30))
    return null;
  const target = year * 400 + monthStart(month) + day;
  let at = Date.UTC(year + 621, 2, 20, 12) + (monthStart(month) + day - 1) * 86_400_000;
  for (let i = 0; i < 4; i++) {
    const found = jalaliDate(new Date(at));
    const delta = target - (found.year * 400 + monthStart(found.month) + found.day);
    if (delta === 0) return new Date(at).toISOString().slice(0, 10);
    // Across a year's end the 400-day stride overshoots; step by the difference, at most a month.
    at += Math.max(-31, Math.min(31, delta)) * 86_400_000;
  }
  const found = jalaliDate(new Date(at));
  return found.year === year && found.month === month && found.day === day ? new Date(at).toISOString().slice(0, 10) : null;
}
