/**
 * A receipt's submit posts its lines in (or out) of stock; its cancel posts the exact opposite.
 * Opening stock is goods in from nobody: one marked `opening` with a party, or going out, is refused.
 */
import { Code } from '../../../src/contract/codes.ts';
import { RuleRejection, type EntityHooks } from '../../../server/moduleApi.ts';
import { changesOfLines, postStock, reversalOf } from './stockPosting.ts';

export const receiptHooks: EntityHooks = {
  async onSubmit(ctx, doc) {
    if (doc.opening === true && (doc.direction !== 'in' || doc.partyId)) throw new RuleRejection(Code.BadRequest, { opening: 'option' });
    await postStock(ctx, doc, 'submit', await changesOfLines(ctx, doc, doc.direction === 'in' ? 1 : -1));
  },
  async onCancel(ctx, doc) {
    await postStock(ctx, doc, 'cancel', await reversalOf(ctx, doc.id));
  },
};
