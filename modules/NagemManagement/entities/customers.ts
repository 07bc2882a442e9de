/**
 * Customers (sales-crm-support.md) and what they have: payments received from them, and the
 * subscriptions a won sale gives them. A customer belongs to the agent responsible for them: the
 * row scope (docs/decisions/013-row-scopes.md) keeps every other agent from it on the server, in
 * lists, REST, pull and push alike. Subscriptions are the server's: it writes them when a sale is won,
 * and they belong to that sale's seller.
 */
import { defineEntity } from '../../../src/contract/entity.ts';
import { billingOptions } from './catalogue.ts';

export const Customer = defineEntity({
  module: 'NagemManagement',
  name: 'Customer',
  label: /*i18n*/ { id: 'entity.NagemManagement.Customer', message: 'Customer' },
  pluralLabel: /*i18n*/ { id: 'entity.NagemManagement.Customer.plural', message: 'Customers' },
  fields: {
    kind: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.Customer.kind', message: 'Person or company' },
      required: true,
      options: [
        { value: 'person', label: /*i18n*/ { id: 'nm.customer.person', message: 'Person' } },
        { value: 'company', label: /*i18n*/ { id: 'nm.customer.company', message: 'Company' } },
      ],
    },
    name: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Customer.name', message: 'Name' }, required: true, max: 120 },
    nationalId: { kind: 'nationalId', label: /*i18n*/ { id: 'nm.field.Customer.nationalId', message: 'National ID' } },
    economicCode: {
      kind: 'text',
      label: /*i18n*/ { id: 'nm.field.Customer.economicCode', message: 'Economic code' },
      hint: /*i18n*/ { id: 'nm.field.Customer.economicCode.hint', message: 'A company’s economic code or national company ID.' },
      max: 20,
    },
    registrationNo: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Customer.registrationNo', message: 'Registration number' }, max: 20 },
    mobiles: {
      kind: 'stringList',
      label: /*i18n*/ { id: 'nm.field.Customer.mobiles', message: 'Mobiles' },
      hint: /*i18n*/ { id: 'nm.field.Customer.mobiles.hint', message: 'One per line.' },
    },
    phone: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Customer.phone', message: 'Phone' }, max: 30 },
    email: { kind: 'email', label: /*i18n*/ { id: 'nm.field.Customer.email', message: 'Email' } },
    address: { kind: 'longText', label: /*i18n*/ { id: 'nm.field.Customer.address', message: 'Address' }, max: 500 },
    city: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Customer.city', message: 'City' }, max: 60 },
    province: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Customer.province', message: 'Province (region)' }, max: 60 },
    source: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.Customer.source', message: 'Source' },
      options: [
        { value: 'agent', label: /*i18n*/ { id: 'nm.source.agent', message: 'Agent' } },
        { value: 'referral', label: /*i18n*/ { id: 'nm.source.referral', message: 'Referral' } },
        { value: 'web', label: /*i18n*/ { id: 'nm.source.web', message: 'Web' } },
        { value: 'other', label: /*i18n*/ { id: 'nm.source.other', message: 'Other' } },
      ],
    },
    agentMemberId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.Customer.agentMemberId', message: 'Responsible agent' },
    },
    // The agent whose region (Agent.region) is the customer's province, kept by the server: a standing rule, not an assignment (decision 020).
    regionAgentId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.Customer.regionAgentId', message: 'Agent of the region' },
      readOnly: true,
      internal: true,
    },
    tags: { kind: 'stringList', label: /*i18n*/ { id: 'nm.field.Customer.tags', message: 'Tags' } },
    notes: { kind: 'longText', label: /*i18n*/ { id: 'nm.field.Customer.notes', message: 'Notes' }, max: 2000 },
  },
  titleField: 'name',
  listFields: ['name', 'kind', 'city', 'province', 'agentMemberId'],
  searchFields: ['name', 'nationalId', 'economicCode', 'mobiles', 'phone', 'email', 'city', 'tags'],
  indexes: ['name', 'province', 'agentMemberId', 'source', 'regionAgentId'],
  defaultSort: { field: 'name', direction: 'asc' },
  // Its responsible agent's, and the agent's of its region.
  scope: { field: 'agentMemberId', also: ['regionAgentId'] },
  staff: ['read', 'create', 'update'],
});

