/**
 * The SQL of an entity's rows. Every query names the panel: a row of another panel is simply not
 * there. Writes stamp version, updated_at/by and the derived columns (search text, sort keys);
 * a document's lines are rows of their own table, written with their document and read with it.
 * The caller holds the panel's write lock.
 */
import { isDocument, type DocumentStatus, type Entity, type Line, type Row } from '../../src/contract/entity.ts';
import type { Field } from '../../src/contract/fields.ts';
import type { Queryable } from '../db/Db.ts';
import { columnName, linesTable } from './columns.ts';
import { derivedColumns } from './derivedColumns.ts';
import { lineFromDb, lineSelectList, placeholder, rowFromDb, selectList, toColumn } from './rowCodec.ts';

export interface WriteStamp {
  panelId: string;
  userId: string;
  now: Date;
}

/** Positional parameters of one statement. */
class Params {
  readonly values: unknown[] = [];
  constructor(...first: unknown[]) {
    this.values.push(...first);
  }
  add(value: unknown, field?: Field): string {
    this.values.push(field ? toColumn(field, value) : value);
    return field ? placeholder(field, this.values.length) : `$${this.values.length}`;
  }
}

/** Column → placeholder of the declared fields in `values`, and of the derived columns of `whole`. */
function assignments(
  entity: Pick<Entity, 'fields' | 'searchFields'>,
  values: Record<string, unknown>,
  whole: Record<string, unknown>,
  params: Params,
): [string, string][] {
  const declared = Object.keys(values).filter((n) => Object.hasOwn(entity.fields, n));
  return [
    ...declared.map((n): [string, string] => [columnName(n), params.add(values[n], entity.fields[n])]),
    ...Object.entries(derivedColumns(entity.fields, entity.searchFields, whole)).map(([c, v]): [string, string] => [c, params.add(v)]),
  ];
}

async function attachLines(q: Queryable, entity: Entity, panelId: string, rows: Row[]): Promise<Row[]> {
  if (!isDocument(entity) || !rows.length) return rows;
  // Each document's lines through the lines' (panel_id, doc_id, position) index, a document after
  // another (ids in order, so the index is walked forwards), one statement for the page. Asked as
  // `doc_id = ANY(…)` the planner read the whole lines table once the page held thousands of
  // documents (1.5 s a snapshot page of 5,000 receipts; decision 057).
  const ids = [...new Set(rows.map((r) => r.id))].sort();
  const records = await q.query(
    `SELECT ${lineSelectList(entity.document.lines, 'l')} FROM unnest($2::uuid[]) WITH ORDINALITY AS page_doc(doc, at)
     CROSS JOIN LATERAL (SELECT * FROM ${linesTable(entity)} x WHERE x.panel_id = $1 AND x.doc_id = page_doc.doc ORDER BY x.position) l
     ORDER BY page_doc.at, l.position`,
    [panelId, ids],
  );
  const byDoc = new Map(rows.map((r) => [r.id, r.lines as Line[]]));
  for (const record of records) byDoc.get(String(record.doc_id))?.push(lineFromDb(entity.document.lines, record));
  return rows;
}

/** The row with this id in this panel, tombstones included, or null. */
export async function findRow(q: Queryable, entity: Entity, panelId: string, id: string): Promise<Row | null> {
  const [row] = await findRows(q, entity, panelId, [id]);
  return row ?? null;
}

/** The rows with these ids in this panel (tombstones included), lines with their documents. */
export async function findRows(q: Queryable, entity: Entity, panelId: string, ids: readonly string[]): Promise<Row[]> {
  if (!ids.length) return [];
  const records = await q.query(`SELECT ${selectList(entity)} FROM ${entity.table} WHERE panel_id = $1 AND id = ANY($2::uuid[])`, [
    panelId,
    ids,
  ]);
  return attachLines(
    q,
    entity,
    panelId,
    records.map((r) => rowFromDb(entity, r)),
  );
}

