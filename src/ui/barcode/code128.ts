/**
 * Code 128 (ISO/IEC 15417) in code sets B (ASCII 32–127) and C (digit pairs), the fewest symbol
 * characters over both sets, as bar/space widths in modules: start, data, check, stop.
 */

const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');

const CODE_C = 99;
const CODE_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

type CodeSet = 'B' | 'C';

/** Whether `text` is what this encoder can draw (printable ASCII, not empty). */
export function code128Encodable(text: string): boolean {
  return /^[\x20-\x7f]+$/.test(text);
}

/** How many digits run from `i`. */
function digitsAt(text: string, i: number): number {
  let n = 0;
  while (i + n < text.length && text.charCodeAt(i + n) >= 48 && text.charCodeAt(i + n) <= 57) n++;
  return n;
}

/**
 * The symbol values (start to check digit, without stop), the sets chosen as ISO/IEC 15417's
 * annex (and bwip-js) do: set C for a run of four or more digits (the whole text if it is two
 * digits), an odd run's first digit left in set B, else set B.
 */
export function code128Values(text: string): number[] {
  if (!code128Encodable(text)) throw new RangeError(`Code 128 takes printable ASCII only: ${JSON.stringify(text)}`);
  const first = digitsAt(text, 0);
  let set: CodeSet = first >= 4 || (text.length === 2 && first === 2) ? 'C' : 'B';
  const values = [set === 'C' ? START_C : START_B];
  for (let i = 0; i < text.length;) {
    const digits = digitsAt(text, i);
    if (set === 'B' && digits >= 4) {
      if (digits % 2 === 1) {
        values.push(text.charCodeAt(i) - 32);
        i++;
      }
      values.push(CODE_C);
      set = 'C';
    } else if (set === 'C' && digits < 2) {
      values.push(CODE_B);
      set = 'B';
    } else if (set === 'C') {
      values.push(Number(text.slice(i, i + 2)));
      i += 2;
    } else {
      values.push(text.charCodeAt(i) - 32);
      i++;
    }
  }
  values.push(values.reduce((s, v, k) => s + v * Math.max(k, 1), 0) % 103);
  return values;
}

/** Bar and space widths in modules, a bar first, the stop pattern last. */
export function code128(text: string): number[] {
  return [...code128Values(text), STOP].flatMap((v) => [...PATTERNS[v]!].map(Number));
}
