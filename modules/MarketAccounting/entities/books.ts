/**
 * Accounting's master data (market-accounting.md): the chart of accounts (a tree, seeded with a
 * standard chart on first use), cash boxes, bank accounts, the parties whose running accounts are
 * kept, and the panel's accounting settings (money shown in rials or tomans, the closed period).
 */
import { defineEntity } from '../../../src/contract/entity.ts';
import { normalizeSheba } from '../../../src/contract/normalize.ts';

export const accountKinds = [
  { value: 'asset', label: /*i18n*/ { id: 'acc.kind.asset', message: 'Asset' } },
  { value: 'liability', label: /*i18n*/ { id: 'acc.kind.liability', message: 'Liability' } },
  { value: 'equity', label: /*i18n*/ { id: 'acc.kind.equity', message: 'Equity' } },
  { value: 'income', label: /*i18n*/ { id: 'acc.kind.income', message: 'Income' } },
  { value: 'expense', label: /*i18n*/ { id: 'acc.kind.expense', message: 'Expense' } },
] as const;

export type AccountKind = (typeof accountKinds)[number]['value'];

/** What the server posts to an account by itself; the standard chart's accounts carry it. */
export const accountRoles = [
  { value: 'cash', label: /*i18n*/ { id: 'acc.role.cash', message: 'Cash' } },
  { value: 'bank', label: /*i18n*/ { id: 'acc.role.bank', message: 'Bank' } },
  { value: 'receivable', label: /*i18n*/ { id: 'acc.role.receivable', message: 'Receivables' } },
  { value: 'chequesInHand', label: /*i18n*/ { id: 'acc.role.chequesInHand', message: 'Cheques in hand' } },
  { value: 'chequesInCollection', label: /*i18n*/ { id: 'acc.role.chequesInCollection', message: 'Cheques in collection' } },
  { value: 'inventory', label: /*i18n*/ { id: 'acc.role.inventory', message: 'Inventory' } },
  { value: 'payable', label: /*i18n*/ { id: 'acc.role.payable', message: 'Payables' } },
  { value: 'chequesPayable', label: /*i18n*/ { id: 'acc.role.chequesPayable', message: 'Cheques payable' } },
  { value: 'vatPayable', label: /*i18n*/ { id: 'acc.role.vatPayable', message: 'VAT payable' } },
  { value: 'revenue', label: /*i18n*/ { id: 'acc.role.revenue', message: 'Sales revenue' } },
  { value: 'costOfSales', label: /*i18n*/ { id: 'acc.role.costOfSales', message: 'Cost of goods sold' } },
  { value: 'openingBalance', label: /*i18n*/ { id: 'acc.role.openingBalance', message: 'Opening balances' } },
  { value: 'vatReceivable', label: /*i18n*/ { id: 'acc.role.vatReceivable', message: 'VAT receivable' } },
  { value: 'purchases', label: /*i18n*/ { id: 'acc.role.purchases', message: 'Purchases not kept in stock' } },
  { value: 'salesReturns', label: /*i18n*/ { id: 'acc.role.salesReturns', message: 'Sales returns' } },
] as const;

export type AccountRole = (typeof accountRoles)[number]['value'];

