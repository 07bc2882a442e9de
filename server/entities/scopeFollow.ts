/**
 * Scopes follow references (docs/decisions/020-scopes-follow-references.md). A row whose scope
 * says `from: { reference, fields }` belongs to the scoped row it refers to: the server copies the
 * parent's scope fields onto it on every write of the reference, and when a parent's scope fields
 * change it re-stamps every live row that refers to it (and theirs in turn), each one version up,
 * recording the Members whose scope it left so their devices are sent its removal. Because the
 * copy is kept in the row's own columns, lists, totals, search, get, pull and pushes filter it
 * with the same rule as any scoped row.
 */
import { entities } from '../../src/contract/modules.ts';
import { rowMembers, type Entity, type Row } from '../../src/contract/entity.ts';
import type { ReferenceField } from '../../src/contract/fields.ts';
import { stampChanges, type ChangedRow } from '../db/changeLog.ts';
import { columnName } from './columns.ts';
import { findRow, selectRows, updateRow } from './entityStore.ts';
import { queueLeft } from './rowScope.ts';
import type { WriteContext } from './writeContext.ts';
import { target } from './writeRules.ts';

/** The parent entity of a row that follows its reference's scope, or null. */
function parentOf(entity: Entity): Entity | null {
  const from = entity.scope?.from;
  return from ? target(entity.fields[from.reference] as ReferenceField) : null;
}

/**
 * `values` with the scope fields the row takes from its parent, when the write names the parent
 * (every create does). No parent (an empty optional reference): the fields are empty.
 */
export async function withParentScope(
  ctx: WriteContext,
  entity: Entity,
  values: Record<string, unknown>,
  creating: boolean,
): Promise<Record<string, unknown>> {
  const from = entity.scope?.from;
  if (!from || (!creating && !(from.reference in values))) return values;
  const id = values[from.reference];
  const parent = typeof id === 'string' ? await findRow(ctx.tx, parentOf(entity)!, ctx.access.id, id.toLowerCase()) : null;
  return { ...values, ...Object.fromEntries(from.fields.map((name) => [name, parent && !parent.deleted ? (parent[name] ?? null) : null])) };
}

/** The Members a row was scoped to before a write and no longer is after it. */
export function membersLeft(entity: Entity, before: Row, after: Row): string[] {
  const now = new Set(rowMembers(entity, after));
  return rowMembers(entity, before).filter((m) => !now.has(m));
}

/** The entities whose rows follow `entity`'s scope, each with the reference that makes them. */
let childrenFor: { entities: readonly Entity[]; map: Map<string, Entity[]> } | null = null;
function children(entity: Entity): Entity[] {
  const all = entities();
  if (childrenFor?.entities !== all) {
    const map = new Map<string, Entity[]>();
    for (const e of all) {
      const parent = e.scope?.from ? parentOf(e) : null;
      if (parent) map.set(parent.key, [...(map.get(parent.key) ?? []), e]);
    }
    childrenFor = { entities: all, map };
  }
  return childrenFor.map.get(entity.key) ?? [];
}

/**
 * After a row of `entity` was written (`before` → `after`): every live row following it whose
 * copied scope fields now differ takes the new values, and so on down. Answers nothing; the rows
 * it changes are stamped in the change log with the Members whose scope they left.
 */
export async function cascadeScope(ctx: WriteContext, entity: Entity, before: Row, after: Row, depth = 0): Promise<void> {
  if (depth > 8) return;
  for (const child of children(entity)) {
    const from = child.scope!.from!;
    if (from.fields.every((name) => (before[name] ?? null) === (after[name] ?? null))) continue;
    const rows = await selectRows(
      ctx.tx,
      child,
      ctx.access.id,
      (params) => `${columnName(from.reference)} = $${params.push(after.id)}::uuid`,
    );
    await setScopeFields(ctx, child, rows, () => Object.fromEntries(from.fields.map((name) => [name, after[name] ?? null])), depth + 1);
  }
}

/**
 * Gives each row the server-kept scope fields `valuesFor` answers for it (a row already holding
 * them is left alone): one version up, its followers re-stamped in turn, stamped in the change
 * log with the Members whose scope it left. For a module whose rule decides who else a row is for
 * (a region's agent), from its `afterWrite` hook.
 */
export async function setScopeFields(
  ctx: WriteContext,
  entity: Entity,
  rows: readonly Row[],
  valuesFor: (row: Row) => Record<string, unknown>,
  depth = 0,
): Promise<void> {
  const stamp = { panelId: ctx.access.id, userId: ctx.userId, now: ctx.now };
  const changed: ChangedRow[] = [];
  for (const row of rows) {
    const values = valuesFor(row);
    if (Object.entries(values).every(([name, value]) => (row[name] ?? null) === value)) continue;
    const updated = await updateRow(ctx.tx, entity, stamp, row, values);
    const left = [...membersLeft(entity, row, updated), ...(await queueLeft(ctx, entity, row, updated))];
    changed.push({ entity: entity.key, rowId: row.id, ...(left.length ? { leftScope: left } : {}) });
    await cascadeScope(ctx, entity, row, updated, depth);
  }
  await stampChanges(ctx.tx, ctx.access.id, changed);
}
