/**
 * What a module's server part may use of the platform, and nothing else (the lint rule holds
 * modules to this file and src/contract): declaring its part, rules as lifecycle hooks that
 * reject with a catalogue code, publishing and following document events, declaring the
 * notifications its writes raise and its reminders, posting to ledgers and balances, reading rows,
 * and the envelope and schemas of routes of its own (their guards are the platform's:
 * server/modules/moduleRoutes.ts).
 */
export { defineServerModule, type ModuleRoutes, type ServerModule } from './modules/serverModule.ts';
export { pathInScope } from './modules/moduleRoutes.ts';
export type { EntityHooks } from './entities/lifecycle.ts';
export { RuleRejection, type WriteContext } from './entities/writeContext.ts';
export {
  defineDocumentEvent,
  followDocument,
  publishedDocuments,
  type DocumentEvent,
  type DocumentFollower,
  type DocumentStep,
  type PublishedDocument,
  type PublishScope,
} from './entities/documentEvents.ts';
export type { NotificationDeclaration } from './notifications/notifications.ts';
export type { ReminderDeclaration } from './notifications/reminders.ts';
export { adjustBalances, appendLedger, overflow, readBalances, type BalanceChange } from './entities/ledger.ts';
export { findRow, findRows, selectRows } from './entities/entityStore.ts';
export { setServerFields, updateServerFields } from './entities/serverFields.ts';
export { scopeCondition } from './entities/rowScope.ts';
export { setScopeFields } from './entities/scopeFollow.ts';
export { columnName } from './entities/columns.ts';
export { stableId } from './entities/stableId.ts';
export { ensurePermission, type PanelAccess } from './panels/panelAccess.ts';
export {
  amountOf,
  balanceFromLedger,
  optionalText,
  quantityText,
  readLedgerRows,
  thousandths,
  whole,
  type AuditColumn,
  type AuditRow,
  type AuditDifference,
  type AuditDocument,
  type AuditScope,
  type BooksCheck,
  type CheckResult,
} from './books/audit.ts';
export { inPanelWrite } from './entities/panelWrite.ts';
export { moduleKey } from './auth/keys.ts';
export type { Db } from './db/Db.ts';
export type { ModuleJob } from './modules/serverModule.ts';
export { inDeviceWrite, type DeviceActor } from './entities/deviceWrite.ts';
export { applyMutation } from './entities/applyMutation.ts';
export { cancelMadeDocument, submitMadeDocument, type DocumentMaker } from './entities/madeDocuments.ts';
export { signDeviceCredential, type DeviceCredential } from './auth/deviceCredentials.ts';
export { clear as clearThrottle, reserve as reserveThrottle, throttleKey, type Limit } from './auth/throttle.ts';
export { ok } from './envelope.ts';
/** Schemas of a route's answer (they serialise it and appear in the API description). */
export { arrayOf, envelope, integer, object, text, type JsonSchema } from './apiSchema/schemaKit.ts';
export { AppError } from './errors.ts';
export type { Queryable } from './db/Db.ts';
