/**
 * EAN-13 (ISO/IEC 15420): 12 digits and their check digit as the 95 modules of the symbol (start
 * guard, six left digits in the L/G sets the first digit picks, centre guard, six right digits in
 * the R set, end guard), and the digits as printed under the bars.
 */

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R = L.map((p) => [...p].map((b) => (b === '1' ? '0' : '1')).join(''));
const G = R.map((p) => [...p].reverse().join(''));
/** The sets of the six left digits, by the first digit ('G' where the G set is used). */
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

export interface Ean13 {
  /** 95 modules, dark first. */
  modules: boolean[];
  /** The human-readable digits: the first one left of the symbol, then the two halves of six. */
  text: { lead: string; left: string; right: string };
}

/** The 13 digits of `code` (12 digits get their check digit; 13 must carry the right one), or null. */
export function ean13Digits(code: string): string | null {
  if (!/^\d{12,13}$/.test(code)) return null;
  const digits = code.slice(0, 12);
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  const check = String((10 - (sum % 10)) % 10);
  if (code.length === 13 && code[12] !== check) return null;
  return digits + check;
}

export function ean13(code: string): Ean13 {
  const digits = ean13Digits(code);
  if (digits === null) throw new RangeError(`EAN-13 takes 12 digits or 13 with a right check digit: ${code}`);
  const d = [...digits].map(Number);
  const parity = PARITY[d[0]!]!;
  let bits = '101';
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === 'G' ? G : L)[d[i]!];
  bits += '01010';
  for (let i = 7; i <= 12; i++) bits += R[d[i]!];
  bits += '101';
  return {
    modules: [...bits].map((b) => b === '1'),
    text: { lead: digits[0]!, left: digits.slice(1, 7), right: digits.slice(7) },
  };
}
