/**
 * What of an invoice can still be returned (decision 043), shared by the server's refusal of a
 * return that takes back too much and the form that prefills a return from its invoice: per line,
 * what was invoiced less what submitted returns already took back.
 */
import type { Line, Row } from '../../../src/contract/entity.ts';
import { addQuantities, compareQuantities, subtractQuantity, trimQuantity, ZERO } from '../../../src/contract/quantity.ts';

/** Quantities of each invoice line already taken back by `returns` (each a submitted return). */
export function returnedByLine(returns: readonly Row[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of returns)
    for (const l of (r.lines as Line[]) ?? [])
      if (l.returnOfLine) out.set(String(l.returnOfLine), addQuantities(out.get(String(l.returnOfLine)) ?? ZERO, l.quantity));
  return out;
}

/** The fields a return line copies from the invoice's line it takes back. */
const copied = ['productId', 'description', 'code', 'unit', 'unitPrice', 'vatRate', 'dutyRate', 'warehouseId', 'locationId'] as const;

/**
 * The lines of a return of `invoice`: each of its lines with something left to return, copied
 * (product, description, code, unit, unit price, VAT, duties, warehouse) with `returnOfLine` set
 * and the quantity still returnable; lines with nothing left are left out. `returns` are the
 * invoice's returns in any state: only submitted ones count. Each line gets its id from `newId`.
 */
export function returnLines(invoice: Row, returns: readonly Row[], newId: () => string): Line[] {
  const standing = returns.filter((r) => r.returnOf === invoice.id && r.status === 'submitted' && !r.deleted);
  const returned = returnedByLine(standing);
  const out: Line[] = [];
  for (const line of (invoice.lines as Line[]) ?? []) {
    const left = subtractQuantity(line.quantity, returned.get(line.id) ?? ZERO);
    if (compareQuantities(left, ZERO) <= 0) continue;
    const fields = Object.fromEntries(copied.filter((name) => line[name] !== undefined).map((name) => [name, line[name]]));
    out.push({ ...fields, id: newId(), quantity: trimQuantity(left), returnOfLine: line.id });
  }
  return out;
}
