/**
 * Ledgers and balances (documents.md): posting appends rows to a server-only ledger (stock moves,
 * journal lines) and adds to server-only balances (stock on hand, account balances), in the
 * document's transaction, under the panel's write lock. Both are entities like any other, so they
 * are pulled to devices read-only and listed over REST; their rows are stamped for pull here.
 */
import { Code } from '../../src/contract/codes.ts';
import type { Entity, Row, WriteFieldReason } from '../../src/contract/entity.ts';
import type { Field } from '../../src/contract/fields.ts';
import { fitsMoney, rials, toRials } from '../../src/contract/money.ts';
import { addQuantities, fitsQuantity, toThousandths } from '../../src/contract/quantity.ts';
import { stampChanges } from '../db/changeLog.ts';
import { columnName } from './columns.ts';
import { derivedColumns } from './derivedColumns.ts';
import { findRows, insertRows } from './entityStore.ts';
import { placeholder, toColumn } from './rowCodec.ts';
import { RuleRejection, type WriteContext } from './writeContext.ts';

const CHUNK = 400;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * Appends rows to a ledger; they are never changed afterwards (a cancel appends the reversal). A
 * row whose amount or quantity would not fit its column is refused first, naming its `origin`.
 */
export async function appendLedger(
  ctx: WriteContext,
  entity: Entity,
  rows: readonly { id: string; values: Record<string, unknown>; origin?: Record<string, string> }[],
): Promise<void> {
  checkRowsFit(entity, rows);
  const stamp = { panelId: ctx.access.id, userId: ctx.userId, now: ctx.now };
  for (const part of chunks(rows)) await insertRows(ctx.tx, entity, stamp, part);
  if (rows.length)
    await stampChanges(
      ctx.tx,
      ctx.access.id,
      rows.map((r) => ({ entity: entity.key, rowId: r.id })),
    );
}

export interface BalanceChange {
  /** The balance row's id (stableId of its key). */
  id: string;
  /** The fields naming what the balance is of; written when the row is made. */
  key: Record<string, unknown>;
  /** Amounts added to number fields (exact quantities as text, money as rials: bigint, or number/text); negative to take away. */
  add: Record<string, string | number | bigint>;
  /**
   * The field of the posting document behind each added field (`quantity` → `lines.2.quantity`):
   * a balance that would no longer fit its column is refused naming it.
   */
  origin?: Record<string, string>;
}

/** The exact sum of two amounts of a field: quantities in thousandths, money in rials. */
function addExact(field: Field | undefined, a: unknown, b: unknown): string | bigint {
  return field?.kind === 'decimal' ? addQuantities(a ?? 0, b ?? 0) : rials(a) + rials(b);
}

/** The changes to one row summed into one (a statement may touch a row only once). */
function summed(entity: Entity, changes: readonly BalanceChange[]): BalanceChange[] {
  const byId = new Map<string, BalanceChange>();
  for (const c of changes) {
    const seen = byId.get(c.id);
    if (!seen) byId.set(c.id, { ...c, add: { ...c.add }, origin: { ...c.origin } });
    else {
      for (const [f, v] of Object.entries(c.add)) seen.add[f] = addExact(entity.fields[f], seen.add[f], v);
      seen.origin = { ...c.origin, ...seen.origin };
    }
  }
  return [...byId.values()];
}

/** Whether a value fits its column: numeric(18,3) for a quantity, bigint for money. */
function fits(field: Field | undefined, value: unknown): boolean {
  if (field?.kind === 'decimal') {
    const thousandths = toThousandths(value);
    return thousandths !== null && fitsQuantity(thousandths);
  }
  if (field?.kind === 'money') {
    const amount = toRials(value);
    return amount !== null && fitsMoney(amount);
  }
  return true;
}

/** What a value too large for its column is refused with: 9401 naming the document's field, and what overflowed. */
export function overflow(fields: Record<string, WriteFieldReason>, detail: Record<string, unknown>): RuleRejection {
  return new RuleRejection(Code.BadRequest, fields, { detail: { reason: 'overflow', ...detail } });
}

/** Refuses, before anything is written, rows whose money or quantity fields would not fit their columns. */
function checkRowsFit(entity: Entity, rows: readonly { values: Record<string, unknown>; origin?: Record<string, string> }[]): void {
  for (const row of rows) {
    for (const [name, value] of Object.entries(row.values)) {
      if (!fits(entity.fields[name], value)) throw overflow({ [row.origin?.[name] ?? name]: 'range' }, { entity: entity.key, field: name });
    }
  }
}

/** Refuses, before anything is written, changes that would leave a balance too large for its column. */
async function checkBalancesFit(ctx: WriteContext, entity: Entity, changes: readonly BalanceChange[]): Promise<void> {
  const held = new Map(
    (
      await findRows(
        ctx.tx,
        entity,
        ctx.access.id,
        changes.map((c) => c.id),
      )
    ).map((r) => [r.id, r]),
  );
  for (const c of changes) {
    for (const [f, v] of Object.entries(c.add)) {
      const field = entity.fields[f];
      if (!fits(field, v) || !fits(field, addExact(field, held.get(c.id)?.[f] ?? 0, v))) {
        throw overflow({ [c.origin?.[f] ?? f]: 'range' }, { entity: entity.key, field: f });
      }
    }
  }
}

/** Adds to balance rows, making each on first use; one statement per few hundred rows. */
export async function adjustBalances(ctx: WriteContext, entity: Entity, given: readonly BalanceChange[]): Promise<void> {
  const changes = summed(entity, given);
  if (!changes.length) return;
  await checkBalancesFit(ctx, entity, changes);
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
      const values = [
        ...keyFields.map((f) => put(f, c.key[f])),
        ...addFields.map((f) => put(f, c.add[f])),
        ...Object.values(derived).map((v) => {
          params.push(v);
          return `$${params.length}`;
        }),
      ];
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
  await stampChanges(
    ctx.tx,
    ctx.access.id,
    changes.map((c) => ({ entity: entity.key, rowId: c.id })),
  );
}

/** The balance rows with these ids (those never made are missing). */
export function readBalances(ctx: WriteContext, entity: Entity, ids: readonly string[]): Promise<Row[]> {
  return findRows(ctx.tx, entity, ctx.access.id, [...new Set(ids)]);
}