export const Account = defineEntity({
  module: 'MarketAccounting',
  name: 'Account',
  label: /*i18n*/ { id: 'entity.MarketAccounting.Account', message: 'Account' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.Account.plural', message: 'Chart of accounts' },
  fields: {
    code: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Account.code', message: 'Code' }, required: true, unique: true, max: 20 },
    name: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Account.name', message: 'Name' }, required: true, max: 120 },
    kind: { kind: 'select', label: /*i18n*/ { id: 'acc.field.Account.kind', message: 'Kind' }, required: true, options: accountKinds },
    parentId: {
      kind: 'reference',
      to: 'MarketAccounting/Account',
      label: /*i18n*/ { id: 'acc.field.Account.parentId', message: 'Parent account' },
    },
    postable: {
      kind: 'boolean',
      label: /*i18n*/ { id: 'acc.field.Account.postable', message: 'Takes postings' },
      hint: /*i18n*/ {
        id: 'acc.field.Account.postable.hint',
        message: 'Vouchers post to accounts that take postings; the others group them.',
      },
    },
    role: {
      kind: 'select',
      label: /*i18n*/ { id: 'acc.field.Account.role', message: 'Posted automatically as' },
      options: accountRoles,
      readOnly: true,
    },
  },
  importable: { keys: ['code', 'name'], example: { code: '1101', name: 'صندوق', kind: 'دارایی', postable: 'بله' } },
  titleField: 'name',
  listFields: ['code', 'name', 'kind', 'postable'],
  searchFields: ['code', 'name'],
  indexes: ['code', 'kind'],
  tree: 'parentId',
  defaultSort: { field: 'code', direction: 'asc' },
});

export const CashBox = defineEntity({
  module: 'MarketAccounting',
  name: 'CashBox',
  label: /*i18n*/ { id: 'entity.MarketAccounting.CashBox', message: 'Cash box' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.CashBox.plural', message: 'Cash boxes' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'acc.field.CashBox.name', message: 'Name' }, required: true, unique: true, max: 80 },
    keeper: { kind: 'text', label: /*i18n*/ { id: 'acc.field.CashBox.keeper', message: 'Kept by' }, max: 80 },
    active: { kind: 'boolean', label: /*i18n*/ { id: 'acc.field.CashBox.active', message: 'In use' } },
  },
  importable: { keys: ['name'], example: { name: 'صندوق فروشگاه', keeper: 'مریم احمدی', active: 'بله' } },
  titleField: 'name',
  listFields: ['name', 'keeper', 'active'],
  searchFields: ['name', 'keeper'],
  indexes: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
});

export const BankAccount = defineEntity({
  module: 'MarketAccounting',
  name: 'BankAccount',
  label: /*i18n*/ { id: 'entity.MarketAccounting.BankAccount', message: 'Bank account' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.BankAccount.plural', message: 'Bank accounts' },
  fields: {
    bank: { kind: 'text', label: /*i18n*/ { id: 'acc.field.BankAccount.bank', message: 'Bank' }, required: true, max: 60 },
    branch: { kind: 'text', label: /*i18n*/ { id: 'acc.field.BankAccount.branch', message: 'Branch' }, max: 80 },
    accountNumber: {
      kind: 'text',
      label: /*i18n*/ { id: 'acc.field.BankAccount.accountNumber', message: 'Account number' },
      required: true,
      max: 30,
    },
    sheba: {
      kind: 'text',
      label: /*i18n*/ { id: 'acc.field.BankAccount.sheba', message: 'Sheba (IBAN)' },
      hint: /*i18n*/ { id: 'acc.field.BankAccount.sheba.hint', message: 'IR and 24 digits, e.g. IR062960000000100324200001.' },
      unique: true,
      max: 40,
    },
    active: { kind: 'boolean', label: /*i18n*/ { id: 'acc.field.BankAccount.active', message: 'In use' } },
  },
  importable: {
    keys: ['accountNumber', 'sheba'],
    example: { bank: 'ملی', branch: 'مرکزی', accountNumber: '۰۱۰۱۲۳۴۵۶۷۰۰۱', sheba: 'IR062960000000100324200001', active: 'بله' },
    check: (values) => (typeof values.sheba === 'string' && values.sheba && !normalizeSheba(values.sheba) ? { sheba: 'format' } : null),
  },
  titleField: 'accountNumber',
  listFields: ['bank', 'branch', 'accountNumber', 'sheba', 'active'],
  searchFields: ['bank', 'branch', 'accountNumber', 'sheba'],
  indexes: ['bank'],
  defaultSort: { field: 'bank', direction: 'asc' },
});

export const Party = defineEntity({
  module: 'MarketAccounting',
  name: 'Party',
  label: /*i18n*/ { id: 'entity.MarketAccounting.Party', message: 'Party' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.Party.plural', message: 'Parties' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Party.name', message: 'Name' }, required: true, max: 120 },
    mobile: { kind: 'mobile', label: /*i18n*/ { id: 'acc.field.Party.mobile', message: 'Mobile' } },
    nationalId: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Party.nationalId', message: 'National ID or economic code' }, max: 20 },
    economicCode: {
      kind: 'text',
      label: /*i18n*/ { id: 'acc.field.Party.economicCode', message: 'Economic code' },
      hint: /*i18n*/ { id: 'acc.field.Party.economicCode.hint', message: 'For the official sales invoice and the tax system.' },
      max: 20,
    },
    postalCode: { kind: 'postalCode', label: /*i18n*/ { id: 'acc.field.Party.postalCode', message: 'Postal code' } },
    address: { kind: 'longText', label: /*i18n*/ { id: 'acc.field.Party.address', message: 'Address' }, max: 500 },
    note: { kind: 'longText', label: /*i18n*/ { id: 'acc.field.Party.note', message: 'Note' }, max: 500 },
    source: {
      kind: 'text',
      label: /*i18n*/ { id: 'acc.field.Party.source', message: 'Kept in step with' },
      hint: /*i18n*/ {
        id: 'acc.field.Party.source.hint',
        message: 'A customer or supplier of another module, mirrored here for its running account.',
      },
      readOnly: true,
      internal: true,
    },
  },
  importable: { keys: ['name', 'mobile', 'nationalId'], example: { name: 'علی رضایی', mobile: '۰۹۱۲۱۲۳۴۵۶۷', nationalId: '0012345679' } },
  titleField: 'name',
  listFields: ['name', 'mobile', 'nationalId'],
  searchFields: ['name', 'mobile', 'nationalId'],
  indexes: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  // A customer's mirror is named only to those who see every customer (decision 020).
  mirror: { source: 'source', fields: ['name', 'mobile', 'nationalId'] },
});

