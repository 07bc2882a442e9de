/**
 * The rules every entity gets from its declaration, checked against stored rows of the same
 * panel in one query per write: references point at live rows of this panel (9202), unique
 * fields are unique among live rows (9107), and a row still referenced by live rows cannot be
 * deleted (9106). The caller holds the panel's write lock, so what is checked here still holds
 * when the row is written.
 */
import { Code } from '../../src/contract/codes.ts';
import { entities } from '../../src/contract/entities/index.ts';
import type { Entity, WriteFieldReason } from '../../src/contract/entity.ts';
import type { ReferenceField } from '../../src/contract/fields.ts';
import type { Queryable } from '../db/Db.ts';
import { columnName } from './columns.ts';
import { RuleRejection } from './writeContext.ts';

function target(field: ReferenceField): Entity {
  const entity = entities.find((e) => e.key === field.to);
  if (!entity) throw new Error(`undeclared reference target ${field.to}`);
  return entity;
}

interface Check {
  field: string;
  /** What the rule wants of the EXISTS: a live referenced row must exist; a duplicate must not. */
  want: boolean;
  reason: WriteFieldReason;
  code: number;
  sql: string;
}

/** References among `values` name live rows of this panel; unique values are not taken by another live row. */
export async function checkRowRules(q: Queryable, entity: Entity, panelId: string, id: string, values: Record<string, unknown>): Promise<void> {
  const params: unknown[] = [panelId, id];
  const checks: Check[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = values[name];
    if (value === null || value === undefined) continue;
    if (field.kind === 'reference') {
      params.push(value);
      const sql = `SELECT 1 FROM ${target(field).table} WHERE panel_id = $1 AND id = $${params.length}::uuid AND NOT deleted`;
      checks.push({ field: name, want: true, reason: 'reference', code: Code.IdNotRegistered, sql });
    }
    if (field.unique) {
      params.push(value);
      const sql = `SELECT 1 FROM ${entity.table} WHERE panel_id = $1 AND ${columnName(name)} = $${params.length} AND id <> $2::uuid AND NOT deleted`;
      checks.push({ field: name, want: false, reason: 'unique', code: Code.AlreadyExists, sql });
    }
  }
  if (!checks.length) return;
  const [found] = await q.query<Record<string, boolean>>(`SELECT ${checks.map((c, i) => `EXISTS (${c.sql}) AS c${i}`).join(', ')}`, params);
  const broken = checks.filter((c, i) => found![`c${i}`] !== c.want);
  if (!broken.length) return;
  // A broken reference is reported before a taken value, as the code of the first rule that fails.
  const first = broken.find((c) => c.reason === 'reference') ?? broken[0]!;
  throw new RuleRejection(first.code, Object.fromEntries(broken.filter((c) => c.code === first.code).map((c) => [c.field, c.reason])));
}

const inbound = new Map<string, { entity: Entity; column: string }[]>();
for (const entity of entities) {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind !== 'reference') continue;
    const list = inbound.get(field.to) ?? [];
    list.push({ entity, column: columnName(name) });
    inbound.set(field.to, list);
  }
}

/** No live row of this panel refers to the row (9106 when one does). */
export async function checkNotReferenced(q: Queryable, entity: Entity, panelId: string, id: string): Promise<void> {
  const refs = inbound.get(entity.key) ?? [];
  if (!refs.length) return;
  const sql = refs.map((r) => `SELECT 1 FROM ${r.entity.table} WHERE panel_id = $1 AND ${r.column} = $2::uuid AND NOT deleted`).join(' UNION ALL ');
  const [used] = await q.query<{ used: boolean }>(`SELECT EXISTS (${sql}) AS used`, [panelId, id]);
  if (used?.used) throw new RuleRejection(Code.NotPossibleNow);
}
