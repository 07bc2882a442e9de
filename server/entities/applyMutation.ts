/**
 * The one mutation path: REST writes and sync pushes both come here, so an entity's rules hold
 * the same way whichever door a change comes through. It checks the caller's permission, the
 * row's version, the values against the declaration, the entity's lifecycle hooks and the
 * generic rules, then writes the row, stamps the change log and adds the audit-log row. The
 * caller holds the panel's write lock. Every check comes before the first write, so a rejected
 * mutation has written nothing and the transaction goes on with the ones behind it; an error the
 * checks did not foresee is thrown (see pushMutations for how a batch survives it).
 */
import { Code } from '../../src/contract/codes.ts';
import { permission, validateValues, type Entity, type Row, type WriteFieldReason } from '../../src/contract/entity.ts';
import { isUuid } from '../../src/contract/fields.ts';
import type { MutationOp } from '../../src/contract/sync.ts';
import { recordActivity } from './activityLog.ts';
import { findRow, insertRow, tombstoneRow, updateRow } from './entityStore.ts';
import { hooksFor } from './lifecycle.ts';
import { RuleRejection, type WriteContext } from './writeContext.ts';
import { checkNotReferenced, checkRowRules } from './writeRules.ts';

export interface MutationRequest {
  entity: Entity;
  op: MutationOp;
  id: string;
  /** For update and delete: the version the row must have now. */
  baseVersion?: unknown;
  values?: unknown;
}

export type MutationOutcome =
  | { status: 'applied'; code: number; row: Row | null }
  | { status: 'rejected'; code: number; fields?: Record<string, WriteFieldReason>; row: Row | null };

const reject = (code: number, fields?: Record<string, WriteFieldReason>) => new RuleRejection(code, fields);

function titleOf(entity: Entity, row: Row): string {
  const value = row[entity.titleField];
  return value === null || value === undefined ? '' : String(value);
}

function checkVersion(current: Row, baseVersion: unknown): void {
  if (typeof baseVersion !== 'number' || !Number.isInteger(baseVersion)) throw reject(Code.BadRequest, { baseVersion: 'required' });
  if (baseVersion !== current.version) throw reject(Code.ConcurrencyFailure);
}

async function write(ctx: WriteContext, m: MutationRequest, current: Row | null): Promise<{ code: number; row: Row }> {
  const { entity } = m;
  const hooks = hooksFor(entity.key);
  const stamp = { panelId: ctx.access.id, userId: ctx.userId, now: ctx.now };
  if (m.op === 'create') {
    if (current) throw reject(Code.AlreadyExists, { id: 'unique' });
    const checked = validateValues(entity, m.values ?? {}, 'create');
    if ('failure' in checked) throw reject(checked.failure.code, checked.failure.fields);
    const values = hooks.beforeCreate ? await hooks.beforeCreate(ctx, m.id, checked.values) : checked.values;
    await checkRowRules(ctx.tx, entity, ctx.access.id, m.id, values);
    return { code: Code.Created, row: await insertRow(ctx.tx, entity, stamp, m.id, values) };
  }
  if (!current || current.deleted) throw reject(Code.NotFound);
  checkVersion(current, m.baseVersion);
  if (m.op === 'update') {
    const checked = validateValues(entity, m.values ?? {}, 'update');
    if ('failure' in checked) throw reject(checked.failure.code, checked.failure.fields);
    const changes = hooks.beforeUpdate ? await hooks.beforeUpdate(ctx, current, checked.values) : checked.values;
    await checkRowRules(ctx.tx, entity, ctx.access.id, m.id, changes);
    return { code: Code.Updated, row: await updateRow(ctx.tx, entity, stamp, m.id, changes) };
  }
  await hooks.beforeDelete?.(ctx, current);
  await checkNotReferenced(ctx.tx, entity, ctx.access.id, m.id);
  return { code: Code.Deleted, row: await tombstoneRow(ctx.tx, entity, stamp, m.id) };
}

export async function applyMutation(ctx: WriteContext, m: MutationRequest): Promise<MutationOutcome> {
  const { entity } = m;
  const readable = ctx.access.permissions.has(permission(entity, 'read'));
  if (entity.serverOnly || !ctx.access.permissions.has(permission(entity, m.op))) {
    return { status: 'rejected', code: Code.InvalidOperation, row: null };
  }
  if (!isUuid(m.id)) return { status: 'rejected', code: Code.BadRequest, fields: { id: 'format' }, row: null };
  const id = m.id.toLowerCase();
  const current = await findRow(ctx.tx, entity, ctx.access.id, id);
  let written: { code: number; row: Row };
  try {
    written = await write(ctx, { ...m, id }, current);
  } catch (error) {
    if (!(error instanceof RuleRejection)) throw error;
    return { status: 'rejected', code: error.code, ...(error.fields ? { fields: error.fields } : {}), row: readable ? current : null };
  }
  const entry = { action: m.op, entity: entity.key, rowTitle: titleOf(entity, written.row), rowId: id };
  if (ctx.journal) ctx.journal.add(entry, { entity: entity.key, rowId: id });
  else await recordActivity(ctx, entry, { entity: entity.key, rowId: id });
  return { status: 'applied', code: written.code, row: readable ? written.row : null };
}
