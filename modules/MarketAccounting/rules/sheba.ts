/**
 * Sheba, Iran's IBAN (ISO 13616): IR, two check digits and 22 more digits, 26 characters in all,
 * valid when the number made by moving the first four to the end (letters as 10–35) is 1 mod 97
 * (ISO 7064 MOD 97-10). Typed with spaces, in either digit set, in either case.
 */
export { normalizeSheba } from '../../../src/contract/normalize.ts';
