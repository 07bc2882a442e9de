/**
 * A sale's amounts in exact integer rials, worked out the same way on the device (shown live as
 * lines are typed) and on the server (stored on every write): each line's quantity × unit price
 * less its discount, their sum the net; VAT at the panel's percent, rounded half up to a rial;
 * total = net + vat. BigInt all the way, so no amount passes through floating point.
 */
export const DEFAULT_VAT_PERCENT = 10;

export type SaleLineValues = Readonly<Record<string, unknown>>;

export type SaleTotals = { net: number; vat: number; total: number };

function whole(value: unknown): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,16}$/.test(value.trim())) return BigInt(value.trim());
  return 0n;
}

/** The line's amount after its discount; a discount above the line's amount leaves it negative (lineProblems refuses that). */
export function lineNet(line: SaleLineValues): bigint {
  return whole(line.quantity) * whole(line.unitPrice) - whole(line.discount);
}

/** The indexes of lines whose discount is more than their amount. */
export function overDiscounted(lines: readonly SaleLineValues[]): number[] {
  return lines.flatMap((line, i) => (lineNet(line) < 0n ? [i] : []));
}

export function saleTotals(lines: readonly SaleLineValues[], vatPercent: number = DEFAULT_VAT_PERCENT): SaleTotals {
  const net = lines.reduce((sum, line) => sum + lineNet(line), 0n);
  const rate = BigInt(Number.isSafeInteger(vatPercent) && vatPercent >= 0 ? vatPercent : DEFAULT_VAT_PERCENT);
  const vat = net > 0n ? (net * rate + 50n) / 100n : 0n;
  return { net: Number(net), vat: Number(vat), total: Number(net + vat) };
}

/** The commission on an amount at a percent given as exact text ("2.500"), in whole rials rounded half up. */
export function commissionOf(amount: number, percent: unknown): number {
  const text = typeof percent === 'string' ? percent.trim() : typeof percent === 'number' ? String(percent) : '';
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(text);
  if (!match || !Number.isSafeInteger(amount)) return 0;
  const thousandths = BigInt(match[1]!) * 1000n + BigInt((match[2] ?? '').padEnd(3, '0') || '0');
  return Number((BigInt(amount) * thousandths + 50_000n) / 100_000n);
}
