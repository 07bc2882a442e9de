/**
 * A number as a person types or pastes it, and as the field shows it back (decision 027). Typed
 * text may hold Persian, Arabic-Indic or Latin digits, grouping separators (٬ , ، and spaces) and
 * either decimal separator (٫ or .); it is read into plain ASCII decimal text ("1234.5", the wire's
 * form before a kind's own rules) and shown grouped in the locale's digits, with «٫» in Persian.
 * Everything works on the text, so no digit is lost to floating point.
 */
import { toAsciiDigits, toPersianDigits } from '../contract/normalize.ts';
import { formatNumber } from './format.ts';
import type { Locale } from './locale.ts';

export interface TypedNumberRules {
  /** Digits allowed after the decimal point; 0 for whole numbers. */
  decimals: number;
  /** Whether a leading minus is kept. */
  negative?: boolean;
}

const GROUPING = /[٬,،\s\u00a0\u202f'’]/g;

/** The plain text of what was typed: ASCII digits, at most one point (kept while typing), a leading minus if allowed. */
export function readTypedNumber(raw: string, { decimals, negative = false }: TypedNumberRules): string {
  const text = toAsciiDigits(raw).replace(GROUPING, '').replace(/٫/g, '.');
  const sign = negative && /^\s*[-−]/.test(text) ? '-' : '';
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  if (decimals === 0 || rest.length === 0) return sign + whole;
  return `${sign}${whole}.${rest.join('').slice(0, decimals)}`;
}

/** Plain text as the field shows it: the whole part grouped, the fraction as typed, the locale's digits. */
export function showTypedNumber(plain: string, locale: Locale): string {
  const m = /^(-?)(\d*)(\.?)(\d*)$/.exec(plain);
  if (!m || plain === '' || plain === '-') return plain;
  const [, sign, whole, point, fraction] = m;
  const grouped = whole ? formatNumber(BigInt(whole), undefined, locale) : point ? formatNumber(0, undefined, locale) : '';
  const tail = point ? (locale === 'fa' ? '٫' + toPersianDigits(fraction!) : '.' + fraction) : '';
  return `${sign}${grouped}${tail}`;
}

/** Plain text without what does not change its value (leading zeros, a trailing point or zeros): "040.500" → "40.5". */
export function canonicalNumber(plain: string): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(plain);
  if (!m) return plain;
  const [, sign, whole = '', fraction = ''] = m;
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  if (!w && !f) return '';
  const body = `${w || '0'}${f ? `.${f}` : ''}`;
  return body === '0' ? body : sign + body;
}

const significant = /[\d.\-۰-۹٠-٩٫−]/;

/** How many characters that carry the value (digits, the point, the minus) stand before `caret`. */
export function significantBefore(text: string, caret: number): number {
  let count = 0;
  for (let i = 0; i < caret && i < text.length; i++) if (significant.test(text[i]!)) count++;
  return count;
}

/** The caret position in `text` just after its `count`-th value character, so typing never makes the caret jump. */
export function caretAfter(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (significant.test(text[i]!) && ++seen === count) return i + 1;
  }
  return text.length;
}
