/**
 * Roles: every permission must be one the panel knows (a declared entity's action or grant, or
 * the panel settings), "reports to" may not make a cycle in the organisation chart, and nobody
 * but the owner hands out more than they hold (privilegeCeiling.ts). A role in use by members
 * cannot be deleted: the generic reference rule answers 9106.
 */
import { Code } from '../../src/contract/codes.ts';
import { isKnownPermission } from '../../src/contract/modules.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import type { EntityHooks } from '../entities/lifecycle.ts';
import { RuleRejection, type WriteContext } from '../entities/writeContext.ts';
import { notOwnPlace, withinCeiling } from './privilegeCeiling.ts';

function checkPermissions(values: Record<string, unknown>): void {
  const list = values.permissions;
  if (Array.isArray(list) && !list.every((p) => typeof p === 'string' && isKnownPermission(p))) {
    throw new RuleRejection(Code.BadRequest, { permissions: 'option' });
  }
}

/** Walks up from the new parent; meeting the role itself means the chart would loop. */
async function checkNoCycle(ctx: WriteContext, roleId: string, parentId: unknown): Promise<void> {
  if (typeof parentId !== 'string') return;
  const [loop] = await ctx.tx.query(
    `WITH RECURSIVE up(id, depth) AS (
       SELECT $2::uuid, 0
       UNION ALL
       SELECT r.parent_role_id, up.depth + 1 FROM ${Role.table} r JOIN up ON r.panel_id = $1 AND r.id = up.id
       WHERE r.parent_role_id IS NOT NULL AND up.depth < 1000
     )
     SELECT 1 FROM up WHERE id = $3::uuid LIMIT 1`,
    [ctx.access.id, parentId, roleId],
  );
  if (loop) throw new RuleRejection(Code.IdNotRegistered, { parentRoleId: 'reference' });
}

export const roleHooks: EntityHooks = {
  affectsAccess: (access, rowId) => rowId === access.roleId,
  async beforeCreate(ctx, id, values) {
    checkPermissions(values);
    withinCeiling(ctx, values.permissions, 'permissions');
    if (values.parentRoleId === id) throw new RuleRejection(Code.IdNotRegistered, { parentRoleId: 'reference' });
    return values;
  },
  async beforeUpdate(ctx, current, changes) {
    checkPermissions(changes);
    notOwnPlace(ctx, current);
    withinCeiling(ctx, current.permissions, 'permissions');
    withinCeiling(ctx, changes.permissions, 'permissions');
    if ('parentRoleId' in changes) await checkNoCycle(ctx, current.id, changes.parentRoleId);
    return changes;
  },
  async beforeDelete(ctx, current) {
    notOwnPlace(ctx, current);
    withinCeiling(ctx, current.permissions, 'permissions');
  },
};
