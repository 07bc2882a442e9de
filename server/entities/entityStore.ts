/**
 * The SQL of an entity's rows. Every query names the panel: a row of another panel is simply not
 * there. Writes stamp version, updated_at/by; the caller holds the panel's write lock.
 */
import { fieldOf, type Entity, type Row } from '../../src/contract/entity.ts';
import type { Queryable } from '../db/Db.ts';
import { columnName } from './columns.ts';
import { placeholder, rowFromDb, selectList, toColumn } from './rowCodec.ts';

export interface WriteStamp {
  panelId: string;
  userId: string;
  now: Date;
}

/** The row with this id in this panel, tombstones included, or null. */
export async function findRow(q: Queryable, entity: Entity, panelId: string, id: string): Promise<Row | null> {
  const [record] = await q.query(`SELECT ${selectList(entity)} FROM ${entity.table} WHERE panel_id = $1 AND id = $2`, [panelId, id]);
  return record ? rowFromDb(entity, record) : null;
}

/** The rows with these ids in this panel (tombstones included), in one query. */
export async function findRows(q: Queryable, entity: Entity, panelId: string, ids: readonly string[]): Promise<Row[]> {
  if (!ids.length) return [];
  const records = await q.query(`SELECT ${selectList(entity)} FROM ${entity.table} WHERE panel_id = $1 AND id = ANY($2::uuid[])`, [
    panelId,
    ids,
  ]);
  return records.map((r) => rowFromDb(entity, r));
}

export async function insertRow(q: Queryable, entity: Entity, stamp: WriteStamp, id: string, values: Record<string, unknown>): Promise<Row> {
  const names = Object.keys(values).filter((n) => fieldOf(entity, n));
  const params: unknown[] = [stamp.panelId, id, stamp.now, stamp.userId];
  const placeholders = names.map((n) => {
    params.push(toColumn(entity.fields[n]!, values[n]));
    return placeholder(entity.fields[n]!, params.length);
  });
  const columns = ['panel_id', 'id', 'version', 'created_at', 'updated_at', 'deleted', 'created_by', 'updated_by', ...names.map(columnName)];
  const [record] = await q.query(
    `INSERT INTO ${entity.table} (${columns.join(', ')})
     VALUES ($1, $2, 1, $3, $3, false, $4, $4${placeholders.map((p) => `, ${p}`).join('')})
     RETURNING ${selectList(entity)}`,
    params,
  );
  return rowFromDb(entity, record!);
}

/**
 * Many new rows with the same fields in one statement (the audit rows of a pushed batch). Every
 * row's `values` must name the same fields as the first's.
 */
export async function insertRows(q: Queryable, entity: Entity, stamp: WriteStamp, rows: readonly { id: string; values: Record<string, unknown> }[]): Promise<void> {
  if (!rows.length) return;
  const names = Object.keys(rows[0]!.values).filter((n) => fieldOf(entity, n));
  const params: unknown[] = [stamp.panelId, stamp.now, stamp.userId];
  const tuples = rows.map((row) => {
    params.push(row.id);
    const id = `$${params.length}`;
    const placeholders = names.map((n) => {
      params.push(toColumn(entity.fields[n]!, row.values[n]));
      return placeholder(entity.fields[n]!, params.length);
    });
    return `($1, ${id}, 1, $2, $2, false, $3, $3${placeholders.map((p) => `, ${p}`).join('')})`;
  });
  const columns = ['panel_id', 'id', 'version', 'created_at', 'updated_at', 'deleted', 'created_by', 'updated_by', ...names.map(columnName)];
  await q.query(`INSERT INTO ${entity.table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
}

export async function updateRow(q: Queryable, entity: Entity, stamp: WriteStamp, id: string, values: Record<string, unknown>): Promise<Row> {
  const names = Object.keys(values).filter((n) => fieldOf(entity, n));
  const params: unknown[] = [stamp.panelId, id, stamp.now, stamp.userId];
  const sets = names.map((n) => {
    params.push(toColumn(entity.fields[n]!, values[n]));
    return `${columnName(n)} = ${placeholder(entity.fields[n]!, params.length)}`;
  });
  const [record] = await q.query(
    `UPDATE ${entity.table} SET version = version + 1, updated_at = $3, updated_by = $4${sets.map((s) => `, ${s}`).join('')}
     WHERE panel_id = $1 AND id = $2 RETURNING ${selectList(entity)}`,
    params,
  );
  return rowFromDb(entity, record!);
}

/** Marks the row deleted: it stays as a tombstone so every client learns of the delete. */
export async function tombstoneRow(q: Queryable, entity: Entity, stamp: WriteStamp, id: string): Promise<Row> {
  const [record] = await q.query(
    `UPDATE ${entity.table} SET version = version + 1, updated_at = $3, updated_by = $4, deleted = true
     WHERE panel_id = $1 AND id = $2 RETURNING ${selectList(entity)}`,
    [stamp.panelId, id, stamp.now, stamp.userId],
  );
  return rowFromDb(entity, record!);
}
