/**
 * Business rules of an entity that are more than its declaration, as lifecycle hooks (Frappe's
 * `validate`, `on_trash`). They run inside the one mutation path, for REST and sync alike, after
 * the values are validated and before the generic rules and the write. A hook answers the values
 * to store (it may fill read-only fields) or throws a RuleRejection.
 */
import type { Row } from '../../src/contract/entity.ts';
import { memberHooks } from '../access/memberHooks.ts';
import { numberSeriesHooks } from '../access/numberSeriesHooks.ts';
import { roleHooks } from '../access/roleHooks.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import { serverModules, type ServerModule } from '../modules/serverModule.ts';
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

/** The platform's own rules (the access model); the modules' come from their server parts. */
const platformHooks: Record<string, EntityHooks> = {
  'PanelManagement/Member': memberHooks,
  'PanelManagement/Role': roleHooks,
  'PanelManagement/NumberSeries': numberSeriesHooks,
};

let fromModules: { parts: readonly ServerModule[]; byKey: Map<string, EntityHooks> } | null = null;

export function hooksFor(entityKey: string): EntityHooks {
  const parts = serverModules();
  if (fromModules?.parts !== parts) {
    const byKey = new Map<string, EntityHooks>();
    for (const part of parts) for (const [name, hooks] of Object.entries(part.hooks ?? {})) byKey.set(`${part.module.key}/${name}`, hooks);
    fromModules = { parts, byKey };
  }
  return platformHooks[entityKey] ?? fromModules.byKey.get(entityKey) ?? {};
}
