/**
 * The one rule by which an invoice's amounts are worked out (decision 043), on the client as it is
 * typed and on the server at submit, in exact integer rials (bigint), never through floating point:
 *
 * 1. A line's amount is quantity × unit price, rounded half away from zero to the rial
 *    (`lineAmount` of src/contract/quantity.ts, as warehousing values goods).
 * 2. Its own discount is taken off: the amount after the line's discount.
 * 3. The invoice's discount is shared over the lines in proportion to those amounts, each share
 *    rounded down; the rials left over go to the last line that has an amount. The shares add up
 *    to the invoice's discount exactly.
 * 4. VAT and other duties are worked out per line on what is left (the taxable amount), each
 *    rounded half away from zero to the rial; the rates are percentages with up to three decimals.
 * 5. The invoice's figures are the sums of its lines' figures.
 *
 * A discount larger than what it is taken from is a problem the caller names (`problems`).
 */
import { toRials } from '../../../src/contract/money.ts';
import { lineAmount, toThousandths } from '../../../src/contract/quantity.ts';

export interface LineFigures {
  /** quantity × unit price. */
  amount: bigint;
  /** The line's own discount and its share of the invoice's. */
  discount: bigint;
  /** After all discounts: what VAT and duties are worked out on. */
  net: bigint;
  vat: bigint;
  duty: bigint;
  /** net + VAT + duties. */
  total: bigint;
}

export interface InvoiceFigures {
  lines: LineFigures[];
  amount: bigint;
  discount: bigint;
  net: bigint;
  vat: bigint;
  duty: bigint;
  total: bigint;
  /** Field paths whose discount is more than what it is taken from. */
  problems: string[];
}

/** The VAT rate when a line does not say (percent). */
export const DEFAULT_VAT_RATE = '10';

/** A line as typed or stored: quantity, unitPrice, discount, vatRate, dutyRate (any accepted form). */
type LineInput = Readonly<Record<string, unknown>>;

function roundedDivide(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const q = ((negative ? -n : n) * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/** `amount` × `rate` percent (rate with up to three decimals), rounded half away from zero to the rial. */
export function percentOf(amount: bigint, rate: unknown): bigint {
  const thousandths = toThousandths(rate ?? 0) ?? 0n;
  return roundedDivide(amount * thousandths, 100_000n);
}

const rialsOr0 = (v: unknown) => toRials(v ?? 0) ?? 0n;
/** A quantity being typed (empty, or not a number yet) counts as none, as the form shows it. */
const typedQuantity = (v: unknown) => (v === undefined || v === null || v === '' || toThousandths(v) === null ? null : v);

export function invoiceTotals(lines: readonly LineInput[], invoiceDiscount?: unknown): InvoiceFigures {
  const problems: string[] = [];
  const afterLine = lines.map((line, i) => {
    const quantity = typedQuantity(line.quantity);
    const amount = quantity === null ? 0n : lineAmount(quantity, rialsOr0(line.unitPrice));
    const discount = rialsOr0(line.discount);
    if (discount > amount) problems.push(`lines.${i}.discount`);
    return { amount, own: discount, after: amount - discount };
  });
  const base = afterLine.reduce((s, l) => s + (l.after > 0n ? l.after : 0n), 0n);
  const shared = rialsOr0(invoiceDiscount);
  if (shared > base) problems.push('discount');
  const shares = afterLine.map((l) => (base > 0n && l.after > 0n ? (shared * l.after) / base : 0n));
  let last = -1;
  afterLine.forEach((l, i) => {
    if (l.after > 0n) last = i;
  });
  if (last >= 0) shares[last]! += shared - shares.reduce((s, v) => s + v, 0n);
  const figures = afterLine.map((l, i): LineFigures => {
    const net = l.after - shares[i]!;
    const vat = percentOf(net, lines[i]!.vatRate ?? DEFAULT_VAT_RATE);
    const duty = percentOf(net, lines[i]!.dutyRate ?? 0);
    return { amount: l.amount, discount: l.own + shares[i]!, net, vat, duty, total: net + vat + duty };
  });
  const sum = (f: keyof LineFigures) => figures.reduce((s, l) => s + l[f], 0n);
  return {
    lines: figures,
    amount: sum('amount'),
    discount: sum('discount'),
    net: sum('net'),
    vat: sum('vat'),
    duty: sum('duty'),
    total: sum('total'),
    problems,
  };
}
