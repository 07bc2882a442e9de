/** Warehousing's server part: the rules of locations and the posting of receipts. */
import { defineServerModule } from '../../../server/moduleApi.ts';
import module from '../module.ts';
import { locationHooks } from './locationHooks.ts';
import { receiptHooks } from './receiptHooks.ts';

export default defineServerModule({
  module,
  hooks: { Location: locationHooks, Receipt: receiptHooks },
});
