/**
 * The panel-management module's entities: roles (with their permission matrix and place in the
 * organisation chart), the panel's people and their roles, and the audit log of every write.
 */
import { defineEntity } from '../entity.ts';
import { SERVER_ONLY } from '../fields.ts';

export const Role = defineEntity({
  module: 'PanelManagement',
  name: 'Role',
  label: /*i18n*/ { id: 'entity.PanelManagement.Role', message: 'Role' },
  pluralLabel: /*i18n*/ { id: 'entity.PanelManagement.Role.plural', message: 'Roles' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'field.Role.name', message: 'Name' }, required: true, unique: true, max: 64 },
    description: { kind: 'longText', label: /*i18n*/ { id: 'field.Role.description', message: 'Description' }, max: 500 },
    parentRoleId: {
      kind: 'reference',
      to: 'PanelManagement/Role',
      label: /*i18n*/ { id: 'field.Role.parentRoleId', message: 'Reports to' },
    },
    permissions: {
      kind: 'stringList',
      label: /*i18n*/ { id: 'field.Role.permissions', message: 'Permissions' },
    },
  },
  titleField: 'name',
  listFields: ['name', 'description', 'parentRoleId'],
  searchFields: ['name', 'description'],
  indexes: ['name', 'parentRoleId'],
  defaultSort: { field: 'name', direction: 'asc' },
});

/**
 * A person in the panel. Adding one is an invitation (docs/decisions/007-invitations.md): the
 * inviter writes `login` (a username or a verified mobile number) and the role; the server finds
 * the account but shows the panel only what was typed until the person accepts, and only then
 * fills in their name. The account id never leaves the server; the mobile number only to holders
 * of the `contact` grant.
 */
export const Member = defineEntity({
  module: 'PanelManagement',
  name: 'Member',
  label: /*i18n*/ { id: 'entity.PanelManagement.Member', message: 'Person' },
  pluralLabel: /*i18n*/ { id: 'entity.PanelManagement.Member.plural', message: 'People' },
  grants: {
    contact: /*i18n*/ { id: 'grant.PanelManagement.Member.contact', message: 'See mobile numbers' },
  },
  fields: {
    login: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Member.login', message: 'Username or mobile number' },
      hint: /*i18n*/ {
        id: 'field.Member.login.invitation.hint',
        message: 'They get an invitation in their panel list and join once they accept. A mobile number must be one they have verified.',
      },
      required: true,
      max: 64,
    },
    roleId: {
      kind: 'reference',
      to: 'PanelManagement/Role',
      label: /*i18n*/ { id: 'field.Member.roleId', message: 'Role' },
      required: true,
    },
    title: { kind: 'text', label: /*i18n*/ { id: 'field.Member.title', message: 'Job title' }, max: 80 },
    userId: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Member.userId', message: 'Account' },
      readOnly: true,
      unique: true,
      internal: true,
      readableBy: 'server',
    },
    displayName: { kind: 'text', label: /*i18n*/ { id: 'field.Member.displayName', message: 'Name' }, readOnly: true },
    userName: { kind: 'text', label: /*i18n*/ { id: 'field.Member.userName', message: 'Username' }, readOnly: true },
    mobile: { kind: 'mobile', label: /*i18n*/ { id: 'field.Member.mobile', message: 'Mobile' }, readOnly: true, readableBy: 'contact' },
    status: {
      kind: 'select',
      label: /*i18n*/ { id: 'field.Member.status', message: 'Status' },
      readOnly: true,
      options: [
        { value: 'invited', label: /*i18n*/ { id: 'field.Member.status.invited', message: 'Invited' } },
        { value: 'active', label: /*i18n*/ { id: 'field.Member.status.active', message: 'Member' } },
        { value: 'declined', label: /*i18n*/ { id: 'field.Member.status.declined', message: 'Declined' } },
      ],
    },
    invitedUntil: {
      kind: 'dateTime',
      label: /*i18n*/ { id: 'field.Member.invitedUntil', message: 'Invitation open until' },
      readOnly: true,
    },
  },
  titleField: 'displayName',
  listFields: ['displayName', 'userName', 'roleId', 'title', 'status'],
  searchFields: ['displayName', 'userName', 'mobile', 'title'],
  indexes: ['roleId', 'displayName', 'status'],
  // A person's memberships across panels (PanelList, who may enter a panel), found by account.
  lookups: ['userId'],
  defaultSort: { field: 'displayName', direction: 'asc' },
  staff: ['read'],
});

