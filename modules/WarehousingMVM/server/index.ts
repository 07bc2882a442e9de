/** Warehousing's server part: the rules of locations, the posting of every stock document, the count entries' rules, the receipt's published event and stock on hand a page at a time. */
import { join } from 'node:path';
import { defineServerModule } from '../../../server/moduleApi.ts';
import module from '../module.ts';
import { booksChecks } from './booksChecks.ts';
import { countEntryHooks, stockCountHooks } from './countHooks.ts';
import { cargoHooks, consignmentHooks } from './inboundHooks.ts';
import { locationHooks } from './locationHooks.ts';
import { receiptEvents } from './receiptEvents.ts';
import { receiptHooks } from './receiptHooks.ts';
import { reminders } from './reminders.ts';
import { stockOnHandRoute } from './stockOnHandRoute.ts';
import { arrivalHooks, transferHooks } from './transferHooks.ts';

export default defineServerModule({
  module,
  hooks: {
    Location: locationHooks,
    Receipt: receiptHooks,
    Transfer: transferHooks,
    TransferArrival: arrivalHooks,
    StockCount: stockCountHooks,
    CountEntry: countEntryHooks,
    Cargo: cargoHooks,
    Consignment: consignmentHooks,
  },
  publishes: [receiptEvents],
  books: booksChecks,
  // Products tracked by batch before `expires` existed keep expiring (issue 24).
  migrations: join(import.meta.dirname, 'migrations'),
  reminders,
  // Stock on hand a page at a time with the warehouse's totals, from the valuations (decision 052).
  routes: { panel: stockOnHandRoute },
});
