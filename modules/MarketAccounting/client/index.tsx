/**
 * Accounting's client part: its navigation (each place shown to those whose role opens it) and a
 * screen for each route: the spec's dashboard, and our own under MarketAccounting/.
 */
import { msg } from '@lingui/core/macro';
import { permission } from '@/contract/entity.ts';
import { defineClientModule, lazyScreen } from '@/moduleKit.ts';
import { Account, BankAccount, CashBox, Party, Settings } from '../entities/books.ts';
import { Cheque, Payment, Voucher } from '../entities/documents.ts';
import { Invoice } from '../entities/invoices.ts';
import { AccountBalance, JournalLine } from '../entities/ledger.ts';
import module from '../module.ts';
import { Refusal } from './parts/Refusal.tsx';

const read = (e: Parameters<typeof permission>[0]) => permission(e, 'read');

export default defineClientModule({
  module,
  documentPages: { Voucher: 'voucherDetails', Payment: 'paymentDetails', Cheque: 'cheques', Invoice: 'invoiceDetails' },
  refusals: { Voucher: Refusal, Payment: Refusal, Invoice: Refusal },
  name: msg`Accounting`,
  description: msg`Chart of accounts, vouchers, receipts and payments, cheques, parties’ running accounts and the reports of the books.`,
  icon: 'wallet',
  nav: [
    { screen: 'dashboard', label: msg`Dashboard`, needs: read(AccountBalance) },
    { screen: 'counterSale', label: msg`Counter sale`, needs: permission(Invoice, 'submit') },
    { screen: 'invoices', label: msg`Invoices`, needs: read(Invoice) },
    { screen: 'payments', label: msg`Receipts and payments`, needs: read(Payment) },
    { screen: 'cheques', label: msg`Cheques`, needs: read(Cheque) },
    { screen: 'vouchers', label: msg`Vouchers`, needs: read(Voucher) },
    { screen: 'journal', label: msg`Journal`, needs: read(JournalLine) },
    { screen: 'statement', label: msg`Party statement`, needs: read(JournalLine) },
    { screen: 'trialBalance', label: msg`Trial balance`, needs: read(AccountBalance) },
    { screen: 'profitAndLoss', label: msg`Profit and loss`, needs: read(AccountBalance) },
    { screen: 'cashAndBank', label: msg`Cash and bank balances`, needs: read(AccountBalance) },
    { screen: 'parties', label: msg`Parties`, needs: read(Party) },
    { screen: 'cashBoxes', label: msg`Cash boxes`, needs: read(CashBox) },
    { screen: 'bankAccounts', label: msg`Bank accounts`, needs: read(BankAccount) },
    { screen: 'accounts', label: msg`Chart of accounts`, needs: read(Account) },
    { screen: 'settings', label: msg`Accounting settings`, needs: permission(Settings, 'update') },
    { screen: 'taxQueue', label: msg`Tax system queue`, needs: read(Settings) },
    { screen: 'taxSettings', label: msg`Tax system settings`, needs: permission(Settings, 'update') },
  ],
  screens: {
    dashboard: lazyScreen(() => import('./screens/Dashboard.tsx'), 'Dashboard'),
    accounts: lazyScreen(() => import('./screens/accounts.tsx'), 'AccountList'),
    accountRow: lazyScreen(() => import('./screens/accounts.tsx'), 'AccountRow'),
    cashBoxes: lazyScreen(() => import('./screens/masterData.tsx'), 'CashBoxes'),
    bankAccounts: lazyScreen(() => import('./screens/masterData.tsx'), 'BankAccounts'),
    parties: lazyScreen(() => import('./screens/masterData.tsx'), 'PartyList'),
    settings: lazyScreen(() => import('./screens/masterData.tsx'), 'AccountingSettings'),
    vouchers: lazyScreen(() => import('./screens/vouchers.tsx'), 'VoucherList'),
    addVoucher: lazyScreen(() => import('./screens/vouchers.tsx'), 'AddVoucher'),
    voucherDetails: lazyScreen(() => import('./screens/vouchers.tsx'), 'VoucherDetails'),
    invoices: lazyScreen(() => import('./screens/invoices.tsx'), 'InvoiceList'),
    addInvoice: lazyScreen(() => import('./screens/invoices.tsx'), 'AddInvoice'),
    invoiceDetails: lazyScreen(() => import('./screens/invoices.tsx'), 'InvoiceDetails'),
    counterSale: lazyScreen(() => import('./screens/CounterSale.tsx'), 'CounterSale'),
    invoicePrint: lazyScreen(() => import('./screens/OfficialPrint.tsx'), 'OfficialPrint'),
    payments: lazyScreen(() => import('./screens/payments.tsx'), 'PaymentList'),
    addPayment: lazyScreen(() => import('./screens/payments.tsx'), 'AddPayment'),
    paymentDetails: lazyScreen(() => import('./screens/payments.tsx'), 'PaymentDetails'),
    cheques: lazyScreen(() => import('./screens/ChequeList.tsx'), 'ChequeList'),
    journal: lazyScreen(() => import('./screens/masterData.tsx'), 'JournalList'),
    statement: lazyScreen(() => import('./screens/PartyStatement.tsx'), 'PartyStatement'),
    trialBalance: lazyScreen(() => import('./screens/TrialBalance.tsx'), 'TrialBalance'),
    profitAndLoss: lazyScreen(() => import('./screens/ProfitAndLoss.tsx'), 'ProfitAndLoss'),
    cashAndBank: lazyScreen(() => import('./screens/CashAndBank.tsx'), 'CashAndBank'),
    taxQueue: lazyScreen(() => import('./screens/TaxQueue.tsx'), 'TaxQueue'),
    taxSettings: lazyScreen(() => import('./screens/TaxSettings.tsx'), 'TaxSettings'),
  },
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
