/**
 * Business rules of an entity that are more than its declaration, as lifecycle hooks (Frappe's
 * `validate`, `on_trash`). They run inside the one mutation path, for REST and sync alike, after
 * the values are validated and before the generic rules and the write. A hook answers the values
 * to store (it may fill read-only fields) or throws a RuleRejection.
 */
import type { Row } from '../../src/contract/entity.ts';
import { memberHooks } from '../panelManagement/memberHooks.ts';
import { roleHooks } from '../panelManagement/roleHooks.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import type { WriteContext } from './writeContext.ts';

export interface EntityHooks {
  beforeCreate?(ctx: WriteContext, id: string, values: Record<string, unknown>): Promise<Record<string, unknown>>;
  beforeUpdate?(ctx: WriteContext, current: Row, changes: Record<string, unknown>): Promise<Record<string, unknown>>;
  beforeDelete?(ctx: WriteContext, current: Row): Promise<void>;
  /** Whether a write to this row changes what the writer may do in the panel (checked after each write of a batch). */
  affectsAccess?(access: PanelAccess, rowId: string): boolean;
}

const hooksByEntity: Record<string, EntityHooks> = {
  'PanelManagement/Member': memberHooks,
  'PanelManagement/Role': roleHooks,
};

export function hooksFor(entityKey: string): EntityHooks {
  return hooksByEntity[entityKey] ?? {};
}
