/**
 * Totals a device keeps of an entity's rows (decision 052): per group of `totals.by` values, the
 * count of live rows, of those with a figure not zero, and the exact sum of each `totals.sum`
 * field — a decimal's thousandths or money's rials, as a bigint's text. Every write that stores or
 * replaces rows of such an entity (reconcile.ts) moves its groups by the difference between the
 * old row and the new, in the same transaction, so the sums never drift from the rows. A database
 * made before an entity had totals has none: `ensureTotals` works them out once from the rows.
 */
import type { Entity, Row } from '../contract/entity.ts';
import { toRials } from '../contract/money.ts';
import { toThousandths } from '../contract/quantity.ts';
import { builtTotals, type LocalRow, type TotalsRecord } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';

function groupKey(entity: Entity, row: Row): string {
  return `${entity.table}|${entity.totals!.by.map((name) => String(row[name] ?? '')).join('\u0001')}`;
}

function figure(entity: Entity, name: string, row: Row): bigint {
  return (entity.fields[name]!.kind === 'money' ? toRials(row[name]) : toThousandths(row[name])) ?? 0n;
}

const live = (row: Row | null | undefined): row is Row => !!row && !row.deleted;

function emptyRecord(entity: Entity, row: Row): TotalsRecord {
  const { by, sum } = entity.totals!;
  return {
    key: groupKey(entity, row),
    table: entity.table,
    group: Object.fromEntries(by.map((name) => [name, row[name] ?? null])),
    rows: 0,
    nonZero: 0,
    sums: Object.fromEntries(sum.map((name) => [name, '0'])),
  };
}

/** Adds `row` into its group (`sign` -1 takes it out). */
function add(entity: Entity, record: TotalsRecord, row: Row, sign: 1 | -1): void {
  const figures = entity.totals!.sum.map((name) => [name, figure(entity, name, row)] as const);
  record.rows += sign;
  if (figures.some(([, value]) => value !== 0n)) record.nonZero += sign;
  for (const [name, value] of figures) record.sums[name] = String(BigInt(record.sums[name] ?? '0') + BigInt(sign) * value);
}

/**
 * Moves the totals by each pair's change, from the row stored before (or none) to the row stored
 * now (or none). Runs inside the caller's transaction, which must cover `db.totals`.
 */
export async function moveTotals(
  db: PanelDb,
  entity: Entity,
  changes: readonly [before: Row | null | undefined, after: Row | null | undefined][],
): Promise<void> {
  if (!entity.totals) return;
  const moved = changes.filter(([before, after]) => live(before) || live(after));
  if (!moved.length) return;
  const keys = [...new Set(moved.flatMap(([before, after]) => [before, after].filter(live).map((row) => groupKey(entity, row))))];
  const records = new Map<string, TotalsRecord>();
  (await db.totals.bulkGet(keys)).forEach((record, i) => record && records.set(keys[i]!, record));
  const recordOf = (row: Row) => {
    const key = groupKey(entity, row);
    let record = records.get(key);
    if (!record) records.set(key, (record = emptyRecord(entity, row)));
    return record;
  };
  for (const [before, after] of moved) {
    if (live(before)) add(entity, recordOf(before), before, -1);
    if (live(after)) add(entity, recordOf(after), after, 1);
  }
  await db.totals.bulkPut([...records.values()]);
}

/** Rows read at once while totals are worked out from the rows. */
const REBUILD_CHUNK = 5_000;

/** Works the entity's totals out again from every row on this device (once per database, or to repair). */
export async function rebuildTotals(db: PanelDb, entity: Entity): Promise<void> {
  if (!entity.totals) return;
  await db.transaction('rw', [db.rows(entity), db.totals], async () => {
    const records = new Map<string, TotalsRecord>();
    const table = db.rows(entity);
    // Read in chunks by id (each one read of many rows): a cursor's step per row is far slower.
    for (let after: string | null = null; ;) {
      const chunk: LocalRow[] = await (after === null ? table.orderBy(':id') : table.where(':id').above(after))
        .limit(REBUILD_CHUNK)
        .toArray();
      for (const row of chunk) {
        if (!live(row)) continue;
        const key = groupKey(entity, row);
        let record = records.get(key);
        if (!record) records.set(key, (record = emptyRecord(entity, row)));
        add(entity, record, row, 1);
      }
      if (chunk.length < REBUILD_CHUNK) break;
      after = chunk.at(-1)!.id;
    }
    await db.totals.where('table').equals(entity.table).delete();
    await db.totals.bulkPut([...records.values(), builtTotals(entity)]);
  });
}

/** Works the entity's totals out from its rows when this database has none yet (once; a write, so never inside a live query). */
export async function ensureTotals(db: PanelDb, entity: Entity): Promise<void> {
  if (!(await db.totals.get(builtTotals(entity).key))) await rebuildTotals(db, entity);
}

/** The entity's totals per group; undefined while this database has none yet (`ensureTotals` works them out). */
export async function readTotals(db: PanelDb, entity: Entity): Promise<TotalsRecord[] | undefined> {
  const [built, records] = await Promise.all([
    db.totals.get(builtTotals(entity).key),
    db.totals.where('table').equals(entity.table).toArray(),
  ]);
  return built ? records : undefined;
}

/** Adds up groups (all of a table's, or those a screen picked): rows, non-zero rows and each sum. */
export function sumTotals(
  records: readonly TotalsRecord[],
  fields: readonly string[],
): { rows: number; nonZero: number; sums: Record<string, bigint> } {
  const sums = Object.fromEntries(fields.map((name) => [name, 0n]));
  let rows = 0;
  let nonZero = 0;
  for (const record of records) {
    rows += record.rows;
    nonZero += record.nonZero;
    for (const name of fields) sums[name] = sums[name]! + BigInt(record.sums[name] ?? '0');
  }
  return { rows, nonZero, sums };
}
