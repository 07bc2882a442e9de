/** Accounting's server part: the rules and postings of its entities, the documents it follows, and its route. */
import { join } from 'node:path';
import { defineServerModule } from '../../../server/moduleApi.ts';
import module from '../module.ts';
import { booksChecks } from './booksChecks.ts';
import { booksRoute } from './booksRoute.ts';
import { chequeHooks } from './chequeHooks.ts';
import { followers } from './followers.ts';
import { accountHooks, bankAccountHooks, settingsHooks } from './masterHooks.ts';
import { invoiceHooks } from './invoiceHooks.ts';
import { paymentHooks } from './paymentHooks.ts';
import { notifications } from './notifications.ts';
import { reminders } from './reminders.ts';
import { statementRoute } from './statementRoute.ts';
import { voucherHooks } from './voucherHooks.ts';
import { taxSystemJob } from './taxSystem/job.ts';
import { taxSystemRoutes } from './taxSystem/routes.ts';

export default defineServerModule({
  module,
  hooks: {
    Account: accountHooks,
    BankAccount: bankAccountHooks,
    Settings: settingsHooks,
    Voucher: voucherHooks,
    Payment: paymentHooks,
    Cheque: chequeHooks,
    Invoice: invoiceHooks,
  },
  followers,
  routes: {
    panel: (scope) => {
      booksRoute(scope);
      statementRoute(scope);
      taxSystemRoutes(scope);
    },
  },
  books: booksChecks,
  migrations: join(import.meta.dirname, 'migrations'),
  notifications,
  reminders,
  jobs: [taxSystemJob],
});