export const Payment = defineEntity({
  module: 'NagemManagement',
  name: 'Payment',
  label: /*i18n*/ { id: 'entity.NagemManagement.Payment', message: 'Payment' },
  pluralLabel: /*i18n*/ { id: 'entity.NagemManagement.Payment.plural', message: 'Payments' },
  fields: {
    customerId: {
      kind: 'reference',
      to: 'NagemManagement/Customer',
      label: /*i18n*/ { id: 'nm.field.Payment.customerId', message: 'Customer' },
      required: true,
    },
    date: { kind: 'date', label: /*i18n*/ { id: 'nm.field.Payment.date', message: 'Date' }, required: true },
    amount: { kind: 'money', label: /*i18n*/ { id: 'nm.field.Payment.amount', message: 'Amount' }, required: true, min: 1 },
    method: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.Payment.method', message: 'Method' },
      options: [
        { value: 'card', label: /*i18n*/ { id: 'nm.method.card', message: 'Card' } },
        { value: 'transfer', label: /*i18n*/ { id: 'nm.method.transfer', message: 'Bank transfer' } },
        { value: 'cash', label: /*i18n*/ { id: 'nm.method.cash', message: 'Cash' } },
        { value: 'cheque', label: /*i18n*/ { id: 'nm.method.cheque', message: 'Cheque' } },
      ],
    },
    saleId: { kind: 'reference', to: 'NagemManagement/Sale', label: /*i18n*/ { id: 'nm.field.Payment.saleId', message: 'For sale' } },
    note: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Payment.note', message: 'Note' }, max: 200 },
    agentMemberId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.Payment.agentMemberId', message: 'Agent' },
      hint: /*i18n*/ { id: 'nm.field.Payment.agentMemberId.hint', message: 'The customer’s agent; set by the server.' },
    },
  },
  titleField: 'note',
  listFields: ['date', 'customerId', 'amount', 'method'],
  searchFields: ['note'],
  indexes: ['date', 'customerId'],
  defaultSort: { field: 'date', direction: 'desc' },
  scope: { field: 'agentMemberId' },
  staff: ['read', 'create'],
});

export const subscriptionStatuses = [
  { value: 'active', label: /*i18n*/ { id: 'nm.subscription.active', message: 'Active' } },
  { value: 'stopped', label: /*i18n*/ { id: 'nm.subscription.stopped', message: 'Stopped' } },
] as const;

export const Subscription = defineEntity({
  module: 'NagemManagement',
  name: 'Subscription',
  label: /*i18n*/ { id: 'entity.NagemManagement.Subscription', message: 'Subscription' },
  pluralLabel: /*i18n*/ { id: 'entity.NagemManagement.Subscription.plural', message: 'Subscriptions' },
  serverOnly: true,
  fields: {
    customerId: {
      kind: 'reference',
      to: 'NagemManagement/Customer',
      label: /*i18n*/ { id: 'nm.field.Subscription.customerId', message: 'Customer' },
      readOnly: true,
    },
    moduleId: {
      kind: 'reference',
      to: 'NagemManagement/Module',
      label: /*i18n*/ { id: 'nm.field.Subscription.moduleId', message: 'Module' },
      readOnly: true,
    },
    // The sale's id as text, not a reference: a sale created already won makes its subscriptions before its own row is written.
    saleId: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Subscription.saleId', message: 'Sale' }, readOnly: true, internal: true },
    since: { kind: 'date', label: /*i18n*/ { id: 'nm.field.Subscription.since', message: 'Since' }, readOnly: true },
    renewsOn: { kind: 'date', label: /*i18n*/ { id: 'nm.field.Subscription.renewsOn', message: 'Renewal date' }, readOnly: true },
    billing: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.Subscription.billing', message: 'Billing' },
      options: billingOptions,
      readOnly: true,
    },
    amount: { kind: 'money', label: /*i18n*/ { id: 'nm.field.Subscription.amount', message: 'Amount' }, readOnly: true },
    status: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.Subscription.status', message: 'Status' },
      options: subscriptionStatuses,
      readOnly: true,
    },
    agentMemberId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.Subscription.agentMemberId', message: 'Seller' },
      readOnly: true,
    },
  },
  titleField: 'since',
  listFields: ['customerId', 'moduleId', 'since', 'renewsOn', 'status'],
  searchFields: [],
  indexes: ['customerId', 'moduleId', 'renewsOn', 'status'],
  defaultSort: { field: 'renewsOn', direction: 'asc' },
  // The seller of the sale that made it sees it, as they see the sale.
  scope: { field: 'agentMemberId' },
  staff: ['read'],
});
