/** Sales' server part: the rules of sales (amounts, stages, subscriptions, invoicing), payments and support. */
import { defineServerModule } from '../../../server/moduleApi.ts';
import module from '../module.ts';
import { booksChecks } from './booksChecks.ts';
import { paymentHooks } from './paymentHooks.ts';
import { saleHooks } from './saleHooks.ts';
import { messageHooks, requestHooks } from './supportHooks.ts';

export default defineServerModule({
  module,
  hooks: { Sale: saleHooks, Payment: paymentHooks, Request: requestHooks, RequestMessage: messageHooks },
  books: booksChecks,
});
