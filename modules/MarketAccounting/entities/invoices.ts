/**
 * Invoices of goods and services (issue 27, docs/decisions/043-invoices-of-goods.md): one document
 * with a kind — a sales invoice, a purchase invoice, a sales return or a purchase return. Its lines
 * are products (of warehousing, when it is enabled) or services, each with quantity, unit price,
 * its own discount and VAT rate (10 % by default, 0 for exempt) and other duties; the amounts are
 * worked out by one rule shared with the server (rules/invoiceMath.ts) and never stored by the
 * client. Submitting posts the books (and, with warehousing on, the stock) in one step; the settled
 * part — cash, card, transfer and cheques (`cheques`, rules/invoiceCheques.ts) — makes a receipt or
 * payment (Payment, `paymentId`) in the same step; the rest stays on the party's account until the
 * due date. A return names its invoice and, per line, the invoice line it takes back.
 * `taxId` and `taxStatus` are the tax system's (سامانه مودیان, decision 044): written by its code.
 */
import { defineEntity, type Row } from '../../../src/contract/entity.ts';
import { toRials } from '../../../src/contract/money.ts';

export const invoiceKinds = [
  { value: 'sale', label: /*i18n*/ { id: 'acc.invoice.sale', message: 'Sales invoice' } },
  { value: 'purchase', label: /*i18n*/ { id: 'acc.invoice.purchase', message: 'Purchase invoice' } },
  { value: 'saleReturn', label: /*i18n*/ { id: 'acc.invoice.saleReturn', message: 'Sales return' } },
  { value: 'purchaseReturn', label: /*i18n*/ { id: 'acc.invoice.purchaseReturn', message: 'Purchase return' } },
] as const;

export type InvoiceKind = (typeof invoiceKinds)[number]['value'];

export const taxStatuses = [
  { value: 'waiting', label: /*i18n*/ { id: 'acc.tax.waiting', message: 'Waiting to send' } },
  { value: 'sent', label: /*i18n*/ { id: 'acc.tax.sent', message: 'Sent' } },
  { value: 'accepted', label: /*i18n*/ { id: 'acc.tax.accepted', message: 'Accepted' } },
  { value: 'refused', label: /*i18n*/ { id: 'acc.tax.refused', message: 'Refused' } },
] as const;

const isReturn = { field: 'kind', is: ['saleReturn', 'purchaseReturn'] } as const;

