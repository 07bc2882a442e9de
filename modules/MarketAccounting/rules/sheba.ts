/**
 * Sheba, Iran's IBAN (ISO 13616): IR, two check digits and 22 more digits, 26 characters in all,
 * valid when the number made by moving the first four to the end (letters as 10–35) is 1 mod 97
 * (ISO 7064 MOD 97-10). Typed with spaces, in either digit set, in either case.
 */
import { toAsciiDigits } from '../../../src/contract/normalize.ts';

/** The Sheba as it is kept (IR and 24 digits, no spaces), or null when it is not one. */
export function normalizeSheba(raw: string): string | null {
  const value = toAsciiDigits(raw).replace(/[\s-]/g, '').toUpperCase();
  const sheba = /^\d{24}$/.test(value) ? `IR${value}` : value;
  if (!/^IR\d{24}$/.test(sheba)) return null;
  const moved = `${sheba.slice(4)}1827${sheba.slice(2, 4)}`; // I = 18, R = 27
  let rest = 0;
  for (const digit of moved) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1 ? sheba : null;
}