/**
 * The live rows of this panel matching a condition, lines with their documents: for a module's
 * own reads, such as a report. `where` gets the statement's parameters (the panel is `$1`), pushes
 * its own and answers the condition that names them (`$2` …), as `scopeCondition` does.
 */
export async function selectRows(
  q: Queryable,
  entity: Entity,
  panelId: string,
  where: (params: unknown[]) => string = () => 'true',
): Promise<Row[]> {
  const params: unknown[] = [panelId];
  const condition = where(params);
  const records = await q.query(
    `SELECT ${selectList(entity)} FROM ${entity.table} WHERE panel_id = $1 AND NOT deleted AND (${condition})`,
    params,
  );
  return attachLines(
    q,
    entity,
    panelId,
    records.map((r) => rowFromDb(entity, r)),
  );
}

/** Rows already read as records (a list's page): their lines, in one query. */
export function rowsWithLines(q: Queryable, entity: Entity, panelId: string, records: Record<string, unknown>[]): Promise<Row[]> {
  return attachLines(
    q,
    entity,
    panelId,
    records.map((r) => rowFromDb(entity, r)),
  );
}

async function insertLines(
  q: Queryable,
  entity: Entity,
  panelId: string,
  docId: string,
  lines: readonly { line: Line; position: number }[],
): Promise<void> {
  if (!isDocument(entity) || !lines.length) return;
  const spec = { fields: entity.document.lines, searchFields: [] };
  const params = new Params(panelId, docId);
  let columns: string[] = [];
  const tuples = lines.map(({ line, position }) => {
    const set = assignments(spec, Object.fromEntries(Object.keys(spec.fields).map((n) => [n, line[n] ?? null])), line, params);
    columns = set.map(([c]) => c);
    return `($1, ${params.add(line.id)}, $2, ${params.add(position)}${set.map(([, p]) => `, ${p}`).join('')})`;
  });
  const written = await q.query(
    `INSERT INTO ${linesTable(entity)} (panel_id, id, doc_id, position${columns.map((c) => `, ${c}`).join('')}) VALUES ${tuples.join(', ')}
     ON CONFLICT (panel_id, id) DO UPDATE SET position = excluded.position${columns.map((c) => `, ${c} = excluded.${c}`).join('')}
     WHERE ${linesTable(entity)}.doc_id = excluded.doc_id RETURNING id`,
    params.values,
  );
  // The mutation path refuses a line id of another document (checkLineOwnership); one that got
  // this far anyway is not written over, and the write fails as a whole.
  if (written.length !== lines.length) throw new Error(`${entity.key}: a line of document ${docId} is another document's`);
}

/** Writes the lines that are new or changed, and deletes those no longer there; unchanged lines are not touched. */
async function replaceLines(
  q: Queryable,
  entity: Entity,
  panelId: string,
  docId: string,
  before: readonly Line[],
  after: readonly Line[],
): Promise<void> {
  const old = new Map(before.map((line, position) => [line.id, { line, position }]));
  const changed = after
    .map((line, position) => ({ line, position }))
    .filter(({ line, position }) => {
      const was = old.get(line.id);
      return !was || was.position !== position || JSON.stringify(was.line) !== JSON.stringify(line);
    });
  const kept = new Set(after.map((l) => l.id));
  const gone = before.filter((l) => !kept.has(l.id)).map((l) => l.id);
  if (gone.length)
    await q.query(`DELETE FROM ${linesTable(entity)} WHERE panel_id = $1 AND doc_id = $2 AND id = ANY($3::uuid[])`, [panelId, docId, gone]);
  await insertLines(q, entity, panelId, docId, changed);
}

