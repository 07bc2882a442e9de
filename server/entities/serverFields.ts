/**
 * Read-only fields the server keeps up to date on a row as a side effect of other writes (when a
 * device was last seen). They change no version: nobody's pending edit of the row turns stale
 * because a kiosk punched, and devices still pull the new value, since a pulled row of the same
 * version replaces the stored one. Not an audited write: the write that caused it is.
 */
import type { Entity } from '../../src/contract/entity.ts';
import type { Db, Queryable } from '../db/Db.ts';
import { lockPanelWrites, stampChanges } from '../db/changeLog.ts';
import { columnName } from './columns.ts';
import { placeholder, toColumn } from './rowCodec.ts';
import type { WriteContext } from './writeContext.ts';

export async function setServerFields(ctx: WriteContext, entity: Entity, id: string, values: Record<string, unknown>): Promise<void> {
  await writeServerFields(ctx.tx, ctx.access.id, entity, id, values);
}

/**
 * The same outside a write: a job of the server's own (the tax system learning an invoice's fate)
 * keeps a field of a row, in a transaction of its own holding the panel's write lock, so the change
 * log's order stays the commits' order.
 */
export function updateServerFields(db: Db, panelId: string, entity: Entity, id: string, values: Record<string, unknown>): Promise<void> {
  return db.transaction(async (tx) => {
    await lockPanelWrites(tx, panelId);
    await writeServerFields(tx, panelId, entity, id, values);
  });
}

async function writeServerFields(tx: Queryable, panelId: string, entity: Entity, id: string, values: Record<string, unknown>) {
  const names = Object.keys(values);
  for (const name of names) {
    if (!entity.fields[name]?.readOnly) throw new Error(`${entity.key}.${name} is not a field the server keeps`);
  }
  if (!names.length) return;
  const params: unknown[] = [panelId, id];
  const set = names.map((name) => {
    const field = entity.fields[name]!;
    params.push(toColumn(field, values[name]));
    return `${columnName(name)} = ${placeholder(field, params.length)}`;
  });
  const changed = await tx.query(
    `UPDATE ${entity.table} SET ${set.join(', ')} WHERE panel_id = $1 AND id = $2 AND NOT deleted RETURNING id`,
    params,
  );
  if (changed.length) await stampChanges(tx, panelId, [{ entity: entity.key, rowId: id }]);
}
