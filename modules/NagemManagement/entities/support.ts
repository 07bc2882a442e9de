/**
 * Support (sales-crm-support.md): a customer's request with its category, priority (which sets
 * the due time), status (open → in progress → waiting for the customer → resolved → closed) and
 * supporter, and its thread of replies and internal notes. The server stamps when it was opened,
 * when it is due and when it was resolved; a message's author and time are the server's too.
 */
import { defineEntity } from '../../../src/contract/entity.ts';

/** Request's grant of the support desk: its holder sees the unassigned queue (and takes requests from it). */
export const SUPPORT_GRANT = 'support';
const queue = { field: 'supporterId', permission: `NagemManagement.Request.${SUPPORT_GRANT}` } as const;

export const priorityOptions = [
  { value: 'low', label: /*i18n*/ { id: 'nm.priority.low', message: 'Low' } },
  { value: 'normal', label: /*i18n*/ { id: 'nm.priority.normal', message: 'Normal' } },
  { value: 'high', label: /*i18n*/ { id: 'nm.priority.high', message: 'High' } },
  { value: 'urgent', label: /*i18n*/ { id: 'nm.priority.urgent', message: 'Urgent' } },
] as const;

export const requestStatuses = [
  { value: 'open', label: /*i18n*/ { id: 'nm.status.open', message: 'Open' } },
  { value: 'inProgress', label: /*i18n*/ { id: 'nm.status.inProgress', message: 'In progress' } },
  { value: 'waiting', label: /*i18n*/ { id: 'nm.status.waiting', message: 'Waiting for the customer' } },
  { value: 'resolved', label: /*i18n*/ { id: 'nm.status.resolved', message: 'Resolved' } },
  { value: 'closed', label: /*i18n*/ { id: 'nm.status.closed', message: 'Closed' } },
] as const;

export type Priority = (typeof priorityOptions)[number]['value'];

export const Request = defineEntity({
  module: 'NagemManagement',
  name: 'Request',
  label: /*i18n*/ { id: 'entity.NagemManagement.Request', message: 'Support request' },
  pluralLabel: /*i18n*/ { id: 'entity.NagemManagement.Request.plural', message: 'Support requests' },
  fields: {
    customerId: {
      kind: 'reference',
      to: 'NagemManagement/Customer',
      label: /*i18n*/ { id: 'nm.field.Request.customerId', message: 'Customer' },
      required: true,
    },
    subject: { kind: 'text', label: /*i18n*/ { id: 'nm.field.Request.subject', message: 'Subject' }, required: true, max: 160 },
    description: { kind: 'longText', label: /*i18n*/ { id: 'nm.field.Request.description', message: 'Description' }, max: 4000 },
    category: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.Request.category', message: 'Category' },
      options: [
        { value: 'technical', label: /*i18n*/ { id: 'nm.category.technical', message: 'Technical' } },
        { value: 'billing', label: /*i18n*/ { id: 'nm.category.billing', message: 'Billing' } },
        { value: 'training', label: /*i18n*/ { id: 'nm.category.training', message: 'Training' } },
        { value: 'other', label: /*i18n*/ { id: 'nm.category.other', message: 'Other' } },
      ],
    },
    priority: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.Request.priority', message: 'Priority' },
      required: true,
      options: priorityOptions,
    },
    status: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.Request.status', message: 'Status' },
      required: true,
      options: requestStatuses,
    },
    supporterId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.Request.supporterId', message: 'Supporter' },
    },
    openedAt: { kind: 'dateTime', label: /*i18n*/ { id: 'nm.field.Request.openedAt', message: 'Opened' }, readOnly: true },
    dueAt: { kind: 'dateTime', label: /*i18n*/ { id: 'nm.field.Request.dueAt', message: 'Due' }, readOnly: true },
    resolvedAt: { kind: 'dateTime', label: /*i18n*/ { id: 'nm.field.Request.resolvedAt', message: 'Resolved' }, readOnly: true },
    // The customer's agent, kept by the server from the customer (its scope follows the customer's).
    agentMemberId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.Request.agentMemberId', message: 'Customer’s agent' },
      readOnly: true,
      internal: true,
    },
    regionAgentId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.Request.regionAgentId', message: 'Agent of the region' },
      readOnly: true,
      internal: true,
    },
  },
  titleField: 'subject',
  listFields: ['subject', 'customerId', 'priority', 'status', 'supporterId', 'dueAt'],
  searchFields: ['subject', 'description'],
  indexes: ['customerId', 'priority', 'status', 'supporterId', 'dueAt', 'agentMemberId'],
  defaultSort: { field: 'dueAt', direction: 'asc' },
  // The customer's agent, the supporter it is assigned to, and (while unassigned) the support desk see it (decision 020).
  scope: {
    field: 'agentMemberId',
    also: ['supporterId', 'regionAgentId'],
    from: { reference: 'customerId', fields: ['agentMemberId', 'regionAgentId'] },
    queue,
  },
  grants: {
    [SUPPORT_GRANT]: /*i18n*/ { id: 'grant.Request.support', message: 'Work the support desk: see the unassigned requests and take them' },
  },
  staff: ['read', 'create', 'update'],
  window: { field: 'openedAt', months: 12, keep: { field: 'status', values: ['open', 'inProgress', 'waiting'] } },
});

