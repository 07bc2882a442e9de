/**
 * Exact money (docs/architecture.md, "Exact money"): an amount is a whole number of rials, kept in
 * a PostgreSQL `bigint` column, and every sum, difference, product, check and tax works on it as
 * a BigInt on server and device alike, never through floating point. On the wire and in rows an
 * amount is a JSON number while it is a safe integer (every amount a form or a line takes), and
 * its canonical decimal text ("18000000000000001") beyond that, so a total or a balance above
 * 2^53 arrives to the rial. `toRials` reads either (and Persian digits and separators); a JSON
 * number that is not a safe integer has already lost digits and is refused.
 */
import { toAsciiDigits } from './normalize.ts';

/** A money value as it travels: a safe integer, or the decimal text of a larger one. */
export type Rials = number | string;

/** The largest magnitude a money column (`bigint`) holds. */
export const MONEY_LIMIT = 2n ** 63n - 1n;

const integerText = /^-?\d{1,19}$/;

/** The rials of a value in any accepted form (bigint, safe integer, integer text), or null. */
export function toRials(input: unknown): bigint | null {
  if (typeof input === 'bigint') return input;
  if (typeof input === 'number') return Number.isSafeInteger(input) ? BigInt(input) : null;
  if (typeof input !== 'string') return null;
  const text = toAsciiDigits(input.trim()).replace(/[٬,\s]/g, '');
  if (!integerText.test(text)) return null;
  return BigInt(text);
}

/** The rials of a value, treating empty as 0; throws on what is not money (a programming error). */
export function rials(input: unknown): bigint {
  if (input === null || input === undefined || input === '') return 0n;
  const value = toRials(input);
  if (value === null) throw new TypeError(`not an amount of rials: ${String(input)}`);
  return value;
}

/** How an amount travels: a number while it is a safe integer, its decimal text beyond. */
export function wireRials(value: bigint): Rials {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

/** Whether an amount fits a money column. */
export function fitsMoney(value: bigint): boolean {
  return value <= MONEY_LIMIT && value >= -MONEY_LIMIT;
}

/** Orders two exact amounts: negative, zero or positive, as a sort wants. */
export function compareRials(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The exact sum of amounts given in any accepted form (empty counts as 0). */
export function sumRials(values: Iterable<unknown>): bigint {
  let sum = 0n;
  for (const v of values) sum += rials(v);
  return sum;
}

/**
 * The unit a panel shows and takes amounts in (decision 027): rials, or tomans (rials ÷ 10). Only
 * screens convert; the wire, the rows and every sum stay in rials.
 */
export type MoneyUnit = 'rial' | 'toman';
export const MONEY_UNITS: readonly MoneyUnit[] = ['rial', 'toman'];

/** The panel's unit from a stored value; anything else is rials, the unit amounts are kept in. */
export function moneyUnitOf(value: unknown): MoneyUnit {
  return value === 'toman' ? 'toman' : 'rial';
}

/** The exact decimal text of an amount in a unit: rials as they are, tomans with their tenth ("-12.5"). */
export function rialsInUnit(amount: unknown, unit: MoneyUnit): string {
  const r = toRials(amount) ?? 0n;
  if (unit === 'rial') return r.toString();
  const abs = r < 0n ? -r : r;
  const tenth = abs % 10n;
  return `${r < 0n ? '-' : ''}${abs / 10n}${tenth ? `.${tenth}` : ''}`;
}

const unitText = /^(-?)(\d{1,19})(?:\.(\d?))?$/;

/**
 * The rials of a plain decimal text ("1500", "1500.5") typed in a unit: tomans × 10, exactly; null
 * when it is not a whole number of rials (a rial has no fraction, a toman one decimal at most).
 */
export function rialsFromUnit(text: string, unit: MoneyUnit): bigint | null {
  const m = unitText.exec(text);
  if (!m) return null;
  const [, sign, whole, fraction = ''] = m;
  if (unit === 'rial' && fraction !== '') return null;
  const value = unit === 'rial' ? BigInt(whole!) : BigInt(whole!) * 10n + BigInt(fraction || '0');
  return sign ? -value : value;
}
