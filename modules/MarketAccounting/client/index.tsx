/**
 * Accounting's client part: its navigation (each place shown to those whose role opens it) and a
 * screen for each route: the spec's dashboard, and our own under MarketAccounting/.
 */
import { msg } from '@lingui/core/macro';
import { permission } from '@/contract/entity.ts';
import { defineClientModule, lazyScreen } from '@/moduleKit.ts';
import { Account, BankAccount, CashBox, Party, Settings } from '../entities/books.ts';
import { Cheque, Payment, Voucher } from '../entities/documents.ts';
import { AccountBalance, JournalLine } from '../entities/ledger.ts';
import module from '../module.ts';
import { Refusal } from './parts/Refusal.tsx';

const read = (e: Parameters<typeof permission>[0]) => permission(e, 'read');

export default defineClientModule({
  module,
  documentPages: { Voucher: 'Voucher/VoucherDetails', Payment: 'Payment/PaymentDetails' },
  refusals: { Voucher: Refusal, Payment: Refusal },
  name: msg`Accounting`,
  description: msg`Chart of accounts, vouchers, receipts and payments, cheques, parties’ running accounts and the reports of the books.`,
  icon: 'wallet',
  nav: [
    { screen: 'dashboard', label: msg`Dashboard`, needs: read(AccountBalance) },
    { screen: 'Payment/PaymentList', label: msg`Receipts and payments`, needs: read(Payment) },
    { screen: 'Cheque/ChequeList', label: msg`Cheques`, needs: read(Cheque) },
    { screen: 'Voucher/VoucherList', label: msg`Vouchers`, needs: read(Voucher) },
    { screen: 'Journal/JournalList', label: msg`Journal`, needs: read(JournalLine) },
    { screen: 'Reports/PartyStatement', label: msg`Party statement`, needs: read(JournalLine) },
    { screen: 'Reports/TrialBalance', label: msg`Trial balance`, needs: read(AccountBalance) },
    { screen: 'Reports/ProfitAndLoss', label: msg`Profit and loss`, needs: read(AccountBalance) },
    { screen: 'Reports/CashAndBank', label: msg`Cash and bank balances`, needs: read(AccountBalance) },
    { screen: 'Parties/PartyList', label: msg`Parties`, needs: read(Party) },
    { screen: 'Treasury/CashBoxes', label: msg`Cash boxes`, needs: read(CashBox) },
    { screen: 'Treasury/BankAccounts', label: msg`Bank accounts`, needs: read(BankAccount) },
    { screen: 'Accounts/AccountList', label: msg`Chart of accounts`, needs: read(Account) },
    { screen: 'Settings/AccountingSettings', label: msg`Accounting settings`, needs: permission(Settings, 'update') },
  ],
  screens: {
    dashboard: lazyScreen(() => import('./screens/Dashboard.tsx'), 'Dashboard'),
    'Accounts/AccountList': lazyScreen(() => import('./screens/accounts.tsx'), 'AccountList'),
    'Accounts/AccountRow': lazyScreen(() => import('./screens/accounts.tsx'), 'AccountRow'),
    'Treasury/CashBoxes': lazyScreen(() => import('./screens/masterData.tsx'), 'CashBoxes'),
    'Treasury/BankAccounts': lazyScreen(() => import('./screens/masterData.tsx'), 'BankAccounts'),
    'Parties/PartyList': lazyScreen(() => import('./screens/masterData.tsx'), 'PartyList'),
    'Settings/AccountingSettings': lazyScreen(() => import('./screens/masterData.tsx'), 'AccountingSettings'),
    'Voucher/VoucherList': lazyScreen(() => import('./screens/vouchers.tsx'), 'VoucherList'),
    'Voucher/AddVoucher': lazyScreen(() => import('./screens/vouchers.tsx'), 'AddVoucher'),
    'Voucher/VoucherDetails': lazyScreen(() => import('./screens/vouchers.tsx'), 'VoucherDetails'),
    'Payment/PaymentList': lazyScreen(() => import('./screens/payments.tsx'), 'PaymentList'),
    'Payment/AddPayment': lazyScreen(() => import('./screens/payments.tsx'), 'AddPayment'),
    'Payment/PaymentDetails': lazyScreen(() => import('./screens/payments.tsx'), 'PaymentDetails'),
    'Cheque/ChequeList': lazyScreen(() => import('./screens/ChequeList.tsx'), 'ChequeList'),
    'Journal/JournalList': lazyScreen(() => import('./screens/masterData.tsx'), 'JournalList'),
    'Reports/PartyStatement': lazyScreen(() => import('./screens/PartyStatement.tsx'), 'PartyStatement'),
    'Reports/TrialBalance': lazyScreen(() => import('./screens/TrialBalance.tsx'), 'TrialBalance'),
    'Reports/ProfitAndLoss': lazyScreen(() => import('./screens/ProfitAndLoss.tsx'), 'ProfitAndLoss'),
    'Reports/CashAndBank': lazyScreen(() => import('./screens/CashAndBank.tsx'), 'CashAndBank'),
  },
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
