/**
 * Accounting's documents (market-accounting.md, documents.md): the voucher (سند), whose lines are
 * debits and credits that must balance, and the receipt or payment (دریافت / پرداخت) of a party,
 * each line one way of paying (cash, transfer, card or cheque). Both post journal lines on submit
 * and the exact reverse on cancel. A cheque received or issued by a receipt or payment becomes a
 * Cheque row the server makes; changing its status posts again.
 */
import { defineEntity, type Line, type Row } from '../../../src/contract/entity.ts';
import { toRials } from '../../../src/contract/money.ts';

/** The sum of one money column of a document's lines. */
const linesSum = (row: Row, field: string) =>
  ((row.lines as Line[] | undefined) ?? []).reduce((sum, line) => sum + (toRials(line[field]) ?? 0n), 0n);

export const Voucher = defineEntity({
  module: 'MarketAccounting',
  name: 'Voucher',
  label: /*i18n*/ { id: 'entity.MarketAccounting.Voucher', message: 'Voucher' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.Voucher.plural', message: 'Vouchers' },
  fields: {
    date: { kind: 'date', label: /*i18n*/ { id: 'acc.field.Voucher.date', message: 'Date' }, required: true },
    description: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Voucher.description', message: 'Description' }, max: 200 },
  },
  document: {
    series: 'JV',
    print: {
      title: /*i18n*/ { id: 'acc.print.Voucher', message: 'Accounting voucher' },
      totals: ['debit', 'credit'],
      amount: (row) => linesSum(row, 'debit'),
    },
    lines: {
      accountId: {
        kind: 'reference',
        to: 'MarketAccounting/Account',
        label: /*i18n*/ { id: 'acc.field.VoucherLine.accountId', message: 'Account' },
        required: true,
      },
      partyId: {
        kind: 'reference',
        to: 'MarketAccounting/Party',
        label: /*i18n*/ { id: 'acc.field.VoucherLine.partyId', message: 'Party' },
      },
      cashBoxId: {
        kind: 'reference',
        to: 'MarketAccounting/CashBox',
        label: /*i18n*/ { id: 'acc.field.VoucherLine.cashBoxId', message: 'Cash box' },
      },
      bankAccountId: {
        kind: 'reference',
        to: 'MarketAccounting/BankAccount',
        label: /*i18n*/ { id: 'acc.field.VoucherLine.bankAccountId', message: 'Bank account' },
      },
      debit: { kind: 'money', label: /*i18n*/ { id: 'acc.field.VoucherLine.debit', message: 'Debit' }, min: 0 },
      credit: { kind: 'money', label: /*i18n*/ { id: 'acc.field.VoucherLine.credit', message: 'Credit' }, min: 0 },
      note: { kind: 'text', label: /*i18n*/ { id: 'acc.field.VoucherLine.note', message: 'Note' }, max: 200 },
    },
  },
  titleField: 'description',
  listFields: ['date', 'description'],
  searchFields: ['description'],
  indexes: ['date'],
  defaultSort: { field: 'date', direction: 'desc' },
  window: { field: 'date', years: 1, keep: { field: 'status', values: ['draft'] } },
});

export const paymentMethods = [
  { value: 'cash', label: /*i18n*/ { id: 'acc.method.cash', message: 'Cash' } },
  { value: 'transfer', label: /*i18n*/ { id: 'acc.method.transfer', message: 'Bank transfer' } },
  { value: 'card', label: /*i18n*/ { id: 'acc.method.card', message: 'Card' } },
  { value: 'cheque', label: /*i18n*/ { id: 'acc.method.cheque', message: 'Cheque' } },
] as const;

export type PaymentMethod = (typeof paymentMethods)[number]['value'];

/** A cheque's own details apply to a cheque line only. */
const onCheque = { field: 'method', is: ['cheque'] } as const;

export const Payment = defineEntity({
  module: 'MarketAccounting',
  name: 'Payment',
  label: /*i18n*/ { id: 'entity.MarketAccounting.Payment', message: 'Receipt or payment' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.Payment.plural', message: 'Receipts and payments' },
  fields: {
    direction: {
      kind: 'select',
      label: /*i18n*/ { id: 'acc.field.Payment.direction', message: 'Kind' },
      required: true,
      options: [
        { value: 'in', label: /*i18n*/ { id: 'acc.payment.in', message: 'Received from' } },
        { value: 'out', label: /*i18n*/ { id: 'acc.payment.out', message: 'Paid to' } },
      ],
    },
    date: { kind: 'date', label: /*i18n*/ { id: 'acc.field.Payment.date', message: 'Date' }, required: true },
    partyId: {
      kind: 'reference',
      to: 'MarketAccounting/Party',
      label: /*i18n*/ { id: 'acc.field.Payment.partyId', message: 'Party' },
      required: true,
    },
    note: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Payment.note', message: 'Note' }, max: 200 },
    invoiceId: {
      kind: 'reference',
      to: 'MarketAccounting/Invoice',
      label: /*i18n*/ { id: 'acc.field.Payment.invoiceId', message: 'Settles invoice' },
      hint: /*i18n*/ {
        id: 'acc.field.Payment.invoiceId.hint',
        message: 'Made and cancelled with this invoice, never on its own.',
      },
      readOnly: true,
      // Its page shows the invoice by its number instead (client/parts/InvoiceCheques.tsx).
      internal: true,
    },
    /** The party's account it settles, when its invoice says (a refund of a sales return settles the receivable). */
    partyAccount: {
      kind: 'select',
      label: /*i18n*/ { id: 'acc.field.Payment.partyAccount', message: 'Party’s account' },
      options: [
        { value: 'receivable', label: /*i18n*/ { id: 'acc.role.receivable', message: 'Receivables' } },
        { value: 'payable', label: /*i18n*/ { id: 'acc.role.payable', message: 'Payables' } },
      ],
      readOnly: true,
      internal: true,
    },
  },
  document: {
    series: 'RP',
    print: {
      title: (row) =>
        row.direction === 'out'
          ? /*i18n*/ { id: 'acc.print.Payment.out', message: 'Payment voucher' }
          : /*i18n*/ { id: 'acc.print.Payment.in', message: 'Receipt voucher' },
      totals: ['amount'],
      amount: (row) => linesSum(row, 'amount'),
    },
    lines: {
      method: {
        kind: 'select',
        label: /*i18n*/ { id: 'acc.field.PaymentLine.method', message: 'By' },
        required: true,
        options: paymentMethods,
      },
      amount: { kind: 'money', label: /*i18n*/ { id: 'acc.field.PaymentLine.amount', message: 'Amount' }, required: true, min: 1 },
      cashBoxId: {
        kind: 'reference',
        to: 'MarketAccounting/CashBox',
        label: /*i18n*/ { id: 'acc.field.PaymentLine.cashBoxId', message: 'Cash box' },
        appliesWhen: { field: 'method', is: ['cash'] },
      },
      bankAccountId: {
        kind: 'reference',
        to: 'MarketAccounting/BankAccount',
        label: /*i18n*/ { id: 'acc.field.PaymentLine.bankAccountId', message: 'Bank account' },
        appliesWhen: { field: 'method', is: ['transfer', 'card', 'cheque'] },
      },
      chequeBank: {
        kind: 'text',
        label: /*i18n*/ { id: 'acc.field.PaymentLine.chequeBank', message: 'Cheque’s bank' },
        max: 60,
        appliesWhen: onCheque,
      },
      chequeSerial: {
        kind: 'text',
        label: /*i18n*/ { id: 'acc.field.PaymentLine.chequeSerial', message: 'Cheque serial' },
        max: 30,
        appliesWhen: onCheque,
      },
      dueDate: { kind: 'date', label: /*i18n*/ { id: 'acc.field.PaymentLine.dueDate', message: 'Due date' }, appliesWhen: onCheque },
    },
  },
  titleField: 'note',
  listFields: ['date', 'direction', 'partyId', 'note'],
  searchFields: ['note'],
  indexes: ['date', 'direction', 'partyId'],
  defaultSort: { field: 'date', direction: 'desc' },
  window: { field: 'date', years: 1, keep: { field: 'status', values: ['draft'] } },
});

export const chequeStatuses = [
  { value: 'inHand', label: /*i18n*/ { id: 'acc.cheque.inHand', message: 'In hand' } },
  { value: 'deposited', label: /*i18n*/ { id: 'acc.cheque.deposited', message: 'Deposited' } },
  { value: 'cleared', label: /*i18n*/ { id: 'acc.cheque.cleared', message: 'Cleared' } },
  { value: 'bounced', label: /*i18n*/ { id: 'acc.cheque.bounced', message: 'Bounced' } },
  { value: 'returned', label: /*i18n*/ { id: 'acc.cheque.returned', message: 'Returned' } },
] as const;

export type ChequeStatus = (typeof chequeStatuses)[number]['value'];

/** A cheque received or issued: made by the server when its receipt or payment is submitted. */
export const Cheque = defineEntity({
  module: 'MarketAccounting',
  name: 'Cheque',
  label: /*i18n*/ { id: 'entity.MarketAccounting.Cheque', message: 'Cheque' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.Cheque.plural', message: 'Cheques' },
  fields: {
    direction: {
      kind: 'select',
      label: /*i18n*/ { id: 'acc.field.Cheque.direction', message: 'Received or issued' },
      options: [
        { value: 'received', label: /*i18n*/ { id: 'acc.cheque.received', message: 'Received' } },
        { value: 'issued', label: /*i18n*/ { id: 'acc.cheque.issued', message: 'Issued' } },
      ],
      readOnly: true,
    },
    serial: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Cheque.serial', message: 'Serial' }, readOnly: true },
    bank: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Cheque.bank', message: 'Bank' }, readOnly: true },
    amount: { kind: 'money', label: /*i18n*/ { id: 'acc.field.Cheque.amount', message: 'Amount' }, readOnly: true },
    dueDate: { kind: 'date', label: /*i18n*/ { id: 'acc.field.Cheque.dueDate', message: 'Due date' }, readOnly: true },
    partyId: {
      kind: 'reference',
      to: 'MarketAccounting/Party',
      label: /*i18n*/ { id: 'acc.field.Cheque.partyId', message: 'Party' },
      readOnly: true,
    },
    paymentId: {
      kind: 'reference',
      to: 'MarketAccounting/Payment',
      label: /*i18n*/ { id: 'acc.field.Cheque.paymentId', message: 'Receipt or payment' },
      readOnly: true,
      internal: true,
    },
    status: {
      kind: 'select',
      label: /*i18n*/ { id: 'acc.field.Cheque.status', message: 'Status' },
      required: true,
      options: chequeStatuses,
    },
    statusDate: { kind: 'date', label: /*i18n*/ { id: 'acc.field.Cheque.statusDate', message: 'Status since' } },
    bankAccountId: {
      kind: 'reference',
      to: 'MarketAccounting/BankAccount',
      label: /*i18n*/ { id: 'acc.field.Cheque.bankAccountId', message: 'Our bank account' },
      hint: /*i18n*/ {
        id: 'acc.field.Cheque.bankAccountId.hint',
        message: 'Where a received cheque is deposited, or the account an issued one is drawn on.',
      },
    },
    voided: {
      kind: 'boolean',
      label: /*i18n*/ { id: 'acc.field.Cheque.voided', message: 'Cancelled with its receipt or payment' },
      readOnly: true,
    },
  },
  titleField: 'serial',
  listFields: ['dueDate', 'direction', 'serial', 'partyId', 'amount', 'status'],
  searchFields: ['serial', 'bank'],
  indexes: ['dueDate', 'status', 'partyId', 'direction'],
  defaultSort: { field: 'dueDate', direction: 'asc' },
});
