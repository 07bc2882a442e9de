/**
 * Business rules of an entity that are more than its declaration, as lifecycle hooks (Frappe's
 * `validate`, `on_trash`). They run inside the one mutation path, for REST and sync alike, after
 * the values are validated and before the generic rules and the write. A hook answers the values
 * to store (it may fill read-only fields) or throws a RuleRejection.
 */
import type { Row } from '../../src/contract/entity.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import type { WriteContext } from './writeContext.ts';

export interface EntityHooks {
  beforeCreate?(ctx: WriteContext, id: string, values: Record<string, unknown>): Promise<Record<string, unknown>>;
  beforeUpdate?(ctx: WriteContext, current: Row, changes: Record<string, unknown>): Promise<Record<string, unknown>>;
  beforeDelete?(ctx: WriteContext, current: Row): Promise<void>;
  /** Whether a write to this row changes what the writer may do in the panel (checked after each write of a batch). */
  affectsAccess?(access: PanelAccess, rowId: string): boolean;
  /**
   * A document's submit: checks it against the world as it is now and posts its effects (ledger
   * rows, balances) in the same transaction. Throwing a RuleRejection undoes everything it wrote.
   */
  onSubmit?(ctx: WriteContext, doc: Row): Promise<void>;
  /** A document's cancel: posts the exact reversal of what its submit posted. */
  onCancel?(ctx: WriteContext, doc: Row): Promise<void>;
  /**
   * After a create, update or delete was written (`before` null on a create; `after` a tombstone
   * on a delete): keeps rows the server derives from this one in step (the customers a regional
   * agent sees). It writes only server-kept fields, in the same transaction.
   */
  afterWrite?(ctx: WriteContext, before: Row | null, after: Row): Promise<void>;
}

let byKey: ReadonlyMap<string, EntityHooks> = new Map();

/**
 * Every entity's hooks by key: the platform's access rules and the modules' (wired when the
 * modules are registered, server/modules/serverModule.ts; the entities know neither).
 */
export function registerEntityHooks(hooks: ReadonlyMap<string, EntityHooks>): void {
  byKey = hooks;
}

export function hooksFor(entityKey: string): EntityHooks {
  return byKey.get(entityKey) ?? {};
}
