/**
 * A consignor's settlement (warehousing.md, ConsignmentDetails): of their goods, per product, what
 * was received, sold and returned, what is still on hand, and what we owe them — each unit sold
 * at the consignor's price on its line. Counted from the consignments submitted (or waiting to
 * be) on this device; drafts and cancelled ones count nothing.
 */
import type { Line, Row } from '@/contract/entity.ts';
import { addQuantities, lineAmount, subtractQuantity, ZERO, type Quantity } from '@/contract/quantity.ts';

export interface SettlementRow {
  productId: string;
  received: Quantity;
  sold: Quantity;
  returned: Quantity;
  onHand: Quantity;
  /** Exact rials. */
  owed: bigint;
}

export interface Settlement {
  rows: SettlementRow[];
  /** Exact rials. */
  owed: bigint;
}

export function settlementOf(consignments: readonly Row[], partyId: string, counts: (row: Row) => boolean): Settlement {
  const byProduct = new Map<string, SettlementRow>();
  for (const doc of consignments) {
    if (doc.partyId !== partyId || !counts(doc)) continue;
    for (const line of (doc.lines as Line[] | undefined) ?? []) {
      const id = String(line.productId);
      const row = byProduct.get(id) ?? { productId: id, received: ZERO, sold: ZERO, returned: ZERO, onHand: ZERO, owed: 0n };
      const field = doc.kind === 'receive' ? 'received' : doc.kind === 'sale' ? 'sold' : 'returned';
      row[field] = addQuantities(row[field], line.quantity);
      if (doc.kind === 'sale') row.owed += lineAmount(line.quantity, line.unitPrice ?? 0);
      byProduct.set(id, row);
    }
  }
  const rows = [...byProduct.values()].map((r) => ({ ...r, onHand: subtractQuantity(r.received, addQuantities(r.sold, r.returned)) }));
  return { rows, owed: rows.reduce((s, r) => s + r.owed, 0n) };
}
