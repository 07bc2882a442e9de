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
import {
  isDocument,
  permission,
  rowInScope,
  rowMembers,
  scopeFields,
  seesAllRows,
  validateValues,
  type DocumentSpec,
  type Entity,
  type Line,
  type Row,
  type WriteFieldReason,
} from '../../src/contract/entity.ts';
import { isUuid } from '../../src/contract/fields.ts';
import type { MutationOp } from '../../src/contract/sync.ts';
import { recordActivity } from './activityLog.ts';
import { afterWrite } from './afterWrite.ts';
import { documentEvents } from './documentEvents.ts';
import { checkDuties } from './duties.ts';
import {
  findRow,
  findRows,
  insertNewRows,
  insertRow,
  insertRowIf,
  setDocumentStatus,
  tombstoneRow,
  updateRow,
  type WriteStamp,
} from './entityStore.ts';
import { nextDocumentNumber } from './numbering.ts';
import { hooksFor } from './lifecycle.ts';
import { inScope, queueLeft, rowForCaller, scopeMember } from './rowScope.ts';
import { cascadeScope, membersLeft, withParentScope } from './scopeFollow.ts';
import { RuleRejection, type WriteContext } from './writeContext.ts';
import {
  checkLineOwnership,
  checkLineRules,
  checkNotReferenced,
  checkRowRules,
  checkTree,
  checkUniqueTogether,
  rowRulesBroken,
  rowRulesHold,
  rowRulesOfMany,
} from './writeRules.ts';

export interface MutationRequest {
  entity: Entity;
  op: MutationOp;
  id: string;
  /** For every op but create: the version the row must have now. */
  baseVersion?: unknown;
  values?: unknown;
}

export type MutationOutcome =
  | { status: 'applied'; code: number; row: Row | null }
  | {
      status: 'rejected';
      code: number;
      fields?: Record<string, WriteFieldReason>;
      detail?: unknown;
      retryAfterMs?: number;
      heldBy?: number;
      row: Row | null;
    };

const reject = (code: number, fields?: Record<string, WriteFieldReason>) => new RuleRejection(code, fields);

function titleOf(entity: Entity, row: Row): string {
  const value = row[entity.titleField];
  return value === null || value === undefined ? '' : String(value);
}

function checkVersion(current: Row, baseVersion: unknown): void {
  if (typeof baseVersion !== 'number' || !Number.isInteger(baseVersion)) throw reject(Code.BadRequest, { baseVersion: 'required' });
  if (baseVersion !== current.version) throw reject(Code.ConcurrencyFailure);
}

function checked(entity: Entity, values: unknown, mode: 'create' | 'update'): Record<string, unknown> {
  const result = validateValues(entity, values, mode);
  if ('failure' in result) throw reject(result.failure.code, result.failure.fields);
  return result.values;
}

/** The rules of the declaration against stored rows: references, unique values, lines' references, the tree. */
async function checkRules(
  ctx: WriteContext,
  entity: Entity,
  id: string,
  values: Record<string, unknown>,
  current: Row | null = null,
): Promise<void> {
  await checkRowRules(ctx.tx, entity, ctx.access.id, id, values, ctx.access);
  await checkUniqueTogether(ctx.tx, entity, ctx.access.id, id, values, { ...(current ?? {}), ...values });
  if (Array.isArray(values.lines)) {
    await checkLineOwnership(ctx.tx, entity, ctx.access.id, id, values.lines as Line[]);
    await checkLineRules(ctx.tx, entity, ctx.access.id, values.lines as Line[], ctx.access);
  }
  await checkTree(ctx.tx, entity, ctx.access.id, id, values);
}

/** A new draft may amend a cancelled document of the same kind (documents.md, "Amend"). */
async function checkAmends(ctx: WriteContext, entity: Entity, values: Record<string, unknown>): Promise<void> {
  if (values.amendedFrom === undefined || values.amendedFrom === null) return;
  const source = isUuid(values.amendedFrom) ? await findRow(ctx.tx, entity, ctx.access.id, values.amendedFrom.toLowerCase()) : null;
  if (!source || source.deleted || source.status !== 'cancelled') throw reject(Code.IdNotRegistered, { amendedFrom: 'reference' });
}

