/**
 * Market accounting (market-accounting.md): the chart of accounts, cash boxes and bank accounts,
 * vouchers, receipts and payments, cheques, the journal with its balances, the reports and the
 * dashboard. It follows warehousing's receipts and invoiced sales when those are enabled, without
 * depending on either (docs/decisions/016-accounting-parties-and-posting.md): it listens to the
 * events they publish (docs/decisions/033-published-document-events.md).
 */
import { defineModule } from '../../src/contract/module.ts';
import { Account, BankAccount, CashBox, Party, Settings } from './entities/books.ts';
import { Cheque, Payment, Voucher } from './entities/documents.ts';
import { Invoice } from './entities/invoices.ts';
import { AccountBalance, JournalLine } from './entities/ledger.ts';

export default defineModule({
  key: 'MarketAccounting',
  order: 50,
  listensTo: ['WarehousingMVM', 'NagemManagement'],
  entities: [Account, CashBox, BankAccount, Party, Settings, Voucher, Payment, Cheque, Invoice, JournalLine, AccountBalance],
  routes: {
    dashboard: 'dashboard',
    accounts: 'Accounts/AccountList',
    accountRow: 'Accounts/AccountRow',
    cashBoxes: 'Treasury/CashBoxes',
    bankAccounts: 'Treasury/BankAccounts',
    parties: 'Parties/PartyList',
    vouchers: 'Voucher/VoucherList',
    addVoucher: 'Voucher/AddVoucher',
    voucherDetails: 'Voucher/VoucherDetails',
    payments: 'Payment/PaymentList',
    addPayment: 'Payment/AddPayment',
    paymentDetails: 'Payment/PaymentDetails',
    invoices: 'Invoice/InvoiceList',
    addInvoice: 'Invoice/AddInvoice',
    invoiceDetails: 'Invoice/InvoiceDetails',
    counterSale: 'Invoice/CounterSale',
    invoicePrint: 'Invoice/InvoicePrint',
    cheques: 'Cheque/ChequeList',
    journal: 'Journal/JournalList',
    statement: 'Reports/PartyStatement',
    trialBalance: 'Reports/TrialBalance',
    profitAndLoss: 'Reports/ProfitAndLoss',
    cashAndBank: 'Reports/CashAndBank',
    taxQueue: 'TaxSystem/Queue',
    taxSettings: 'TaxSystem/Settings',
    settings: 'Settings/AccountingSettings',
  },
});
