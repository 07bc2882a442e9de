/**
 * Checking a cargo on arrival (warehousing.md, ReceiveCorgo): each scan counts one more of its
 * product (on the first of its lines still short, else its last line; a product not expected
 * opens a line of its own, all of it over), each line then short, over or as expected, and what
 * was accepted — arrived less damaged — becomes the lines of the goods receipt.
 */
import type { Line } from '@/contract/entity.ts';
import { addQuantities, compareQuantities, normalizeQuantity, subtractQuantity, ZERO, type Quantity } from '@/contract/quantity.ts';

export interface CheckLine {
  id: string;
  productId: string;
  expected: Quantity;
  received: Quantity;
  damaged: Quantity;
  unitPrice: number | null;
  locationId: string | null;
  batch: string | null;
  expiry: string | null;
}

const q = (v: unknown): Quantity => normalizeQuantity(v) ?? ZERO;

export function checkLinesOf(lines: readonly Line[]): CheckLine[] {
  return lines.map((l) => ({
    id: l.id,
    productId: String(l.productId),
    expected: q(l.expected),
    received: q(l.received),
    damaged: q(l.damaged),
    unitPrice: typeof l.unitPrice === 'number' ? l.unitPrice : null,
    locationId: (l.locationId as string | null) ?? null,
    batch: (l.batch as string | null) ?? null,
    expiry: (l.expiry as string | null) ?? null,
  }));
}

/** The lines after one scan of `productId`. */
export function scanArrival(
  lines: readonly CheckLine[],
  productId: string,
  newId: () => string,
  locationId: string | null = null,
): CheckLine[] {
  const mine = lines.map((l, i) => [l, i] as const).filter(([l]) => l.productId === productId);
  const short = mine.find(([l]) => compareQuantities(l.received, l.expected) < 0);
  const at = short?.[1] ?? mine.at(-1)?.[1];
  if (at === undefined) {
    return [
      ...lines,
      { id: newId(), productId, expected: ZERO, received: '1.000', damaged: ZERO, unitPrice: null, locationId, batch: null, expiry: null },
    ];
  }
  return lines.map((l, i) => (i === at ? { ...l, received: addQuantities(l.received, '1'), locationId: l.locationId ?? locationId } : l));
}

export type LineStatus = 'short' | 'over' | 'ok';

export function lineStatus(line: CheckLine): LineStatus {
  const c = compareQuantities(line.received, line.expected);
  return c < 0 ? 'short' : c > 0 ? 'over' : 'ok';
}

export function accepted(line: CheckLine): Quantity {
  const a = subtractQuantity(line.received, line.damaged);
  return compareQuantities(a, ZERO) > 0 ? a : ZERO;
}

/** The goods receipt's lines: what was accepted of each line. */
export function receiptLines(lines: readonly CheckLine[], newId: () => string): Line[] {
  return lines
    .filter((l) => compareQuantities(accepted(l), ZERO) > 0)
    .map((l) => ({
      id: newId(),
      productId: l.productId,
      quantity: accepted(l),
      unitPrice: l.unitPrice ?? 0,
      locationId: l.locationId,
      batch: l.batch,
      expiry: l.expiry,
    }));
}

/** The cargo's lines with what was found, to write back on it. */
export function cargoLines(lines: readonly CheckLine[]): Line[] {
  return lines.map((l) => ({
    id: l.id,
    productId: l.productId,
    expected: l.expected,
    received: l.received,
    damaged: l.damaged,
    unitPrice: l.unitPrice,
    locationId: l.locationId,
    batch: l.batch,
    expiry: l.expiry,
  }));
}