export const Activity = defineEntity({
  module: 'PanelManagement',
  name: 'Activity',
  label: /*i18n*/ { id: 'entity.PanelManagement.Activity', message: 'Activity' },
  pluralLabel: /*i18n*/ { id: 'entity.PanelManagement.Activity.plural', message: 'Activity log' },
  serverOnly: true,
  fields: {
    at: { kind: 'dateTime', label: /*i18n*/ { id: 'field.Activity.at', message: 'When' }, readOnly: true },
    actorName: { kind: 'text', label: /*i18n*/ { id: 'field.Activity.actorName', message: 'Who' }, readOnly: true },
    action: {
      kind: 'select',
      label: /*i18n*/ { id: 'field.Activity.action', message: 'Action' },
      readOnly: true,
      options: [
        { value: 'create', label: /*i18n*/ { id: 'field.Activity.action.create', message: 'Created' } },
        { value: 'update', label: /*i18n*/ { id: 'field.Activity.action.update', message: 'Changed' } },
        { value: 'delete', label: /*i18n*/ { id: 'field.Activity.action.delete', message: 'Deleted' } },
        { value: 'submit', label: /*i18n*/ { id: 'field.Activity.action.submit', message: 'Submitted' } },
        { value: 'cancel', label: /*i18n*/ { id: 'field.Activity.action.cancel', message: 'Cancelled' } },
        { value: 'panel', label: /*i18n*/ { id: 'field.Activity.action.panel', message: 'Panel settings' } },
      ],
    },
    entity: { kind: 'text', label: /*i18n*/ { id: 'field.Activity.entity', message: 'What' }, readOnly: true },
    rowTitle: { kind: 'text', label: /*i18n*/ { id: 'field.Activity.rowTitle', message: 'Record' }, readOnly: true },
    rowId: { kind: 'text', label: /*i18n*/ { id: 'field.Activity.rowId', message: 'Record id' }, readOnly: true, internal: true },
    // The Members the row was scoped to when written (decision 020): its title is shown only to
    // readers who may read that row. Never leaves the server.
    members: {
      kind: 'stringList',
      label: /*i18n*/ { id: 'field.Activity.members', message: 'Whose record' },
      readOnly: true,
      internal: true,
      readableBy: SERVER_ONLY,
    },
  },
  titleField: 'rowTitle',
  listFields: ['at', 'actorName', 'action', 'entity', 'rowTitle'],
  searchFields: ['actorName', 'rowTitle', 'entity'],
  indexes: ['at', 'action', 'entity'],
  defaultSort: { field: 'at', direction: 'desc' },
  window: { field: 'at', months: 3 },
});

/**
 * A panel's own prefix for a document's numbers (documents.md, "Numbers"): without a row, the
 * document's declared prefix is used. Numbers already given keep the prefix they were given with.
 */
export const NumberSeries = defineEntity({
  module: 'PanelManagement',
  name: 'NumberSeries',
  label: /*i18n*/ { id: 'entity.PanelManagement.NumberSeries', message: 'Number series' },
  pluralLabel: /*i18n*/ { id: 'entity.PanelManagement.NumberSeries.plural', message: 'Number series' },
  fields: {
    document: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.NumberSeries.document', message: 'Document' },
      required: true,
      unique: true,
      max: 100,
    },
    prefix: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.NumberSeries.prefix', message: 'Prefix' },
      hint: /*i18n*/ { id: 'field.NumberSeries.prefix.hint', message: 'Letters, digits and dashes, e.g. RC or WH1-IN.' },
      required: true,
      max: 12,
    },
  },
  titleField: 'document',
  listFields: ['document', 'prefix'],
  searchFields: ['document', 'prefix'],
  indexes: [],
  defaultSort: { field: 'document', direction: 'asc' },
});

/**
 * A person's inbox (decision 038): one row per notification, made by the server inside the write
 * it is about (or by the reminders' schedule), read only by its recipient — an account, so the
 * owner gets theirs too — and synced to their devices like every row. The words travel as a
 * message id and its values, put into the reader's language on the device. A client may only
 * set `readAt`.
 */
export const Notification = defineEntity({
  module: 'PanelManagement',
  name: 'Notification',
  label: /*i18n*/ { id: 'entity.PanelManagement.Notification', message: 'Notification' },
  pluralLabel: /*i18n*/ { id: 'entity.PanelManagement.Notification.plural', message: 'Notifications' },
  serverMade: true,
  personal: 'recipientUserId',
  fields: {
    recipientUserId: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Notification.recipientUserId', message: 'For' },
      readOnly: true,
      internal: true,
      readableBy: SERVER_ONLY,
    },
    kind: { kind: 'text', label: /*i18n*/ { id: 'field.Notification.kind', message: 'Kind' }, readOnly: true, max: 100 },
    entityKey: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Notification.entityKey', message: 'About' },
      readOnly: true,
      internal: true,
      max: 100,
    },
    rowId: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Notification.rowId', message: 'Record id' },
      readOnly: true,
      internal: true,
      max: 40,
    },
    messageId: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Notification.messageId', message: 'Message' },
      readOnly: true,
      internal: true,
      max: 120,
    },
    // The message's values as JSON text ({"subject": "…"}); the device words them.
    messageValues: {
      kind: 'longText',
      label: /*i18n*/ { id: 'field.Notification.messageValues', message: 'Message values' },
      readOnly: true,
      internal: true,
      max: 4000,
    },
    // When it was made (`created_at` is every row's own column, not a field).
    at: { kind: 'dateTime', label: /*i18n*/ { id: 'field.Notification.at', message: 'When' }, readOnly: true },
    readAt: { kind: 'dateTime', label: /*i18n*/ { id: 'field.Notification.readAt', message: 'Read' } },
    // A reminder's own key (kind, row, due date, recipient): the unique index makes it once only.
    onceKey: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Notification.onceKey', message: 'Once key' },
      readOnly: true,
      internal: true,
      unique: true,
      max: 300,
      readableBy: SERVER_ONLY,
    },
  },
  titleField: 'kind',
  listFields: ['at', 'kind', 'readAt'],
  searchFields: [],
  indexes: ['at', 'readAt', 'recipientUserId'],
  defaultSort: { field: 'at', direction: 'desc' },
  window: { field: 'at', months: 3 },
});
