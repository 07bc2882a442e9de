/**
 * What is sold and who sells it (sales-crm-support.md): the catalogue of modules with their price
 * and billing, the agents (panel members or outside resellers) with their region, commission and
 * monthly target, and the sales settings of the panel (its VAT rate).
 */
import { defineEntity } from '../../../src/contract/entity.ts';

export const billingOptions = [
  { value: 'once', label: /*i18n*/ { id: 'nm.billing.once', message: 'One-off' } },
  { value: 'monthly', label: /*i18n*/ { id: 'nm.billing.monthly', message: 'Monthly' } },
  { value: 'yearly', label: /*i18n*/ { id: 'nm.billing.yearly', message: 'Yearly' } },
] as const;

export const Module = defineEntity({
  module: 'NagemManagement',
  name: 'Module',
  label: /*i18n*/ { id: 'entity.NagemManagement.Module', message: 'Catalogue module' },
  pluralLabel: /*i18n*/ { id: 'entity.NagemManagement.Module.plural', message: 'Catalogue of modules' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Module.name', message: 'Name' }, required: true, max: 120 },
    code: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Module.code', message: 'Code' }, required: true, unique: true, max: 30 },
    description: { kind: 'longText', label: /*i18n*/ { id: 'nm.field.Module.description', message: 'Description' }, max: 2000 },
    price: { kind: 'money', label: /*i18n*/ { id: 'nm.field.Module.price', message: 'Price' }, required: true, min: 0 },
    billing: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.Module.billing', message: 'Billing' },
      required: true,
      options: billingOptions,
    },
    active: { kind: 'boolean', label: /*i18n*/ { id: 'nm.field.Module.active', message: 'Active' } },
  },
  titleField: 'name',
  listFields: ['name', 'code', 'price', 'billing', 'active'],
  searchFields: ['name', 'code', 'description'],
  indexes: ['name', 'billing'],
  defaultSort: { field: 'name', direction: 'asc' },
  staff: ['read'],
});

export const Agent = defineEntity({
  module: 'NagemManagement',
  name: 'Agent',
  label: /*i18n*/ { id: 'entity.NagemManagement.Agent', message: 'Agent' },
  pluralLabel: /*i18n*/ { id: 'entity.NagemManagement.Agent.plural', message: 'Agents' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Agent.name', message: 'Name' }, required: true, max: 120 },
    kind: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.Agent.kind', message: 'Kind' },
      required: true,
      options: [
        { value: 'member', label: /*i18n*/ { id: 'nm.agent.member', message: 'Panel member' } },
        { value: 'reseller', label: /*i18n*/ { id: 'nm.agent.reseller', message: 'Outside reseller' } },
      ],
    },
    memberId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.Agent.memberId', message: 'Panel account' },
      hint: /*i18n*/ {
        id: 'nm.field.Agent.memberId.hint',
        message: 'The member who signs in as this agent; their customers and sales are theirs alone.',
      },
    },
    mobile: { kind: 'mobile', label: /*i18n*/ { id: 'nm.field.Agent.mobile', message: 'Mobile' } },
    region: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Agent.region', message: 'Region (province)' }, max: 60 },
    commissionRate: {
      kind: 'decimal',
      label: /*i18n*/ { id: 'nm.field.Agent.commissionRate', message: 'Commission (%)' },
      min: 0,
      max: 100,
    },
    monthlyTarget: { kind: 'money', label: /*i18n*/ { id: 'nm.field.Agent.monthlyTarget', message: 'Monthly target' }, min: 0 },
    active: { kind: 'boolean', label: /*i18n*/ { id: 'nm.field.Agent.active', message: 'Active' } },
  },
  titleField: 'name',
  listFields: ['name', 'kind', 'region', 'commissionRate', 'monthlyTarget', 'active'],
  searchFields: ['name', 'mobile', 'region'],
  indexes: ['name', 'memberId', 'region'],
  defaultSort: { field: 'name', direction: 'asc' },
  staff: ['read'],
});

/** The panel's sales settings: one row (the first live one counts). */
export const SalesSetting = defineEntity({
  module: 'NagemManagement',
  name: 'SalesSetting',
  label: /*i18n*/ { id: 'entity.NagemManagement.SalesSetting', message: 'Sales settings' },
  pluralLabel: /*i18n*/ { id: 'entity.NagemManagement.SalesSetting.plural', message: 'Sales settings' },
  fields: {
    vatPercent: {
      kind: 'integer',
      label: /*i18n*/ { id: 'nm.field.SalesSetting.vatPercent', message: 'VAT rate (%)' },
      hint: /*i18n*/ { id: 'nm.field.SalesSetting.vatPercent.hint', message: 'Added to every sale; 10 % when not set.' },
      required: true,
      min: 0,
      max: 100,
    },
  },
  titleField: 'vatPercent',
  listFields: ['vatPercent'],
  searchFields: [],
  indexes: [],
  defaultSort: { field: 'updatedAt', direction: 'asc' },
  staff: ['read'],
});
