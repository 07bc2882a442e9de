/**
 * The panel-management module's entities: roles (with their permission matrix and place in the
 * organisation chart), the panel's people and their roles, and the audit log of every write.
 */
import { defineEntity } from '../entity.ts';

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

export const Member = defineEntity({
  module: 'PanelManagement',
  name: 'Member',
  label: /*i18n*/ { id: 'entity.PanelManagement.Member', message: 'Person' },
  pluralLabel: /*i18n*/ { id: 'entity.PanelManagement.Member.plural', message: 'People' },
  fields: {
    login: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Member.login', message: 'Username or mobile number' },
      hint: /*i18n*/ { id: 'field.Member.login.hint', message: 'The person needs a Pishkhan account; a mobile number must be one they have verified.' },
      required: true,
      max: 64,
    },
    roleId: { kind: 'reference', to: 'PanelManagement/Role', label: /*i18n*/ { id: 'field.Member.roleId', message: 'Role' }, required: true },
    title: { kind: 'text', label: /*i18n*/ { id: 'field.Member.title', message: 'Job title' }, max: 80 },
    userId: { kind: 'text', label: /*i18n*/ { id: 'field.Member.userId', message: 'Account' }, readOnly: true, unique: true, internal: true },
    displayName: { kind: 'text', label: /*i18n*/ { id: 'field.Member.displayName', message: 'Name' }, readOnly: true },
    userName: { kind: 'text', label: /*i18n*/ { id: 'field.Member.userName', message: 'Username' }, readOnly: true },
    mobile: { kind: 'mobile', label: /*i18n*/ { id: 'field.Member.mobile', message: 'Mobile' }, readOnly: true },
  },
  titleField: 'displayName',
  listFields: ['displayName', 'userName', 'roleId', 'title'],
  searchFields: ['displayName', 'userName', 'mobile', 'title'],
  indexes: ['roleId', 'userId', 'displayName'],
  defaultSort: { field: 'displayName', direction: 'asc' },
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
        { value: 'panel', label: /*i18n*/ { id: 'field.Activity.action.panel', message: 'Panel settings' } },
      ],
    },
    entity: { kind: 'text', label: /*i18n*/ { id: 'field.Activity.entity', message: 'What' }, readOnly: true },
    rowTitle: { kind: 'text', label: /*i18n*/ { id: 'field.Activity.rowTitle', message: 'Record' }, readOnly: true },
    rowId: { kind: 'text', label: /*i18n*/ { id: 'field.Activity.rowId', message: 'Record id' }, readOnly: true, internal: true },
  },
  titleField: 'rowTitle',
  listFields: ['at', 'actorName', 'action', 'entity', 'rowTitle'],
  searchFields: ['actorName', 'rowTitle', 'entity'],
  indexes: ['at', 'action', 'entity'],
  defaultSort: { field: 'at', direction: 'desc' },
});