async function create(ctx: WriteContext, m: MutationRequest, stamp: WriteStamp, current: Row | null, attempt: Attempt): Promise<Written> {
  const { entity } = m;
  if (current) throw reject(Code.AlreadyExists, { id: 'unique' });
  const given = (m.values ?? {}) as Record<string, unknown>;
  const { amendedFrom, ...values } = isDocument(entity) && typeof given === 'object' ? given : { ...given, amendedFrom: undefined };
  const clean = checked(entity, withOwnScope(ctx, entity, values), 'create');
  if (isDocument(entity)) await checkAmends(ctx, entity, { amendedFrom });
  const hooks = hooksFor(entity.key);
  const hooked = hooks.beforeCreate ? await hooks.beforeCreate(ctx, m.id, clean) : clean;
  const ready = await withParentScope(ctx, entity, hooked, true);
  checkDuties(ctx, entity, clean, ready, null);
  if (createsInOneStatement(entity)) return createInOneStatement(ctx, m, stamp, ready, attempt);
  // A reference out of the writer's scope is answered as a missing row before anything is said of the scope.
  await checkRules(ctx, entity, m.id, ready);
  staysInScope(ctx, entity, ready, ready, true);
  const row = await insertRow(ctx.tx, entity, stamp, m.id, { ...ready, ...(amendedFrom ? { amendedFrom } : {}) });
  await hooks.afterWrite?.(ctx, null, row);
  return { code: Code.Created, row };
}

/**
 * A create whose rules are all checkRowRules' and that nothing writes before its row (no
 * beforeCreate hook, not a document): applyMutation does not look its id up first, and the row's
 * rules are checked in its INSERT (issue 28: one statement per created row where there were
 * three). Only when nothing was written are the rules run again, to say which one failed, in the
 * order they always are; when they all hold the id was taken (applyMutation answers 9107 with
 * the row, as when it looked first).
 */
function createsInOneStatement(entity: Entity): boolean {
  return !isDocument(entity) && !hooksFor(entity.key).beforeCreate && !entity.uniqueTogether?.length && !entity.tree;
}

async function createInOneStatement(
  ctx: WriteContext,
  m: MutationRequest,
  stamp: WriteStamp,
  ready: Record<string, unknown>,
  attempt: Attempt,
): Promise<Written> {
  const { entity } = m;
  try {
    staysInScope(ctx, entity, ready, ready, true);
  } catch (error) {
    // A reference out of the writer's scope is answered as a missing row before anything is said of the scope.
    await checkRules(ctx, entity, m.id, ready);
    throw error;
  }
  const row = await insertRowIf(ctx.tx, entity, stamp, m.id, ready, (params, own) => rowRulesHold(entity, ready, ctx.access, params, own));
  if (!row) {
    await checkRules(ctx, entity, m.id, ready);
    throw reject(Code.AlreadyExists, { id: 'unique' });
  }
  attempt.wrote = true;
  await hooksFor(entity.key).afterWrite?.(ctx, null, row);
  return { code: Code.Created, row };
}

/** An append-only row changes only in the fields a review may set (9106 naming the others); corrections are new rows. */
function keepsAppendOnly(entity: Entity, changes: Record<string, unknown>): void {
  if (!entity.appendOnly) return;
  const reviewable = new Set<string>(entity.appendOnly.reviewable ?? []);
  const fixed = Object.keys(changes).filter((name) => !reviewable.has(name));
  if (fixed.length)
    throw new RuleRejection(Code.NotPossibleNow, Object.fromEntries(fixed.map((name) => [name, 'type' as const])), {
      detail: { reason: 'appendOnly' },
    });
}

