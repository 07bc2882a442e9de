/**
 * Numbers and dates as people read them: Persian digits and the Jalali calendar in fa, Latin
 * digits and the Gregorian calendar in en. Values are stored as ISO strings and numbers; only the
 * UI converts.
 */
import { toPersianDigits } from '../contract/normalize.ts';
import { activeLocale, intlLocale, type Locale } from './locale.ts';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(intlLocale(locale), options)));
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: 'Asia/Tehran', ...options })));
  return format;
}

export function formatNumber(value: number | bigint | string, options?: Intl.NumberFormatOptions, locale = activeLocale()): string {
  // Negative zero (a balance of 0 turned round, `-0`) reads as zero, not "-0". An amount past
  // 2^53 comes as a BigInt or as its decimal text (contract/money.ts): Intl formats both exactly.
  return numberFormat(locale, options).format(value === 0 ? 0 : (value as number));
}

/** A large figure short, for an axis or a tile ("۱۲٫۵ میلیون", "12.5M"). */
export function formatCompact(value: number, locale = activeLocale()): string {
  return formatNumber(value, { notation: 'compact', maximumFractionDigits: 1 }, locale);
}

/**
 * A quantity's canonical text ("1234.500", contract/quantity.ts) as people read it: grouped, in the
 * locale's digits, without trailing zeros ("۱٬۲۳۴٫۵"). Worked on the text, so no digit is lost to
 * floating point however large the quantity.
 */
export function formatQuantity(text: string, locale = activeLocale()): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  const grouped = numberFormat(locale).format(BigInt(whole!));
  const point = locale === 'fa' ? '٫' : '.';
  return `${sign ? '-' : ''}${grouped}${kept ? point + localDigits(kept, locale) : ''}`;
}

/**
 * Digits of a number, code or phone number in the locale's digits. Text with Latin letters
 * (usernames, panel codes like AB12CD) is an identifier typed in Latin and keeps its digits, so
 * it reads the same everywhere it appears.
 */
export function localDigits(text: string, locale = activeLocale()): string {
  return locale === 'fa' && !/[A-Za-z]/.test(text) ? toPersianDigits(text) : text;
}

function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  // A bare calendar date means that day, not midnight UTC shifted into another day.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`);
  return new Date(value);
}

/**
 * One date style per purpose, so neighbouring screens agree: `medium` («۲ آذر ۱۴۰۵», the default)
 * for a day in lists, cards, documents and reports; `long` for a day that heads a page or a
 * person's record («یکشنبه ۲ آذر ۱۴۰۵»); `short` («۱۴۰۵/۹/۲») only where digits must line up in a
 * file (CSV exports).
 */
export type DateStyle = 'short' | 'medium' | 'long';

export function formatDate(value: string | number | Date, style: DateStyle = 'medium', locale = activeLocale()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(locale, { dateStyle: style }).format(date);
}

export function formatDateTime(value: string | number | Date, locale = activeLocale()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** "3 minutes ago", "in 2 days" in the active language. */
export function formatRelative(value: string | number | Date, now = Date.now(), locale = activeLocale()): string {
  const seconds = Math.round((toDate(value).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86400), 'day');
}

/** "25 Aban" / "16 Nov": a day of the month and its month's name, for chart axes and lists. */
export function formatDayMonth(value: string | number | Date, locale = activeLocale()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(locale, { day: 'numeric', month: 'short' }).format(date);
}

/** "a, b and c" / «الف، ب و ج» in the active language. */
export function formatList(items: readonly string[], locale = activeLocale()): string {
  return new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(items);
}

/** Names one after another, with no "and": "a, b, c" / «الف، ب، ج». */
export function joinNames(items: readonly string[], locale = activeLocale()): string {
  return items.join(locale === 'fa' ? '، ' : ', ');
}

/**
 * A name (an entity's label) as a word inside an English sentence: "Add staff member", not "Add
 * Staff member". Its first letter is lower-cased unless it begins an abbreviation ("VAT rate");
 * Persian has no capitals and is as it is.
 */
export function inSentence(name: string, locale = activeLocale()): string {
  if (locale !== 'en' || /^\p{Lu}{2}/u.test(name)) return name;
  return name.charAt(0).toLocaleLowerCase('en') + name.slice(1);
}
