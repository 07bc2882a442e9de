/** Sales' server part: the rules of sales (amounts, stages, subscriptions, invoicing), payments and support; a sale's invoice is published (saleEvents.ts). */
import { join } from 'node:path';
import { defineServerModule } from '../../../server/moduleApi.ts';
import module from '../module.ts';
import { booksChecks } from './booksChecks.ts';
import { paymentHooks } from './paymentHooks.ts';
import { agentRegionHooks, customerRegionHooks } from './regionHooks.ts';
import { saleEvents } from './saleEvents.ts';
import { saleHooks } from './saleHooks.ts';
import { notifications } from './notifications.ts';
import { performanceRoute } from './performanceRoute.ts';
import { messageHooks, requestHooks } from './supportHooks.ts';

export default defineServerModule({
  module,
  hooks: {
    Sale: saleHooks,
    Payment: paymentHooks,
    Request: requestHooks,
    RequestMessage: messageHooks,
    Customer: customerRegionHooks,
    Agent: agentRegionHooks,
  },
  // Rows made before their scope followed their parent's take it once (decision 020).
  migrations: join(import.meta.dirname, 'migrations'),
  books: booksChecks,
  publishes: [saleEvents],
  notifications,
  routes: { panel: (scope) => performanceRoute(scope) },
});