/** Drafts only: a submitted or cancelled document is read-only (9106). */
function mustBeDraft(entity: Entity, current: Row): void {
  if (isDocument(entity) && current.status !== 'draft') throw reject(Code.NotPossibleNow);
}

/** Runs a step whose hooks write, so that a rejection halfway leaves nothing of it behind. */
async function atomically<T>(ctx: WriteContext, work: () => Promise<T>): Promise<T> {
  await ctx.tx.exec('SAVEPOINT document_step');
  try {
    const result = await work();
    await ctx.tx.exec('RELEASE SAVEPOINT document_step');
    return result;
  } catch (error) {
    await ctx.tx.exec('ROLLBACK TO SAVEPOINT document_step');
    throw error;
  }
}

async function submit(ctx: WriteContext, entity: Entity & { document: DocumentSpec }, stamp: WriteStamp, current: Row): Promise<Written> {
  mustBeDraft(entity, current);
  if ((entity.document.needsLines ?? true) && !(current.lines as Line[]).length) throw reject(Code.BadRequest, { lines: 'required' });
  // The world as it is now (stock on hand, a balanced voucher, a closed period) decides, and the
  // effects post in this transaction, under the number the document takes.
  const number = await nextDocumentNumber(ctx, entity, current);
  await hooksFor(entity.key).onSubmit?.(ctx, { ...current, number });
  const row = await setDocumentStatus(ctx.tx, entity, stamp, current.id, 'submitted', number);
  await documentEvents(ctx, entity, 'submitted', row);
  return { code: Code.Processed, row };
}

async function cancel(ctx: WriteContext, entity: Entity, stamp: WriteStamp, current: Row): Promise<Written> {
  if (current.status !== 'submitted') throw reject(Code.NotPossibleNow);
  await hooksFor(entity.key).onCancel?.(ctx, current);
  const row = await setDocumentStatus(ctx.tx, entity, stamp, current.id, 'cancelled');
  await documentEvents(ctx, entity, 'cancelled', row);
  return { code: Code.Processed, row };
}

/** Whether a create in one statement wrote its row (a rejection after that is not a taken id). */
interface Attempt {
  wrote: boolean;
}

interface Written {
  code: number;
  row: Row;
  /** The Member ids whose scope the row left (rowScope.ts): their devices are sent its removal. */
  leftScope?: readonly string[];
}

/**
 * A new row of a scoped entity belongs to its maker unless they name someone: one who sees only
 * their own rows may not name anyone else (staysInScope). A row that takes its scope from a
 * parent (scopeFollow.ts) is the parent's, not its maker's.
 */
function withOwnScope(ctx: WriteContext, entity: Entity, values: Record<string, unknown>): Record<string, unknown> {
  if (!entity.scope || entity.scope.from || ctx.access.memberId === null) return values;
  const given = values[entity.scope.field];
  const seesAll = scopeMember(entity, ctx.access) === undefined;
  // A row about a person (an employee's own row) is not its maker's when they see everyone's.
  if (seesAll && entity.person === entity.scope.field) return values;
  const own = given === undefined || (given === null && !seesAll);
  return own ? { ...values, [entity.scope.field]: ctx.access.memberId } : values;
}

/**
 * One who sees only their own rows may not write a row (or move one) out of their scope: 9400
 * naming the field that would take it out (the parent's reference for a row that follows one).
 */
function staysInScope(
  ctx: WriteContext,
  entity: Entity,
  row: Record<string, unknown>,
  changed: Record<string, unknown>,
  creating: boolean,
): void {
  if (!entity.scope || seesAllRows(entity, ctx.access.permissions)) return;
  const { from, queue } = entity.scope;
  const touched = [...(from ? [from.reference] : []), ...scopeFields(entity), ...(queue ? [queue.field] : [])].filter(
    (name) => name in changed,
  );
  if (!creating && !touched.length) return;
  if (!rowInScope(entity, row, ctx.access.permissions, ctx.access.memberId))
    throw reject(Code.InvalidOperation, { [touched[0] ?? entity.scope.field]: 'reference' });
}

