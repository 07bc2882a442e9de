/** A transfer between warehouses as received: per product and batch, what was sent and what arrived. */
import type { Line } from '@/contract/entity.ts';
import { addQuantities, ZERO, type Quantity } from '@/contract/quantity.ts';

export interface TransferDifference {
  productId: string;
  batch: string;
  sent: Quantity;
  received: Quantity;
}

export function transferDifferences(sent: readonly Line[], received: readonly Line[]): TransferDifference[] {
  const out = new Map<string, TransferDifference>();
  const take = (l: Line, field: 'sent' | 'received') => {
    const key = `${String(l.productId)}|${String(l.batch ?? '')}`;
    const row = out.get(key) ?? { productId: String(l.productId), batch: String(l.batch ?? ''), sent: ZERO, received: ZERO };
    out.set(key, { ...row, [field]: addQuantities(row[field], l.quantity) });
  };
  for (const l of sent) take(l, 'sent');
  for (const l of received) take(l, 'received');
  return [...out.values()];
}
