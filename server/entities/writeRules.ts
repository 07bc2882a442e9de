/**
 * The rules every entity gets from its declaration, checked against stored rows of the same
 * panel in one query per write: references point at live rows of this panel (9202), a document's
 * lines' references too, unique fields are unique among live rows (9107), a tree's parent never
 * makes a loop (9202), and a row still referenced by live rows cannot be deleted (9106). The
 * caller holds the panel's write lock, so what is checked here still holds when the row is written.
 */
import { Code } from '../../src/contract/codes.ts';
import { entities, entityByKey } from '../../src/contract/modules.ts';
import { isDocument, type Entity, type Line, type WriteFieldReason } from '../../src/contract/entity.ts';
import type { Field, ReferenceField } from '../../src/contract/fields.ts';
import type { Queryable } from '../db/Db.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import { columnName, linesTable } from './columns.ts';
import { scopeCondition } from './rowScope.ts';
import { RuleRejection } from './writeContext.ts';

export function target(field: ReferenceField): Entity {
  const entity = entityByKey(field.to);
  if (!entity) throw new Error(`undeclared reference target ${field.to}`);
  return entity;
}

export interface Check {
  field: string;
  /** What the rule wants of the EXISTS: a live referenced row must exist; a duplicate must not. */
  want: boolean;
  reason: WriteFieldReason;
  code: number;
  sql: string;
}

/** Who writes: a reference to a row outside their scope is answered as one to a missing row (rowScope.ts). */
type Writer = Pick<PanelAccess, 'permissions' | 'memberId'>;

/** The condition a referenced row of `target` must meet besides being live in the panel: the writer's scope of it. */
function inWritersScope(target: Entity, writer: Writer | undefined, params: unknown[]): string {
  const scope = writer ? scopeCondition(target, writer, params) : null;
  return scope ? ` AND ${scope}` : '';
}

/**
 * The checks of checkRowRules, their parameters pushed onto `params` (whose `$1` is the panel);
 * `own` names the row's own id, asked only when a unique check reads it.
 */
function rowRuleChecks(
  entity: Entity,
  values: Record<string, unknown>,
  writer: Writer | undefined,
  params: unknown[],
  own: () => string,
): Check[] {
  const checks: Check[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = values[name];
    if (value === null || value === undefined) continue;
    if (field.kind === 'reference') {
      params.push(value);
      const at = `$${params.length}::uuid`;
      const sql = `SELECT 1 FROM ${target(field).table} WHERE panel_id = $1 AND id = ${at} AND NOT deleted${inWritersScope(target(field), writer, params)}`;
      checks.push({ field: name, want: true, reason: 'reference', code: Code.IdNotRegistered, sql });
    }
    if (field.unique) {
      params.push(value);
      const sql = `SELECT 1 FROM ${entity.table} WHERE panel_id = $1 AND ${columnName(name)} = $${params.length} AND id <> ${own()} AND NOT deleted`;
      checks.push({ field: name, want: false, reason: 'unique', code: Code.AlreadyExists, sql });
    }
  }
  return checks;
}

/**
 * References among `values` name live rows of this panel within the writer's scope; unique
 * values are not taken by another live row.
 */
export async function checkRowRules(
  q: Queryable,
  entity: Entity,
  panelId: string,
  id: string,
  values: Record<string, unknown>,
  writer?: Writer,
): Promise<void> {
  const params: unknown[] = [panelId];
  // The row's own id is a parameter only when a unique check reads it: PostgreSQL refuses a
  // parameter no clause types (a change of a reference alone has no unique check).
  let ownId = '';
  const checks = rowRuleChecks(entity, values, writer, params, () => (ownId ||= `$${params.push(id)}::uuid`));
  if (!checks.length) return;
  const [found] = await q.query<Record<string, boolean>>(`SELECT ${checks.map((c, i) => `EXISTS (${c.sql}) AS c${i}`).join(', ')}`, params);
  const rejection = rowRulesBroken(checks.filter((c, i) => found![`c${i}`] !== c.want));
  if (rejection) throw rejection;
}

/** What checkRowRules says of the rules that broke: a broken reference before a taken value, as the code of the first rule that fails. */
export function rowRulesBroken(broken: readonly Check[]): RuleRejection | null {
  if (!broken.length) return null;
  const first = broken.find((c) => c.reason === 'reference') ?? broken[0]!;
  return new RuleRejection(first.code, Object.fromEntries(broken.filter((c) => c.code === first.code).map((c) => [c.field, c.reason])));
}

/**
 * checkRowRules' checks of many new rows in one query, against the rows stored now: for each
 * row its checks, each with whether its EXISTS found a row (applyCreates works out the rest).
 */