/** The Members whose scope an update took the row out of: named ones, and the queue's holders once it is taken from the queue. */
async function scopeLeft(ctx: WriteContext, entity: Entity, before: Row, after: Row): Promise<string[]> {
  if (!entity.scope) return [];
  return [...new Set([...membersLeft(entity, before, after), ...(await queueLeft(ctx, entity, before, after))])];
}

async function write(ctx: WriteContext, m: MutationRequest, current: Row | null, attempt: Attempt): Promise<Written> {
  const { entity } = m;
  const hooks = hooksFor(entity.key);
  const stamp = { panelId: ctx.access.id, userId: ctx.userId, now: ctx.now };
  if (m.op === 'create') return create(ctx, m, stamp, current, attempt);
  if (!current || current.deleted) throw reject(Code.NotFound);
  checkVersion(current, m.baseVersion);
  if (m.op === 'submit' || m.op === 'cancel') {
    if (!isDocument(entity)) throw reject(Code.InvalidOperation);
    return atomically(ctx, () => (m.op === 'submit' ? submit(ctx, entity, stamp, current) : cancel(ctx, entity, stamp, current)));
  }
  mustBeDraft(entity, current);
  if (m.op === 'update') {
    const clean = checked(entity, m.values ?? {}, 'update');
    keepsAppendOnly(entity, clean);
    const hooked = hooks.beforeUpdate ? await hooks.beforeUpdate(ctx, current, clean) : clean;
    const changes = await withParentScope(ctx, entity, hooked, false);
    checkDuties(ctx, entity, clean, { ...current, ...changes }, current);
    await checkRules(ctx, entity, m.id, changes, current);
    staysInScope(ctx, entity, { ...current, ...changes }, changes, false);
    const row = await updateRow(ctx.tx, entity, stamp, current, changes);
    await cascadeScope(ctx, entity, current, row);
    await hooks.afterWrite?.(ctx, current, row);
    return { code: Code.Updated, row, leftScope: await scopeLeft(ctx, entity, current, row) };
  }
  if (entity.appendOnly) throw new RuleRejection(Code.NotPossibleNow, undefined, { detail: { reason: 'appendOnly' } });
  await hooks.beforeDelete?.(ctx, current);
  await checkNotReferenced(ctx.tx, entity, ctx.access.id, m.id);
  const gone = await tombstoneRow(ctx.tx, entity, stamp, m.id);
  await hooks.afterWrite?.(ctx, current, gone);
  return { code: Code.Deleted, row: gone };
}

export async function applyMutation(ctx: WriteContext, m: MutationRequest): Promise<MutationOutcome> {
  const { entity } = m;
  const readable = ctx.access.permissions.has(permission(entity, 'read'));
  // A row outside the caller's scope is never shown, and is not there for anything but a create.
  const shown = (row: Row | null) => (readable && row ? rowForCaller(entity, ctx.access, row) : null);
  if (entity.serverOnly || !ctx.access.permissions.has(permission(entity, m.op))) {
    return { status: 'rejected', code: Code.InvalidOperation, row: null };
  }
  if (!isUuid(m.id)) return { status: 'rejected', code: Code.BadRequest, fields: { id: 'format' }, row: null };
  const id = m.id.toLowerCase();
  // A create in one statement looks its id up only when it was not written (see createsInOneStatement).
  const unlooked = m.op === 'create' && createsInOneStatement(entity);
  const found = unlooked ? null : await findRow(ctx.tx, entity, ctx.access.id, id);
  const current = found && (m.op === 'create' || inScope(entity, ctx.access, found)) ? found : null;
  // Deleting what someone else already deleted gets what it asked for: the row is gone. Nothing is written.
  if (m.op === 'delete' && current?.deleted) return { status: 'applied', code: Code.Deleted, row: shown(current) };
  let written: Written;
  const attempt: Attempt = { wrote: false };
  try {
    written = await write(ctx, { ...m, id }, current, attempt);
  } catch (error) {
    if (!(error instanceof RuleRejection)) throw error;
    const taken = unlooked && !attempt.wrote ? await findRow(ctx.tx, entity, ctx.access.id, id) : null;
    if (taken) return { status: 'rejected', code: Code.AlreadyExists, fields: { id: 'unique' }, row: shown(taken) };
    const said = {
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.detail !== undefined ? { detail: error.detail } : {}),
      ...(error.retryAfterMs ? { retryAfterMs: error.retryAfterMs } : {}),
    };
    return { status: 'rejected', code: error.code, ...said, row: shown(current) };
  }
  // The notifications the module declares for this write, in its transaction (decision 038).
  await afterWrite(ctx, entity, current, written.row);
  const entry = {
    action: m.op,
    entity: entity.key,
    rowTitle: titleOf(entity, written.row),
    rowId: id,
    members: rowMembers(entity, written.row),
  };
  const changed = { entity: entity.key, rowId: id, ...(written.leftScope?.length ? { leftScope: written.leftScope } : {}) };
  if (ctx.journal) ctx.journal.add(entry, changed);
  else await recordActivity(ctx, entry, changed);
  return { status: 'applied', code: written.code, row: shown(written.row) };
}

