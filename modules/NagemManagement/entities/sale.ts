/**
 * A sale (sales-crm-support.md, documents.md): a document with lines (module, quantity, unit
 * price, discount) whose stage moves lead → quoted → negotiating → won or lost while it is a draft.
 * The server works out `net`, `vat` and `total` (exact rials) on every write; submitting the sale
 * means it is invoiced (only a won sale), cancelling cancels the invoice; both are published
 * (server/saleEvents.ts) for accounting to follow. A sale belongs to its agent (row scope). After a won sale comes
 * the setup checklist, one step per kind, each with its owner, due date and done.
 */
import { defineEntity } from '../../../src/contract/entity.ts';
import { toRials } from '../../../src/contract/money.ts';

export const stageOptions = [
  { value: 'lead', label: /*i18n*/ { id: 'nm.stage.lead', message: 'Lead' } },
  { value: 'quoted', label: /*i18n*/ { id: 'nm.stage.quoted', message: 'Quoted' } },
  { value: 'negotiating', label: /*i18n*/ { id: 'nm.stage.negotiating', message: 'Negotiating' } },
  { value: 'won', label: /*i18n*/ { id: 'nm.stage.won', message: 'Won' } },
  { value: 'lost', label: /*i18n*/ { id: 'nm.stage.lost', message: 'Lost' } },
] as const;

export type Stage = (typeof stageOptions)[number]['value'];
export const stages: readonly Stage[] = stageOptions.map((o) => o.value);

/** Moving a sale to lost asks why: the server refuses a lost sale without its reason. */
export const lostAsks = { lost: 'lostReason' } as const;

export const Sale = defineEntity({
  module: 'NagemManagement',
  name: 'Sale',
  label: /*i18n*/ { id: 'entity.NagemManagement.Sale', message: 'Sale' },
  pluralLabel: /*i18n*/ { id: 'entity.NagemManagement.Sale.plural', message: 'Sales' },
  fields: {
    customerId: {
      kind: 'reference',
      to: 'NagemManagement/Customer',
      label: /*i18n*/ { id: 'nm.field.Sale.customerId', message: 'Customer' },
      required: true,
    },
    date: { kind: 'date', label: /*i18n*/ { id: 'nm.field.Sale.date', message: 'Date' }, required: true },
    stage: { kind: 'select', label: /*i18n*/ { id: 'nm.field.Sale.stage', message: 'Stage' }, required: true, options: stageOptions },
    lostReason: {
      kind: 'text',
      label: /*i18n*/ { id: 'nm.field.Sale.lostReason', message: 'Why it was lost' },
      max: 200,
      appliesWhen: { field: 'stage', is: ['lost'] },
    },
    agentMemberId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.Sale.agentMemberId', message: 'Seller' },
    },
    note: { kind: 'longText', label: /*i18n*/ { id: 'nm.field.Sale.note', message: 'Note' }, max: 1000 },
    closedOn: { kind: 'date', label: /*i18n*/ { id: 'nm.field.Sale.closedOn', message: 'Closed on' }, readOnly: true },
    net: { kind: 'money', label: /*i18n*/ { id: 'nm.field.Sale.net', message: 'Net (after discount)' }, readOnly: true },
    vat: { kind: 'money', label: /*i18n*/ { id: 'nm.field.Sale.vat', message: 'VAT' }, readOnly: true },
    total: { kind: 'money', label: /*i18n*/ { id: 'nm.field.Sale.total', message: 'Total' }, readOnly: true },
  },
  document: {
    series: 'SL',
    print: {
      title: (row) =>
        row.stage === 'won'
          ? /*i18n*/ { id: 'nm.print.Sale.invoice', message: 'Sales invoice' }
          : /*i18n*/ { id: 'nm.print.Sale.proforma', message: 'Pro forma invoice' },
      totals: ['discount'],
      amount: (row) => toRials(row.total),
    },
    lines: {
      moduleId: {
        kind: 'reference',
        to: 'NagemManagement/Module',
        label: /*i18n*/ { id: 'nm.field.SaleLine.moduleId', message: 'Module' },
        required: true,
      },
      quantity: {
        kind: 'integer',
        label: /*i18n*/ { id: 'nm.field.SaleLine.quantity', message: 'Quantity' },
        required: true,
        min: 1,
        max: 100000,
      },
      unitPrice: { kind: 'money', label: /*i18n*/ { id: 'nm.field.SaleLine.unitPrice', message: 'Unit price' }, required: true, min: 0 },
      discount: { kind: 'money', label: /*i18n*/ { id: 'nm.field.SaleLine.discount', message: 'Discount' }, min: 0 },
    },
  },
  titleField: 'note',
  listFields: ['date', 'customerId', 'stage', 'agentMemberId', 'total'],
  searchFields: ['note', 'lostReason'],
  indexes: ['date', 'customerId', 'stage', 'agentMemberId', 'closedOn'],
  defaultSort: { field: 'date', direction: 'desc' },
  scope: { field: 'agentMemberId' },
  staff: ['read', 'create', 'update'],
  // By when a sale closed, not when it opened: an open sale (no closing day) stays whatever its
  // age, and a year's agent performance on the device counts every sale closed in it.
  window: { field: 'closedOn', months: 12 },
});

export const setupSteps = [
  { value: 'addModule', label: /*i18n*/ { id: 'nm.step.addModule', message: 'Enable the sold modules' } },
  { value: 'addRoleUser', label: /*i18n*/ { id: 'nm.step.addRoleUser', message: 'Create the first role and user' } },
  { value: 'chartFlow', label: /*i18n*/ { id: 'nm.step.chartFlow', message: 'Draw the organisation chart' } },
] as const;

export type SetupStepKind = (typeof setupSteps)[number]['value'];

export const SetupStep = defineEntity({
  module: 'NagemManagement',
  name: 'SetupStep',
  label: /*i18n*/ { id: 'entity.NagemManagement.SetupStep', message: 'Setup step' },
  pluralLabel: /*i18n*/ { id: 'entity.NagemManagement.SetupStep.plural', message: 'Setup checklist' },
  fields: {
    saleId: {
      kind: 'reference',
      to: 'NagemManagement/Sale',
      label: /*i18n*/ { id: 'nm.field.SetupStep.saleId', message: 'Sale' },
      required: true,
    },
    step: { kind: 'select', label: /*i18n*/ { id: 'nm.field.SetupStep.step', message: 'Step' }, required: true, options: setupSteps },
    ownerId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.SetupStep.ownerId', message: 'Responsible' },
    },
    due: { kind: 'date', label: /*i18n*/ { id: 'nm.field.SetupStep.due', message: 'Due date' } },
    done: { kind: 'boolean', label: /*i18n*/ { id: 'nm.field.SetupStep.done', message: 'Done' } },
    note: { kind: 'text', label: /*i18n*/ { id: 'nm.field.SetupStep.note', message: 'Note' }, max: 200 },
    // The sale's seller, kept by the server from the sale: a step is seen by whoever sees its sale, and by its owner.
    agentMemberId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.SetupStep.agentMemberId', message: 'Seller' },
      readOnly: true,
      internal: true,
    },
  },
  titleField: 'note',
  listFields: ['saleId', 'step', 'ownerId', 'due', 'done'],
  searchFields: ['note'],
  indexes: ['saleId', 'ownerId', 'due', 'agentMemberId'],
  uniqueTogether: [['saleId', 'step']],
  defaultSort: { field: 'due', direction: 'asc' },
  scope: { field: 'agentMemberId', also: ['ownerId'], from: { reference: 'saleId', fields: ['agentMemberId'] } },
  staff: ['read', 'create', 'update'],
});