export const RequestMessage = defineEntity({
  module: 'NagemManagement',
  name: 'RequestMessage',
  label: /*i18n*/ { id: 'entity.NagemManagement.RequestMessage', message: 'Message' },
  pluralLabel: /*i18n*/ { id: 'entity.NagemManagement.RequestMessage.plural', message: 'Messages' },
  fields: {
    requestId: {
      kind: 'reference',
      to: 'NagemManagement/Request',
      label: /*i18n*/ { id: 'nm.field.RequestMessage.requestId', message: 'Request' },
      required: true,
    },
    kind: {
      kind: 'select',
      label: /*i18n*/ { id: 'nm.field.RequestMessage.kind', message: 'Kind' },
      required: true,
      options: [
        { value: 'reply', label: /*i18n*/ { id: 'nm.message.reply', message: 'Reply' } },
        { value: 'note', label: /*i18n*/ { id: 'nm.message.note', message: 'Internal note' } },
      ],
    },
    body: { kind: 'longText', label: /*i18n*/ { id: 'nm.field.RequestMessage.body', message: 'Message' }, required: true, max: 4000 },
    authorId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.RequestMessage.authorId', message: 'Author' },
      readOnly: true,
    },
    at: { kind: 'dateTime', label: /*i18n*/ { id: 'nm.field.RequestMessage.at', message: 'Time' }, readOnly: true },
    // Whose request it is, kept by the server from the request: a message is seen by whoever sees its request.
    agentMemberId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.RequestMessage.agentMemberId', message: 'Customer’s agent' },
      readOnly: true,
      internal: true,
    },
    supporterId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.RequestMessage.supporterId', message: 'Supporter' },
      readOnly: true,
      internal: true,
    },
    regionAgentId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'nm.field.RequestMessage.regionAgentId', message: 'Agent of the region' },
      readOnly: true,
      internal: true,
    },
  },
  titleField: 'body',
  listFields: ['requestId', 'kind', 'authorId', 'at'],
  searchFields: ['body'],
  indexes: ['requestId', 'at', 'agentMemberId', 'supporterId'],
  defaultSort: { field: 'at', direction: 'asc' },
  scope: {
    field: 'agentMemberId',
    also: ['supporterId', 'regionAgentId'],
    from: { reference: 'requestId', fields: ['agentMemberId', 'supporterId', 'regionAgentId'] },
    queue,
  },
  staff: ['read', 'create'],
  appendOnly: {},
});