/**
 * Whether consecutive creates of the entity may be written together (applyCreates): besides
 * createsInOneStatement, no hook runs after its writes or says they change access, its scope does
 * not follow a parent, and none of its fields refers to its own rows (a row of the run could name
 * one written before it).
 */
export function createsTogether(entity: Entity): boolean {
  const hooks = hooksFor(entity.key);
  return (
    createsInOneStatement(entity) &&
    !hooks.afterWrite &&
    !hooks.affectsAccess &&
    !entity.scope?.from &&
    !Object.values(entity.fields).some((f) => f.kind === 'reference' && f.to === entity.key)
  );
}

type Prepared =
  | { kind: 'bad'; outcome: MutationOutcome }
  | { kind: 'refused'; id: string; rejection: RuleRejection }
  | { kind: 'ready'; id: string; values: Record<string, unknown>; outOfScope: RuleRejection | null };

function rejected(error: RuleRejection, row: Row | null): MutationOutcome {
  return {
    status: 'rejected',
    code: error.code,
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.detail !== undefined ? { detail: error.detail } : {}),
    ...(error.retryAfterMs ? { retryAfterMs: error.retryAfterMs } : {}),
    row,
  };
}

/**
 * Consecutive creates of one entity that createsTogether, answered exactly as applyMutation would
 * answer each in turn, in a few statements for all of them (issue 28: a sheet of 10,000 products):
 * one look-up of their ids, one query of their row rules against the stored rows, one INSERT of
 * those that pass. What the rows of the run do to each other (a taken id, a taken unique value)
 * is worked out here in their order. The notifications of each written row follow the INSERT.
 */