export async function insertRow(
  q: Queryable,
  entity: Entity,
  stamp: WriteStamp,
  id: string,
  values: Record<string, unknown>,
): Promise<Row> {
  const params = new Params(stamp.panelId, id, stamp.now, stamp.userId);
  const set = assignments(entity, values, values, params);
  const lifecycle: [string, string][] = isDocument(entity) ? [['amended_from', params.add(values.amendedFrom ?? null)]] : [];
  const all = [...set, ...lifecycle];
  const [record] = await q.query(
    `INSERT INTO ${entity.table} (panel_id, id, version, created_at, updated_at, deleted, created_by, updated_by${all.map(([c]) => `, ${c}`).join('')})
     VALUES ($1, $2, 1, $3, $3, false, $4, $4${all.map(([, p]) => `, ${p}`).join('')}) RETURNING ${selectList(entity)}`,
    params.values,
  );
  const lines = (values.lines as Line[] | undefined) ?? [];
  await insertLines(
    q,
    entity,
    stamp.panelId,
    id,
    lines.map((line, position) => ({ line, position })),
  );
  return withLines(entity, record!, lines);
}

/**
 * A new row (not a document) written only if `holds` (a condition on the statement's parameters,
 * `$1` the panel and `own` the row's id; it pushes its own) is true and no row of this panel has
 * its id, tombstones included: the row, or null when nothing was written. One statement where a
 * look-up, a check and an insert were three (issue 28).
 */
export async function insertRowIf(
  q: Queryable,
  entity: Entity,
  stamp: WriteStamp,
  id: string,
  values: Record<string, unknown>,
  holds: (params: unknown[], own: string) => string | null,
): Promise<Row | null> {
  if (isDocument(entity)) throw new Error(`${entity.key}: insertRowIf writes no document`);
  const params = new Params(stamp.panelId, id, stamp.now, stamp.userId);
  const set = assignments(entity, values, values, params);
  const condition = holds(params.values, '$2::uuid') ?? 'true';
  const [record] = await q.query(
    `INSERT INTO ${entity.table} (panel_id, id, version, created_at, updated_at, deleted, created_by, updated_by${set.map(([c]) => `, ${c}`).join('')})
     SELECT $1, $2, 1, $3, $3, false, $4, $4${set.map(([, p]) => `, ${p}`).join('')} WHERE ${condition}
     ON CONFLICT (panel_id, id) DO NOTHING RETURNING ${selectList(entity)}`,
    params.values,
  );
  return record ? rowFromDb(entity, record) : null;
}

/**
 * New rows (not documents), as insertRow writes each, in one statement for each set of fields
 * given (a field left out keeps its column's default, as with insertRow): the rows written, by id.
 */
export async function insertNewRows(
  q: Queryable,
  entity: Entity,
  stamp: WriteStamp,
  rows: readonly { id: string; values: Record<string, unknown> }[],
): Promise<Map<string, Row>> {
  if (isDocument(entity)) throw new Error(`${entity.key}: insertNewRows writes no document`);
  // Each row's fields in one order, so that every tuple of a statement names its columns alike.
  const bySet = new Map<string, { id: string; values: Record<string, unknown>; ordered: Record<string, unknown> }[]>();
  for (const row of rows) {
    const names = Object.keys(row.values)
      .filter((n) => Object.hasOwn(entity.fields, n))
      .sort();
    const set = names.join(',');
    bySet.set(set, [...(bySet.get(set) ?? []), { ...row, ordered: Object.fromEntries(names.map((n) => [n, row.values[n]])) }]);
  }
  const written = new Map<string, Row>();
  for (const group of bySet.values()) {
    const params = new Params(stamp.panelId, stamp.now, stamp.userId);
    let columns: string[] = [];
    const tuples = group.map((row) => {
      const id = params.add(row.id);
      const set = assignments(entity, row.ordered, row.values, params);
      columns = set.map(([c]) => c);
      return `($1, ${id}, 1, $2, $2, false, $3, $3${set.map(([, p]) => `, ${p}`).join('')})`;
    });
    const records = await q.query(
      `INSERT INTO ${entity.table} (panel_id, id, version, created_at, updated_at, deleted, created_by, updated_by${columns.map((c) => `, ${c}`).join('')})
       VALUES ${tuples.join(', ')} RETURNING ${selectList(entity)}`,
      params.values,
    );
    for (const record of records) {
      const row = rowFromDb(entity, record);
      written.set(row.id, row);
    }
  }
  return written;
}

