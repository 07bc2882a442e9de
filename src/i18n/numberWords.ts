/**
 * A whole number in words, as a printed document writes its amount under the figures («یک میلیون
 * و دویست هزار», "one million two hundred thousand"). Exact for any amount a money column holds:
 * the number is a BigInt and is cut into groups of three digits, never passed through a float.
 */
import type { Locale } from './locale.ts';

const faOnes = [
  '',
  'یک',
  'دو',
  'سه',
  'چهار',
  'پنج',
  'شش',
  'هفت',
  'هشت',
  'نه',
  'ده',
  'یازده',
  'دوازده',
  'سیزده',
  'چهارده',
  'پانزده',
  'شانزده',
  'هفده',
  'هجده',
  'نوزده',
];
const faTens = ['', '', 'بیست', 'سی', 'چهل', 'پنجاه', 'شصت', 'هفتاد', 'هشتاد', 'نود'];
const faHundreds = ['', 'صد', 'دویست', 'سیصد', 'چهارصد', 'پانصد', 'ششصد', 'هفتصد', 'هشتصد', 'نهصد'];
const faScales = ['', 'هزار', 'میلیون', 'میلیارد', 'تریلیون', 'کوادریلیون', 'کوینتیلیون', 'سکستیلیون'];

const enOnes = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const enTens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const enScales = ['', 'thousand', 'million', 'billion', 'trillion', 'quadrillion', 'quintillion', 'sextillion'];

/** The largest number written: the scales above go to sextillions (10^21 × 999). */
const LIMIT = 10n ** BigInt(3 * faScales.length);

function faGroup(n: number): string {
  const parts = [faHundreds[Math.floor(n / 100)]];
  const rest = n % 100;
  if (rest < 20) parts.push(faOnes[rest]);
  else parts.push(faTens[Math.floor(rest / 10)], faOnes[rest % 10]);
  return parts.filter(Boolean).join(' و ');
}

function enGroup(n: number): string {
  const parts: (string | undefined)[] = [];
  if (n >= 100) parts.push(`${enOnes[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20) parts.push(`${enTens[Math.floor(rest / 10)]}${rest % 10 ? `-${enOnes[rest % 10]}` : ''}`);
  else parts.push(enOnes[rest]);
  return parts.filter(Boolean).join(' ');
}

/** The groups of three digits, the lowest first. */
function groups(n: bigint): number[] {
  const out: number[] = [];
  for (let rest = n; rest > 0n; rest /= 1000n) out.push(Number(rest % 1000n));
  return out;
}

/** `value` in words in `locale`; throws a RangeError past the sextillions. */
export function numberInWords(value: bigint | number, locale: Locale): string {
  const n = BigInt(value);
  const abs = n < 0n ? -n : n;
  if (abs >= LIMIT) throw new RangeError(`numberInWords: ${n} is too large`);
  const fa = locale === 'fa';
  if (abs === 0n) return fa ? 'صفر' : 'zero';
  const words = groups(abs)
    .map((group, scale) => {
      if (!group) return '';
      const text = fa ? faGroup(group) : enGroup(group);
      const name = fa ? faScales[scale] : enScales[scale];
      return name ? `${text} ${name}` : text;
    })
    .filter(Boolean)
    .reverse()
    .join(fa ? ' و ' : ' ');
  if (n >= 0n) return words;
  return fa ? `منفی ${words}` : `minus ${words}`;
}