/**
 * One row per panel, made by the server with the standard chart (SETTINGS_ID). The unit amounts
 * are shown in is the panel's (decision 027); the migration 001 carried a panel's earlier choice here
 * (the column `currency`, no longer declared) over to it.
 */
export const Settings = defineEntity({
  module: 'MarketAccounting',
  name: 'Settings',
  label: /*i18n*/ { id: 'entity.MarketAccounting.Settings', message: 'Accounting settings' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.Settings.plural', message: 'Accounting settings' },
  fields: {
    closedUpTo: {
      kind: 'date',
      label: /*i18n*/ { id: 'acc.field.Settings.closedUpTo', message: 'Books closed up to' },
      hint: /*i18n*/ {
        id: 'acc.field.Settings.closedUpTo.hint',
        message: 'Nothing dated on or before this day can be posted or cancelled.',
      },
    },
    sellerName: {
      kind: 'text',
      label: /*i18n*/ { id: 'acc.field.Settings.sellerName', message: 'Seller’s legal name' },
      hint: /*i18n*/ { id: 'acc.field.Settings.sellerName.hint', message: 'As printed on the official sales invoice.' },
      max: 120,
    },
    economicCode: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Settings.economicCode', message: 'Economic code' }, max: 20 },
    nationalId: {
      kind: 'text',
      label: /*i18n*/ { id: 'acc.field.Settings.nationalId', message: 'National ID (company or person)' },
      max: 20,
    },
    postalCode: { kind: 'postalCode', label: /*i18n*/ { id: 'acc.field.Settings.postalCode', message: 'Postal code' } },
    address: { kind: 'longText', label: /*i18n*/ { id: 'acc.field.Settings.address', message: 'Address' }, max: 500 },
    phone: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Settings.phone', message: 'Phone' }, max: 30 },
  },
  titleField: 'closedUpTo',
  listFields: ['closedUpTo'],
  searchFields: [],
  indexes: [],
  defaultSort: { field: 'updatedAt', direction: 'desc' },
});

/** The settings row's id, the same in every panel (rows are keyed by panel and id). */
export const SETTINGS_ID = '6d1c0a52-7a4e-5b1f-9c3e-2f0b8a1d4e70';