/** The row a write returned, with the lines it wrote (read back only when some were kept as they were). */
function withLines(entity: Entity, record: Record<string, unknown>, lines: readonly Line[]): Row {
  const row = rowFromDb(entity, record);
  if (isDocument(entity)) row.lines = lines.map((line) => ({ ...line }));
  return row;
}

/**
 * Many new rows with the same fields in one statement (the audit rows of a pushed batch). Every
 * row's `values` must name the same fields as the first's.
 */
export async function insertRows(
  q: Queryable,
  entity: Entity,
  stamp: WriteStamp,
  rows: readonly { id: string; values: Record<string, unknown> }[],
): Promise<void> {
  if (!rows.length) return;
  const params = new Params(stamp.panelId, stamp.now, stamp.userId);
  let columns: string[] = [];
  const tuples = rows.map((row) => {
    const id = params.add(row.id);
    const set = assignments(entity, row.values, row.values, params);
    columns = set.map(([c]) => c);
    return `($1, ${id}, 1, $2, $2, false, $3, $3${set.map(([, p]) => `, ${p}`).join('')})`;
  });
  await q.query(
    `INSERT INTO ${entity.table} (panel_id, id, version, created_at, updated_at, deleted, created_by, updated_by${columns.map((c) => `, ${c}`).join('')}) VALUES ${tuples.join(', ')}`,
    params.values,
  );
}

/** Writes the changed fields (and lines) of `current`, one version up. */
export async function updateRow(
  q: Queryable,
  entity: Entity,
  stamp: WriteStamp,
  current: Row,
  changes: Record<string, unknown>,
): Promise<Row> {
  const params = new Params(stamp.panelId, current.id, stamp.now, stamp.userId);
  const set = assignments(entity, changes, { ...current, ...changes }, params);
  const [record] = await q.query(
    `UPDATE ${entity.table} SET version = version + 1, updated_at = $3, updated_by = $4${set.map(([c, p]) => `, ${c} = ${p}`).join('')}
     WHERE panel_id = $1 AND id = $2 RETURNING ${selectList(entity)}`,
    params.values,
  );
  const before = (current.lines as Line[] | undefined) ?? [];
  const lines = Array.isArray(changes.lines) ? (changes.lines as Line[]) : before;
  if (lines !== before) await replaceLines(q, entity, stamp.panelId, current.id, before, lines);
  return withLines(entity, record!, lines);
}

/** A document's step in its lifecycle, one version up (submit gives its number, cancel keeps it). */
export async function setDocumentStatus(
  q: Queryable,
  entity: Entity,
  stamp: WriteStamp,
  id: string,
  status: DocumentStatus,
  number?: string,
): Promise<Row> {
  await q.query(
    `UPDATE ${entity.table} SET version = version + 1, updated_at = $3, updated_by = $4, status = $5,
       number = coalesce($6, number), submitted_at = CASE WHEN $5 = 'submitted' THEN $3 ELSE submitted_at END
     WHERE panel_id = $1 AND id = $2`,
    [stamp.panelId, id, stamp.now, stamp.userId, status, number ?? null],
  );
  return (await findRow(q, entity, stamp.panelId, id))!;
}

/** Marks the row deleted: it stays as a tombstone so every client learns of the delete. */
export async function tombstoneRow(q: Queryable, entity: Entity, stamp: WriteStamp, id: string): Promise<Row> {
  await q.query(
    `UPDATE ${entity.table} SET version = version + 1, updated_at = $3, updated_by = $4, deleted = true WHERE panel_id = $1 AND id = $2`,
    [stamp.panelId, id, stamp.now, stamp.userId],
  );
  return (await findRow(q, entity, stamp.panelId, id))!;
}
