/**
 * Ledgers and balances (documents.md): posting appends rows to a server-only ledger (stock moves,
 * journal lines) and adds to server-only balances (stock on hand, account balances), in the
 * document's transaction, under the panel's write lock. Both are entities like any other, so they
 * are pulled to devices read-only and listed over REST; their rows are stamped for pull here.
 */
import type { Entity, Row } from '../../src/contract/entity.ts';
import { addQuantities } from '../../src/contract/quantity.ts';
import { stampChanges } from '../sync/changeLog.ts';
import { columnName } from './columns.ts';
import { derivedColumns } from './derivedColumns.ts';
import { findRows, insertRows } from './entityStore.ts';
import { placeholder, toColumn } from './rowCodec.ts';
import type { WriteContext } from './writeContext.ts';

const CHUNK = 400;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** Appends rows to a ledger; they are never changed afterwards (a cancel appends the reversal). */
export async function appendLedger(ctx: WriteContext, entity: Entity, rows: readonly { id: string; values: Record<string, unknown> }[]): Promise<void> {
  const stamp = { panelId: ctx.access.id, userId: ctx.userId, now: ctx.now };
  for (const part of chunks(rows)) await insertRows(ctx.tx, entity, stamp, part);
  if (rows.length) await stampChanges(ctx.tx, ctx.access.id, rows.map((r) => ({ entity: entity.key, rowId: r.id })));
}

export interface BalanceChange {
  /** The balance row's id (stableId of its key). */
  id: string;
  /** The fields naming what the balance is of; written when the row is made. */
  key: Record<string, unknown>;
  /** Amounts added to number fields (exact quantities as text, money as rials); negative to take away. */
  add: Record<string, string | number>;
}

/** The changes to one row summed into one (a statement may touch a row only once). */
function summed(entity: Entity, changes: readonly BalanceChange[]): BalanceChange[] {
  const byId = new Map<string, BalanceChange>();
  for (const c of changes) {
    const seen = byId.get(c.id);
    if (!seen) byId.set(c.id, { ...c, add: { ...c.add } });
    else for (const [f, v] of Object.entries(c.add)) seen.add[f] = entity.fields[f]?.kind === 'decimal' ? addQuantities(seen.add[f] ?? 0, v) : Number(seen.add[f] ?? 0) + Number(v);
  }
  return [...byId.values()];
}

/** Adds to balance rows, making each on first use; one statement per few hundred rows. */
export async function adjustBalances(ctx: WriteContext, entity: Entity, given: readonly BalanceChange[]): Promise<void> {
  const changes = summed(entity, given);
  if (!changes.length) return;
  const keyFields = Object.keys(changes[0]!.key);
  const addFields = Object.keys(changes[0]!.add);
  for (const part of chunks(changes)) {
    const params: unknown[] = [ctx.access.id, ctx.now, ctx.userId];
    const put = (field: string, value: unknown) => {
      params.push(toColumn(entity.fields[field]!, value));
      return placeholder(entity.fields[field]!, params.length);
    };
    let derivedNames: string[] = [];
    const tuples = part.map((c) => {
      params.push(c.id);
      const id = `$${params.length}`;
      const derived = derivedColumns(entity.fields, entity.searchFields, c.key);
      derivedNames = Object.keys(derived);
      const values = [...keyFields.map((f) => put(f, c.key[f])), ...addFields.map((f) => put(f, c.add[f])), ...Object.values(derived).map((v) => {
        params.push(v);
        return `$${params.length}`;
      })];
      return `($1, ${id}, 1, $2, $2, false, $3, $3, ${values.join(', ')})`;
    });
    const columns = [...keyFields, ...addFields].map(columnName);
    await ctx.tx.query(
      `INSERT INTO ${entity.table} AS t (panel_id, id, version, created_at, updated_at, deleted, created_by, updated_by, ${[...columns, ...derivedNames].join(', ')})
       VALUES ${tuples.join(', ')}
       ON CONFLICT (panel_id, id) DO UPDATE SET version = t.version + 1, updated_at = excluded.updated_at, updated_by = excluded.updated_by,
         ${addFields.map((f) => `${columnName(f)} = coalesce(t.${columnName(f)}, 0) + excluded.${columnName(f)}`).join(', ')}`,
      params,
    );
  }
  await stampChanges(ctx.tx, ctx.access.id, changes.map((c) => ({ entity: entity.key, rowId: c.id })));
}

/** The balance rows with these ids (those never made are missing). */
export function readBalances(ctx: WriteContext, entity: Entity, ids: readonly string[]): Promise<Row[]> {
  return findRows(ctx.tx, entity, ctx.access.id, [...new Set(ids)]);
}
