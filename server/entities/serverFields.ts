/**
 * Read-only fields the server keeps up to date on a row as a side effect of other writes (when a
 * device was last seen). They change no version: nobody's pending edit of the row turns stale
 * because a kiosk punched, and devices still pull the new value, since a pulled row of the same
 * version replaces the stored one. Not an audited write: the write that caused it is.
 */
import type { Entity } from '../../src/contract/entity.ts';
import { stampChanges } from '../db/changeLog.ts';
import { columnName } from './columns.ts';
import { placeholder, toColumn } from './rowCodec.ts';
import type { WriteContext } from './writeContext.ts';

export async function setServerFields(ctx: WriteContext, entity: Entity, id: string, values: Record<string, unknown>): Promise<void> {
  const names = Object.keys(values);
  for (const name of names) {
    if (!entity.fields[name]?.readOnly) throw new Error(`${entity.key}.${name} is not a field the server keeps`);
  }
  if (!names.length) return;
  const params: unknown[] = [ctx.access.id, id];
  const set = names.map((name) => {
    const field = entity.fields[name]!;
    params.push(toColumn(field, values[name]));
    return `${columnName(name)} = ${placeholder(field, params.length)}`;
  });
  const changed = await ctx.tx.query(
    `UPDATE ${entity.table} SET ${set.join(', ')} WHERE panel_id = $1 AND id = $2 AND NOT deleted RETURNING id`,
    params,
  );
  if (changed.length) await stampChanges(ctx.tx, ctx.access.id, [{ entity: entity.key, rowId: id }]);
}