export async function applyCreates(
  ctx: WriteContext,
  entity: Entity,
  requests: readonly { id: string; values?: unknown }[],
): Promise<MutationOutcome[]> {
  const readable = ctx.access.permissions.has(permission(entity, 'read'));
  const shown = (row: Row | null) => (readable && row ? rowForCaller(entity, ctx.access, row) : null);
  if (entity.serverOnly || !ctx.access.permissions.has(permission(entity, 'create'))) {
    return requests.map(() => ({ status: 'rejected', code: Code.InvalidOperation, row: null }));
  }
  // What needs no stored row, in create's order: the values, the duties, then (after the rules) the scope.
  const prepared: Prepared[] = requests.map((m): Prepared => {
    if (!isUuid(m.id)) return { kind: 'bad', outcome: { status: 'rejected', code: Code.BadRequest, fields: { id: 'format' }, row: null } };
    const id = m.id.toLowerCase();
    try {
      const { amendedFrom: _none, ...given } = { ...((m.values ?? {}) as Record<string, unknown>), amendedFrom: undefined };
      const clean = checked(entity, withOwnScope(ctx, entity, given), 'create');
      checkDuties(ctx, entity, clean, clean, null);
      let outOfScope: RuleRejection | null = null;
      try {
        staysInScope(ctx, entity, clean, clean, true);
      } catch (error) {
        if (!(error instanceof RuleRejection)) throw error;
        outOfScope = error;
      }
      return { kind: 'ready', id, values: clean, outOfScope };
    } catch (error) {
      if (!(error instanceof RuleRejection)) throw error;
      return { kind: 'refused', id, rejection: error };
    }
  });
  const named = prepared.flatMap((p) => (p.kind === 'bad' ? [] : [p.id]));
  const stored = new Map((await findRows(ctx.tx, entity, ctx.access.id, [...new Set(named)])).map((row) => [row.id, row]));
  const ready = prepared.flatMap((p) => (p.kind === 'ready' ? [p] : []));
  const rules = await rowRulesOfMany(ctx.tx, entity, ctx.access.id, ready, ctx.access);
  const rulesOf = new Map(ready.map((p, i) => [p, rules[i]!]));

  // The run in order: an id or unique value an earlier row of it took is taken for the rows after.
  const takenIds = new Set<string>();
  const takenValues = new Map<string, Set<unknown>>();
  const answers: ({ outcome: MutationOutcome } | { takenBy: string } | { writes: string })[] = [];
  const writes: { id: string; values: Record<string, unknown> }[] = [];
  for (const p of prepared) {
    if (p.kind === 'bad') {
      answers.push({ outcome: p.outcome });
      continue;
    }
    const before = stored.get(p.id);
    if (before) {
      answers.push({ outcome: { status: 'rejected', code: Code.AlreadyExists, fields: { id: 'unique' }, row: shown(before) } });
      continue;
    }
    if (takenIds.has(p.id)) {
      answers.push({ takenBy: p.id });
      continue;
    }
    if (p.kind === 'refused') {
      answers.push({ outcome: rejected(p.rejection, null) });
      continue;
    }
    const broken = rulesOf
      .get(p)!
      .filter(({ check, exists }) => {
        const taken = check.reason === 'unique' && takenValues.get(check.field)?.has(p.values[check.field]);
        return (exists || Boolean(taken)) !== check.want;
      })
      .map(({ check }) => check);
    const rejection = rowRulesBroken(broken) ?? p.outOfScope;
    if (rejection) {
      answers.push({ outcome: rejected(rejection, null) });
      continue;
    }
    takenIds.add(p.id);
    for (const [name, field] of Object.entries(entity.fields)) {
      const value = p.values[name];
      if (!field.unique || value === null || value === undefined) continue;
      takenValues.set(name, (takenValues.get(name) ?? new Set()).add(value));
    }
    writes.push({ id: p.id, values: p.values });
    answers.push({ writes: p.id });
  }

  const written = await insertNewRows(ctx.tx, entity, { panelId: ctx.access.id, userId: ctx.userId, now: ctx.now }, writes);
  const outcomes: MutationOutcome[] = [];
  for (const answer of answers) {
    if ('outcome' in answer) outcomes.push(answer.outcome);
    else if ('takenBy' in answer)
      outcomes.push({ status: 'rejected', code: Code.AlreadyExists, fields: { id: 'unique' }, row: shown(written.get(answer.takenBy)!) });
    else {
      const row = written.get(answer.writes);
      if (!row) throw new Error(`${entity.key}: row ${answer.writes} was not written`);
      await afterWrite(ctx, entity, null, row);
      const entry = {
        action: 'create' as const,
        entity: entity.key,
        rowTitle: titleOf(entity, row),
        rowId: row.id,
        members: rowMembers(entity, row),
      };
      const changed = { entity: entity.key, rowId: row.id };
      if (ctx.journal) ctx.journal.add(entry, changed);
      else await recordActivity(ctx, entry, changed);
      outcomes.push({ status: 'applied', code: Code.Created, row: shown(row) });
    }
  }
  return outcomes;
}
