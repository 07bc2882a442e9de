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
