/**
 * Exact quantities (documents.md, "Exact numbers"): decimals with three places, PostgreSQL
 * `numeric(18,3)`, that never pass through floating point on either side. On the wire and in rows
 * a quantity is its canonical text, "12.500" (ASCII digits, a dot, exactly three decimals, a
 * leading minus when negative); arithmetic works on whole thousandths as BigInt. Money stays an
 * integer number of rials (money.ts); `lineAmount` multiplies the two exactly, as a BigInt, and rounds half away from zero.
 */
import { rials } from './money.ts';
import { toAsciiDigits } from './normalize.ts';

export type Quantity = string;

/** The largest magnitude numeric(18,3) holds, in thousandths. */
export const QUANTITY_LIMIT = 10n ** 18n - 1n;
const SCALE = 1000n;
const pattern = /^(-)?(\d{1,15})(?:\.(\d{1,3}))?$/;

/**
 * The canonical text (what the server and the device store: "-12.500") read without a regular
 * expression or clean-up: stock screens read tens of thousands of balances per paint.
 */
function canonicalThousandths(text: string): bigint | null {
  const n = text.length;
  const start = text.charCodeAt(0) === 45 ? 1 : 0;
  const point = n - 4;
  if (point - start < 1 || point - start > 15 || text.charCodeAt(point) !== 46) return null;
  for (let i = start; i < n; i++) {
    const c = text.charCodeAt(i);
    if (i !== point && (c < 48 || c > 57)) return null;
  }
  const value = BigInt(text.slice(start, point) + text.slice(point + 1));
  return start ? -value : value;
}

/** Thousandths of a quantity's canonical (or any accepted) text; null when it is not one. */
export function toThousandths(input: unknown): bigint | null {
  if (typeof input === 'bigint') return input;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // A JSON number from an older client: read through its shortest decimal text, never scaled in floating point.
    input = String(input);
  }
  if (typeof input !== 'string') return null;
  const canonical = canonicalThousandths(input);
  if (canonical !== null) return canonical;
  const text = toAsciiDigits(input.trim())
    .replace(/[٬,\s]/g, '')
    .replace('٫', '.');
  const match = pattern.exec(text);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const value = BigInt(whole!) * SCALE + BigInt(fraction.padEnd(3, '0'));
  if (value > QUANTITY_LIMIT) return null;
  return minus ? -value : value;
}

/** The canonical text of a number of thousandths: "-3.050". */
export function fromThousandths(value: bigint): Quantity {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / SCALE}.${String(abs % SCALE).padStart(3, '0')}`;
}

/** The canonical text of a quantity given in any accepted form, or null. */
export function normalizeQuantity(input: unknown): Quantity | null {
  const value = toThousandths(input);
  return value === null ? null : fromThousandths(value);
}

export const ZERO: Quantity = '0.000';

function need(q: unknown): bigint {
  const value = toThousandths(q);
  if (value === null) throw new TypeError(`not a quantity: ${String(q)}`);
  return value;
}

export function addQuantities(...values: readonly unknown[]): Quantity {
  return fromThousandths(values.reduce<bigint>((sum, q) => sum + need(q), 0n));
}

export function subtractQuantity(a: unknown, b: unknown): Quantity {
  return fromThousandths(need(a) - need(b));
}

export function negateQuantity(q: unknown): Quantity {
  return fromThousandths(-need(q));
}

export function compareQuantities(a: unknown, b: unknown): number {
  const d = need(a) - need(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export function isZeroQuantity(q: unknown): boolean {
  return need(q) === 0n;
}

/** n / d rounded half away from zero. */
function divideRounded(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (ad * 2n);
  return negative ? -q : q;
}

/** Rials for `quantity` units at `unitPrice` rials each (money.ts: any accepted form), rounded half away from zero; exact. */
export function lineAmount(quantity: unknown, unitPrice: unknown): bigint {
  return divideRounded(need(quantity) * rials(unitPrice), SCALE);
}

/** Rials per unit when `amount` rials bought `quantity` units (moving-average cost), rounded half away from zero; 0 for no units. */
export function unitCost(amount: unknown, quantity: unknown): bigint {
  const units = need(quantity);
  return units === 0n ? 0n : divideRounded(rials(amount) * SCALE, units);
}

/** Whether a quantity's thousandths fit a numeric(18,3) column. */
export function fitsQuantity(thousandths: bigint): boolean {
  return thousandths <= QUANTITY_LIMIT && thousandths >= -QUANTITY_LIMIT;
}

/** For display: the canonical text without trailing zeros ("12.5", "3"). */
export function trimQuantity(q: Quantity): string {
  return q.replace(/\.?0+$/, '') || '0';
}