export const Invoice = defineEntity({
  module: 'MarketAccounting',
  name: 'Invoice',
  label: /*i18n*/ { id: 'entity.MarketAccounting.Invoice', message: 'Invoice' },
  pluralLabel: /*i18n*/ { id: 'entity.MarketAccounting.Invoice.plural', message: 'Invoices' },
  fields: {
    kind: { kind: 'select', label: /*i18n*/ { id: 'acc.field.Invoice.kind', message: 'Kind' }, required: true, options: invoiceKinds },
    date: { kind: 'date', label: /*i18n*/ { id: 'acc.field.Invoice.date', message: 'Date' }, required: true },
    partyId: {
      kind: 'reference',
      to: 'MarketAccounting/Party',
      label: /*i18n*/ { id: 'acc.field.Invoice.partyId', message: 'Customer or supplier' },
      hint: /*i18n*/ { id: 'acc.field.Invoice.partyId.hint', message: 'Empty for a walk-in customer, who pays in full.' },
    },
    returnOf: {
      kind: 'reference',
      to: 'MarketAccounting/Invoice',
      label: /*i18n*/ { id: 'acc.field.Invoice.returnOf', message: 'Return of invoice' },
      appliesWhen: isReturn,
    },
    discount: {
      kind: 'money',
      label: /*i18n*/ { id: 'acc.field.Invoice.discount', message: 'Invoice discount' },
      hint: /*i18n*/ { id: 'acc.field.Invoice.discount.hint', message: 'Shared over the lines in proportion to their amounts.' },
      min: 0,
    },
    cashAmount: { kind: 'money', label: /*i18n*/ { id: 'acc.field.Invoice.cashAmount', message: 'Paid in cash' }, min: 0 },
    cashBoxId: {
      kind: 'reference',
      to: 'MarketAccounting/CashBox',
      label: /*i18n*/ { id: 'acc.field.Invoice.cashBoxId', message: 'Cash box' },
    },
    cardAmount: { kind: 'money', label: /*i18n*/ { id: 'acc.field.Invoice.cardAmount', message: 'Paid by card' }, min: 0 },
    transferAmount: { kind: 'money', label: /*i18n*/ { id: 'acc.field.Invoice.transferAmount', message: 'Paid by transfer' }, min: 0 },
    bankAccountId: {
      kind: 'reference',
      to: 'MarketAccounting/BankAccount',
      label: /*i18n*/ { id: 'acc.field.Invoice.bankAccountId', message: 'Bank account (card or transfer)' },
    },
    cheques: {
      kind: 'longText',
      label: /*i18n*/ { id: 'acc.field.Invoice.cheques', message: 'Cheques' },
      hint: /*i18n*/ {
        id: 'acc.field.Invoice.cheques.hint',
        message: 'Cheques received on a sale, issued on a purchase (drawn on the bank account above); they count as settled.',
      },
      internal: true,
    },
    dueDate: {
      kind: 'date',
      label: /*i18n*/ { id: 'acc.field.Invoice.dueDate', message: 'Due date' },
      hint: /*i18n*/ { id: 'acc.field.Invoice.dueDate.hint', message: 'When what is not paid now (on credit) falls due.' },
    },
    note: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Invoice.note', message: 'Note' }, max: 200 },
    total: {
      kind: 'money',
      label: /*i18n*/ { id: 'acc.field.Invoice.total', message: 'Total' },
      hint: /*i18n*/ { id: 'acc.field.Invoice.total.hint', message: 'Written by the server at submit.' },
      readOnly: true,
    },
    paymentId: {
      kind: 'reference',
      to: 'MarketAccounting/Payment',
      label: /*i18n*/ { id: 'acc.field.Invoice.paymentId', message: 'Its receipt or payment' },
      readOnly: true,
      internal: true,
    },
    taxId: { kind: 'text', label: /*i18n*/ { id: 'acc.field.Invoice.taxId', message: 'Tax id' }, readOnly: true, max: 40 },
    taxStatus: {
      kind: 'select',
      label: /*i18n*/ { id: 'acc.field.Invoice.taxStatus', message: 'Tax system' },
      readOnly: true,
      options: taxStatuses,
    },
  },
  document: {
    series: 'INV',
    keyLineFields: ['quantity', 'unitPrice'],
    print: {
      title: (row) => {
        switch (row.kind as InvoiceKind) {
          case 'purchase':
            return /*i18n*/ { id: 'acc.print.Invoice.purchase', message: 'Purchase invoice' };
          case 'saleReturn':
            return /*i18n*/ { id: 'acc.print.Invoice.saleReturn', message: 'Sales return invoice' };
          case 'purchaseReturn':
            return /*i18n*/ { id: 'acc.print.Invoice.purchaseReturn', message: 'Purchase return invoice' };
          default:
            return /*i18n*/ { id: 'acc.print.Invoice.sale', message: 'Sales invoice of goods and services' };
        }
      },
      // The total the server wrote at submit (a draft prints none).
      amount: (row: Row) => toRials(row.total),
    },
    lines: {
      productId: {
        kind: 'reference',
        to: 'WarehousingMVM/Product',
        label: /*i18n*/ { id: 'acc.field.InvoiceLine.productId', message: 'Product' },
      },
      description: {
        kind: 'text',
        label: /*i18n*/ { id: 'acc.field.InvoiceLine.description', message: 'Description' },
        required: true,
        max: 200,
      },
      code: { kind: 'text', label: /*i18n*/ { id: 'acc.field.InvoiceLine.code', message: 'Code' }, max: 40 },
      unit: { kind: 'text', label: /*i18n*/ { id: 'acc.field.InvoiceLine.unit', message: 'Unit' }, max: 20 },
      quantity: {
        kind: 'decimal',
        label: /*i18n*/ { id: 'acc.field.InvoiceLine.quantity', message: 'Quantity' },
        required: true,
        min: 0.001,
      },
      unitPrice: {
        kind: 'money',
        label: /*i18n*/ { id: 'acc.field.InvoiceLine.unitPrice', message: 'Unit price' },
        required: true,
        min: 0,
      },
      discount: { kind: 'money', label: /*i18n*/ { id: 'acc.field.InvoiceLine.discount', message: 'Discount' }, min: 0 },
      vatRate: {
        kind: 'decimal',
        label: /*i18n*/ { id: 'acc.field.InvoiceLine.vatRate', message: 'VAT %' },
        hint: /*i18n*/ { id: 'acc.field.InvoiceLine.vatRate.hint', message: '10 unless the product is exempt (0) or taxed otherwise.' },
        min: 0,
        max: 100,
      },
      dutyRate: {
        kind: 'decimal',
        label: /*i18n*/ { id: 'acc.field.InvoiceLine.dutyRate', message: 'Other duties %' },
        min: 0,
        max: 100,
      },
      warehouseId: {
        kind: 'reference',
        to: 'WarehousingMVM/Warehouse',
        label: /*i18n*/ { id: 'acc.field.InvoiceLine.warehouseId', message: 'Warehouse' },
      },
      locationId: {
        kind: 'reference',
        to: 'WarehousingMVM/Location',
        label: /*i18n*/ { id: 'acc.field.InvoiceLine.locationId', message: 'Location' },
      },
      returnOfLine: {
        kind: 'text',
        label: /*i18n*/ { id: 'acc.field.InvoiceLine.returnOfLine', message: 'Line of the invoice returned' },
        internal: true,
        max: 40,
      },
    },
  },
  titleField: 'note',
  listFields: ['date', 'kind', 'partyId', 'total', 'taxStatus'],
  searchFields: ['note', 'taxId'],
  indexes: ['date', 'kind', 'partyId', 'returnOf'],
  defaultSort: { field: 'date', direction: 'desc' },
  window: { field: 'date', years: 1, keep: { field: 'status', values: ['draft'] } },
});
