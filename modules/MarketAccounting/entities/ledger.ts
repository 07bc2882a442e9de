/**
 * The journal (documents.md, "ledgers and balances"): every posting — a voucher, a receipt or
 * payment, a cheque's change of status, a followed document of another module — appends journal
 * lines, and adds to the balance of its account × party × cash box × bank account × Jalali month.
 * Reports read the balances (a trial balance over any number of lines is a few hundred rows) and
 * the lines of one party or account. Both are the server's: devices pull them read-only.
 */
import { defineEntity } from '../../../src/contract/entity.ts';

const where = {
  accountId: {
    kind: 'reference',
    to: 'MarketAccounting/Account',
    label: /*i18n*/ { id: 'acc.field.Journal.accountId', message: 'Account' },
    readOnly: true,
  },
  partyId: {
    kind: 'reference',
    to: 'MarketAccounting/Party',
    label: /*i18n*/ { id: 'acc.field.Journal.partyId', message: 'Party' },
    readOnly: true,
  },
  cashBoxId: {
    kind: 'reference',
    to: 'MarketAccounting/CashBox',
    label: /*i18n*/ { id: 'acc.field.Journal.cashBoxId', message: 'Cash box' },
    readOnly: true,
  },
  bankAccountId: {
    kind: 'reference',
    to: 'MarketAccounting/BankAccount',
    label: /*i18n*/ { id: 'acc.field.Journal.bankAccountId', message: 'Bank account' },
    readOnly: true,
  },
  month: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Journal.month', message: 'Month' }, readOnly: true, internal: true },
  debit: { kind: 'money', label: /*i18n*/ { id: 'acc.field.Journal.debit', message: 'Debit' }, readOnly: true },
  credit: { kind: 'money', label: /*i18n*/ { id: 'acc.field.Journal.credit', message: 'Credit' }, readOnly: true },
} as const;

export const JournalLine = defineEntity({
  module: 'MarketAccounting',
  name: 'JournalLine',
  label: /*i18n*/ { id: 'entity.MarketAccounting.JournalLine', message: 'Journal line' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.JournalLine.plural', message: 'Journal' },
  serverOnly: true,
  fields: {
    date: { kind: 'date', label: /*i18n*/ { id: 'acc.field.Journal.date', message: 'Date' }, readOnly: true },
    ...where,
    chequeId: {
      kind: 'reference',
      to: 'MarketAccounting/Cheque',
      label: /*i18n*/ { id: 'acc.field.Journal.chequeId', message: 'Cheque' },
      readOnly: true,
    },
    note: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Journal.note', message: 'Description' }, readOnly: true },
    sourceType: {
      kind: 'text',
      label: /*i18n*/ { id: 'acc.field.Journal.sourceType', message: 'Document type' },
      readOnly: true,
      internal: true,
    },
    sourceId: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Journal.sourceId', message: 'Document' }, readOnly: true, internal: true },
    sourceNumber: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Journal.sourceNumber', message: 'Document number' }, readOnly: true },
    seq: { kind: 'integer', label: /*i18n*/ { id: 'acc.field.Journal.seq', message: 'Order' }, readOnly: true, internal: true },
  },
  titleField: 'sourceNumber',
  listFields: ['date', 'sourceNumber', 'accountId', 'partyId', 'debit', 'credit', 'note'],
  searchFields: ['sourceNumber', 'note'],
  // No index by account: no query on the device reads one (~200 bytes a row there, decision 056); the server indexes references anyway.
  indexes: ['date', 'partyId', 'sourceId'],
  deviceIndexes: [['partyId', 'date']],
  defaultSort: { field: 'date', direction: 'desc' },
  window: { field: 'date', years: 1 },
});

export const AccountBalance = defineEntity({
  module: 'MarketAccounting',
  name: 'AccountBalance',
  label: /*i18n*/ { id: 'entity.MarketAccounting.AccountBalance', message: 'Account balance' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.AccountBalance.plural', message: 'Account balances' },
  serverOnly: true,
  fields: where,
  titleField: 'month',
  listFields: ['month', 'accountId', 'partyId', 'debit', 'credit'],
  searchFields: [],
  // Screens read the balances whole (useBooks): an index by account or party would cost ~150 bytes
  // a row on the device and serve no query (decision 056); the server indexes references anyway.
  indexes: ['month'],
  defaultSort: { field: 'month', direction: 'asc' },
});
