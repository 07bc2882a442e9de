/** A receipt's submit posts its lines in (or out) of stock; its cancel posts the exact opposite. */
import type { EntityHooks } from '../../../server/moduleApi.ts';
import { changesOfLines, postStock, reversalOf } from './stockPosting.ts';

export const receiptHooks: EntityHooks = {
  async onSubmit(ctx, doc) {
    await postStock(ctx, doc, 'submit', await changesOfLines(ctx, doc, doc.direction === 'in' ? 1 : -1));
  },
  async onCancel(ctx, doc) {
    await postStock(ctx, doc, 'cancel', await reversalOf(ctx, doc.id));
  },
};
