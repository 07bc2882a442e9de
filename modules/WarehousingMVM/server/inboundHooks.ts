/**
 * Cargos and consignments (warehousing.md). A consignment's submit moves the consignor's goods in
 * (received) or out (sold, returned) as stock owned by them: balances of their own, never valued
 * as ours, never taken by our issues. A cargo posts nothing itself: what was accepted came in by
 * its goods receipt, which must be submitted before the cargo is closed.
 */
import { Code } from '../../../src/contract/codes.ts';
import type { Line } from '../../../src/contract/entity.ts';
import { subtractQuantity, toThousandths } from '../../../src/contract/quantity.ts';
import { findRow, RuleRejection, type EntityHooks } from '../../../server/moduleApi.ts';
import { Receipt } from '../entities/stock.ts';
import { changesOfLines, postStock, reversalOf } from './stockPosting.ts';

const CONSIGNMENT = 'WarehousingMVM/Consignment';

export const consignmentHooks: EntityHooks = {
  async onSubmit(ctx, doc) {
    await postStock(ctx, doc, 'submit', await changesOfLines(ctx, doc, doc.kind === 'receive' ? 1 : -1, String(doc.partyId)), CONSIGNMENT);
  },
  async onCancel(ctx, doc) {
    await postStock(ctx, doc, 'cancel', await reversalOf(ctx, doc.id), CONSIGNMENT);
  },
};

/** Whether any line of a checked cargo was accepted (arrived and not damaged). */
export function acceptedAny(lines: readonly Line[]): boolean {
  return lines.some((l) => (toThousandths(subtractQuantity(l.received ?? 0, l.damaged ?? 0)) ?? 0n) > 0n);
}

export const cargoHooks: EntityHooks = {
  async onSubmit(ctx, doc) {
    if (!acceptedAny(doc.lines as Line[])) return;
    const receipt = typeof doc.receiptId === 'string' ? await findRow(ctx.tx, Receipt, ctx.access.id, doc.receiptId) : null;
    if (receipt?.status !== 'submitted') throw new RuleRejection(Code.NotPossibleNow, { receiptId: 'reference' });
  },
  async onCancel(ctx, doc) {
    const receipt = typeof doc.receiptId === 'string' ? await findRow(ctx.tx, Receipt, ctx.access.id, doc.receiptId) : null;
    if (receipt?.status === 'submitted') throw new RuleRejection(Code.NotPossibleNow, { receiptId: 'reference' });
  },
};
