/** A location sits inside a location of the same warehouse, never of another one. */
import { Code } from '../../../src/contract/codes.ts';
import type { Row } from '../../../src/contract/entity.ts';
import { findRow, RuleRejection, type EntityHooks, type WriteContext } from '../../../server/moduleApi.ts';
import { Location } from '../entities/masterData.ts';

async function checkParent(ctx: WriteContext, values: Record<string, unknown>, current: Row | null): Promise<void> {
  const parentId = 'parentId' in values ? values.parentId : current?.parentId;
  const warehouseId = 'warehouseId' in values ? values.warehouseId : current?.warehouseId;
  if (typeof parentId !== 'string') return;
  const parent = await findRow(ctx.tx, Location, ctx.access.id, parentId);
  if (parent && parent.warehouseId !== warehouseId) throw new RuleRejection(Code.IdNotRegistered, { parentId: 'reference' });
}

export const locationHooks: EntityHooks = {
  async beforeCreate(ctx, _id, values) {
    await checkParent(ctx, values, null);
    return values;
  },
  async beforeUpdate(ctx, current, changes) {
    await checkParent(ctx, changes, current);
    return changes;
  },
};
