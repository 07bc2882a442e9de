/**
 * What a document's priced lines are worth in rials, as its printed copy states in figures and in
 * words: each line's quantity × unit price (exact, contract/quantity.ts), summed as BigInt. A
 * document none of whose lines has a price (a goods-out is often written without) has no amount.
 */
import type { Line, Row } from '../../../src/contract/entity.ts';
import { toRials } from '../../../src/contract/money.ts';
import { lineAmount } from '../../../src/contract/quantity.ts';

export function linesValue(row: Row, quantityOf: (line: Line) => unknown = (line) => line.quantity): bigint | null {
  const priced = ((row.lines as Line[] | undefined) ?? []).filter(
    (line) => (toRials(line.unitPrice) ?? 0n) > 0n && quantityOf(line) != null,
  );
  if (!priced.length) return null;
  return priced.reduce((sum, line) => sum + lineAmount(quantityOf(line), line.unitPrice), 0n);
}
