/** Every accounting screen's path, written once; links are built from here. */
import { modulePath } from '../../../src/contract/routes.ts';

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

/** The path of a screen with its query. */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
