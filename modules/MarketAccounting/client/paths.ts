/** Every accounting screen's path, written once; links are built from here. */
import { modulePath } from '@/contract/routes.ts';

const at = (screen: string) => modulePath('MarketAccounting', screen);

export const acc = {
  dashboard: at('dashboard'),
  accounts: at('Accounts/AccountList'),
  accountRow: at('Accounts/AccountRow'),
  cashBoxes: at('Treasury/CashBoxes'),
  bankAccounts: at('Treasury/BankAccounts'),
  parties: at('Parties/PartyList'),
  vouchers: at('Voucher/VoucherList'),
  addVoucher: at('Voucher/AddVoucher'),
  voucherDetails: at('Voucher/VoucherDetails'),
  payments: at('Payment/PaymentList'),
  addPayment: at('Payment/AddPayment'),
  paymentDetails: at('Payment/PaymentDetails'),
  cheques: at('Cheque/ChequeList'),
  statement: at('Reports/PartyStatement'),
  trialBalance: at('Reports/TrialBalance'),
  profitAndLoss: at('Reports/ProfitAndLoss'),
  cashAndBank: at('Reports/CashAndBank'),
  settings: at('Settings/AccountingSettings'),
} as const;

export { withQuery } from '@/contract/routes.ts';
