/**
 * A sale's amounts in exact integer rials, worked out the same way on the device (shown live as
 * lines are typed) and on the server (stored on every write): each line's quantity × unit price
 * less its discount, their sum the net; VAT at the panel's percent, rounded half up to a rial;
 * total = net + vat. BigInt all the way, so no amount passes through floating point.
 */
import { fitsMoney, toRials, wireRials, type Rials } from '../../../src/contract/money.ts';

export const DEFAULT_VAT_PERCENT = 10;

export type SaleLineValues = Readonly<Record<string, unknown>>;

/** Exact rials as they travel (money.ts): a number while safe, decimal text beyond. */
export type SaleTotals = { net: Rials; vat: Rials; total: Rials };

function whole(value: unknown): bigint {
  const amount = toRials(value);
  return amount !== null && amount >= 0n ? amount : 0n;
}

/** The line's amount after its discount; a discount above the line's amount leaves it negative (lineProblems refuses that). */
export function lineNet(line: SaleLineValues): bigint {
  return whole(line.quantity) * whole(line.unitPrice) - whole(line.discount);
}

/** The indexes of lines whose discount is more than their amount. */
export function overDiscounted(lines: readonly SaleLineValues[]): number[] {
  return lines.flatMap((line, i) => (lineNet(line) < 0n ? [i] : []));
}

function vatOf(net: bigint, vatPercent: number): bigint {
  const rate = BigInt(Number.isSafeInteger(vatPercent) && vatPercent >= 0 ? vatPercent : DEFAULT_VAT_PERCENT);
  return net > 0n ? (net * rate + 50n) / 100n : 0n;
}

export function saleTotals(lines: readonly SaleLineValues[], vatPercent: number = DEFAULT_VAT_PERCENT): SaleTotals {
  const net = lines.reduce((sum, line) => sum + lineNet(line), 0n);
  const vat = vatOf(net, vatPercent);
  return { net: wireRials(net), vat: wireRials(vat), total: wireRials(net + vat) };
}

/**
 * The first line at which the sale's amounts stop fitting a money column (its own amount, or the
 * total with VAT of the lines up to it), or -1: such a sale is refused naming that line.
 */
export function overflowingLine(lines: readonly SaleLineValues[], vatPercent: number = DEFAULT_VAT_PERCENT): number {
  let net = 0n;
  for (const [i, line] of lines.entries()) {
    const amount = whole(line.quantity) * whole(line.unitPrice);
    net += lineNet(line);
    if (!fitsMoney(amount) || !fitsMoney(net + vatOf(net, vatPercent))) return i;
  }
  return -1;
}

/** The commission on an amount (exact rials, any accepted form) at a percent given as exact text ("2.500"), in whole rials rounded half up. */
export function commissionOf(amount: unknown, percent: unknown): bigint {
  const text = typeof percent === 'string' ? percent.trim() : typeof percent === 'number' ? String(percent) : '';
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(text);
  const rials = toRials(amount);
  if (!match || rials === null) return 0n;
  const thousandths = BigInt(match[1]!) * 1000n + BigInt((match[2] ?? '').padEnd(3, '0') || '0');
  return (rials * thousandths + 50_000n) / 100_000n;
}