export async function rowRulesOfMany(
  q: Queryable,
  entity: Entity,
  panelId: string,
  rows: readonly { id: string; values: Record<string, unknown> }[],
  writer: Writer,
): Promise<{ check: Check; exists: boolean }[][]> {
  if (Object.values(entity.fields).every((f) => !f.unique || f.kind === 'text')) return rowRulesBySets(q, entity, panelId, rows, writer);
  const params: unknown[] = [panelId];
  const checks = rows.map((row) => {
    let ownId = '';
    return rowRuleChecks(entity, row.values, writer, params, () => (ownId ||= `$${params.push(row.id)}::uuid`));
  });
  const all = checks.flat();
  if (!all.length) return checks.map(() => []);
  // One array, not a column per check: a statement has at most 1,664 columns.
  const [answer] = await q.query<{ found: boolean[] }>(
    `SELECT ARRAY[${all.map((c) => `EXISTS (${c.sql})`).join(', ')}]::boolean[] AS found`,
    params,
  );
  let at = 0;
  return checks.map((list) => list.map((check) => ({ check, exists: answer!.found[at++] === true })));
}

/**
 * The condition under which checkRowRules would pass, for a write that checks in its own
 * statement (applyMutation's create); its parameters go onto the statement's (`$1` the panel),
 * `own` is the placeholder of the row's id there. Null when there is nothing to check.
 */
export function rowRulesHold(
  entity: Entity,
  values: Record<string, unknown>,
  writer: Writer,
  params: unknown[],
  own: string,
): string | null {
  const checks = rowRuleChecks(entity, values, writer, params, () => own);
  return checks.length ? checks.map((c) => `${c.want ? '' : 'NOT '}EXISTS (${c.sql})`).join(' AND ') : null;
}

/** Each set of fields unique together is, among live rows, given the row as it will be (`whole`). */
export async function checkUniqueTogether(
  q: Queryable,
  entity: Entity,
  panelId: string,
  id: string,
  changed: Record<string, unknown>,
  whole: Record<string, unknown>,
): Promise<void> {
  for (const set of entity.uniqueTogether ?? []) {
    if (!set.some((name) => name in changed) || set.some((name) => whole[name] === null || whole[name] === undefined)) continue;
    const params: unknown[] = [panelId, id, ...set.map((name) => whole[name])];
    const [taken] = await q.query(
      `SELECT 1 FROM ${entity.table} WHERE panel_id = $1 AND id <> $2::uuid AND NOT deleted AND ${set.map((name, i) => `${columnName(name)} = $${i + 3}`).join(' AND ')} LIMIT 1`,
      params,
    );
    if (taken) throw new RuleRejection(Code.AlreadyExists, Object.fromEntries(set.map((name) => [name, 'unique' as const])));
  }
}

/** Every reference of a document's lines names a live row of this panel within the writer's scope; a broken one is reported as `lines.<i>.<field>`. */
export async function checkLineRules(
  q: Queryable,
  entity: Entity,
  panelId: string,
  lines: readonly Line[],
  writer?: Writer,
): Promise<void> {
  if (!isDocument(entity) || !lines.length) return;
  const fields: Record<string, WriteFieldReason> = {};
  for (const [name, field] of Object.entries(entity.document.lines)) {
    if (field.kind !== 'reference') continue;
    const ids = [...new Set(lines.map((l) => l[name]).filter((v): v is string => typeof v === 'string'))];
    if (!ids.length) continue;
    const params: unknown[] = [panelId, ids];
    const found = await q.query<{ id: string }>(
      `SELECT id FROM ${target(field).table} WHERE panel_id = $1 AND id = ANY($2::uuid[]) AND NOT deleted${inWritersScope(target(field), writer, params)}`,
      params,
    );
    const live = new Set(found.map((r) => r.id));
    lines.forEach((line, i) => {
      if (typeof line[name] === 'string' && !live.has(line[name] as string)) fields[`lines.${i}.${name}`] = 'reference';
    });
  }
  if (Object.keys(fields).length) throw new RuleRejection(Code.IdNotRegistered, fields);
}

/**
 * A line belongs to one document for life: a line id already kept under another document (of
 * this panel or of another) is refused as `lines.<i>.id` (9107), so no document's write can
 * reach into another's lines, a submitted one's least of all.
 */
export async function checkLineOwnership(
  q: Queryable,
  entity: Entity,
  panelId: string,
  docId: string,
  lines: readonly Line[],
): Promise<void> {
  if (!isDocument(entity) || !lines.length) return;
  const taken = await q.query<{ id: string }>(
    `SELECT id FROM ${linesTable(entity)} WHERE id = ANY($3::uuid[]) AND NOT (panel_id = $1 AND doc_id = $2::uuid)`,
    [panelId, docId, lines.map((l) => l.id)],
  );
  if (!taken.length) return;
  const ids = new Set(taken.map((r) => String(r.id)));
  const fields: Record<string, WriteFieldReason> = {};
  lines.forEach((line, i) => {
    if (ids.has(line.id)) fields[`lines.${i}.id`] = 'unique';
  });
  throw new RuleRejection(Code.AlreadyExists, fields);
}

/** A tree's parent may not be the row itself or one of its descendants (walking up from the new parent). */
export async function checkTree(q: Queryable, entity: Entity, panelId: string, id: string, values: Record<string, unknown>): Promise<void> {
  const parentField = entity.tree;
  if (!parentField || !(parentField in values)) return;
  const parent = values[parentField];
  if (typeof parent !== 'string') return;
  const column = columnName(parentField);
  const [loop] = await q.query(
    `WITH RECURSIVE up(id, depth) AS (
       SELECT $2::uuid, 0
       UNION ALL
       SELECT t.${column}, up.depth + 1 FROM ${entity.table} t JOIN up ON t.panel_id = $1 AND t.id = up.id
       WHERE t.${column} IS NOT NULL AND up.depth < 1000
     )
     SELECT 1 FROM up WHERE id = $3::uuid LIMIT 1`,
    [panelId, parent, id],
  );
  if (loop) throw new RuleRejection(Code.IdNotRegistered, { [parentField]: 'reference' });
}

type Inbound = Map<string, { table: string; column: string; live: string }[]>;
let inboundFor: { entities: readonly Entity[]; map: Inbound } | null = null;

/** Entity key → the columns of live rows (and of live documents' lines) that refer to it; worked out once per registry. */
function inbound(): Inbound {
  const all = entities();
  if (inboundFor?.entities === all) return inboundFor.map;
  const map: Inbound = new Map();
  for (const entity of all) {
    const sources: [string, Record<string, Field>][] = [[entity.table, entity.fields]];
    if (isDocument(entity)) sources.push([linesTable(entity), entity.document.lines]);
    for (const [table, fields] of sources) {
      for (const [name, field] of Object.entries(fields)) {
        if (field.kind !== 'reference') continue;
        const list = map.get(field.to) ?? [];
        // A line is live while its document is.
        list.push({
          table,
          column: columnName(name),
          live:
            table === entity.table
              ? 'NOT deleted'
              : `EXISTS (SELECT 1 FROM ${entity.table} d WHERE d.panel_id = $1 AND d.id = doc_id AND NOT d.deleted)`,
        });
        map.set(field.to, list);
      }
    }
  }
  inboundFor = { entities: all, map };
  return map;
}

/** No live row of this panel refers to the row (9106 when one does). */
export async function checkNotReferenced(q: Queryable, entity: Entity, panelId: string, id: string): Promise<void> {
  const refs = inbound().get(entity.key) ?? [];
  if (!refs.length) return;
  const sql = refs.map((r) => `SELECT 1 FROM ${r.table} WHERE panel_id = $1 AND ${r.column} = $2::uuid AND ${r.live}`).join(' UNION ALL ');
  const [used] = await q.query<{ used: boolean }>(`SELECT EXISTS (${sql}) AS used`, [panelId, id]);
  if (used?.used) throw new RuleRejection(Code.NotPossibleNow);
}

/**
 * rowRulesOfMany in a query per field instead of an EXISTS per row and rule: the live rows each
 * reference field names (within the writer's scope), and the live rows holding each unique text
 * field's values; each check is then answered from them as its EXISTS would be.
 */
async function rowRulesBySets(
  q: Queryable,
  entity: Entity,
  panelId: string,
  rows: readonly { id: string; values: Record<string, unknown> }[],
  writer: Writer,
): Promise<{ check: Check; exists: boolean }[][]> {
  const live = new Map<string, Set<string>>();
  const holders = new Map<string, Map<string, string[]>>();
  for (const [name, field] of Object.entries(entity.fields)) {
    const values = [...new Set(rows.map((r) => r.values[name]).filter((v) => v !== null && v !== undefined))];
    if (!values.length) continue;
    if (field.kind === 'reference') {
      const params: unknown[] = [panelId, values];
      const found = await q.query<{ id: string }>(
        `SELECT id FROM ${target(field).table} WHERE panel_id = $1 AND id = ANY($2::uuid[]) AND NOT deleted${inWritersScope(target(field), writer, params)}`,
        params,
      );
      live.set(name, new Set(found.map((r) => String(r.id).toLowerCase())));
    }
    if (field.unique) {
      const found = await q.query<{ id: string; v: string }>(
        `SELECT id, ${columnName(name)} AS v FROM ${entity.table} WHERE panel_id = $1 AND ${columnName(name)} = ANY($2::text[]) AND NOT deleted`,
        [panelId, values],
      );
      const byValue = new Map<string, string[]>();
      for (const r of found) byValue.set(r.v, [...(byValue.get(r.v) ?? []), String(r.id).toLowerCase()]);
      holders.set(name, byValue);
    }
  }
  return rows.map((row) =>
    rowRuleChecks(entity, row.values, writer, [panelId], () => '$0').map((check) => {
      const value = row.values[check.field];
      const exists =
        check.reason === 'reference'
          ? (live.get(check.field)?.has(String(value).toLowerCase()) ?? false)
          : (holders.get(check.field)?.get(value as string) ?? []).some((id) => id !== row.id);
      return { check, exists };
    }),
  );
}
