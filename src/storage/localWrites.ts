/**
 * The one way rows change on this device: each write validates with the declaration (the same
 * rules the server applies), then in ONE transaction takes a mutation id, queues the mutation in
 * the outbox and updates the row, so a crash keeps both or neither. The screen sees the change at
 * once (useLiveQuery); the sync engine hears about it and pushes.
 */
import { Code } from '../contract/codes.ts';
import { validateValues, type Entity, type Line, type Row } from '../contract/entity.ts';
import type { MutationOp } from '../contract/sync.ts';
import { forgetOlderRows } from './olderRowsCache.ts';
import type { LocalRow, OutboxEntry } from './localRecords.ts';
import { newId } from './newId.ts';
import type { PanelDb } from './PanelDb.ts';
import { reconcileRows, serverRowOf } from './reconcile.ts';
import { readSyncState } from './syncStateStore.ts';

/** A write refused before it was queued: a catalogue code, and what is wrong with which field. */
export class ValidationError extends Error {
  override name = 'ValidationError';
  constructor(
    readonly code: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(`catalogue code ${code}`);
  }
}

function nowIso(): string {
  return new Date().toISOString();
}

/**
 * Queues one mutation and replays it onto the row. Must run inside a transaction over the row's
 * table, the outbox and the sync state. `baseVersion` is the server version last seen plus this
 * device's earlier queued writes to the row: the version the row will have when the server gets
 * here, provided those writes are applied; so the mutation names the last of them (`dependsOn`),
 * and the server holds it should that one be rejected. `seenVersion` replaces the server version
 * last seen when the person edited an older one (a form kept open while someone else changed the
 * row, decision 045): the server then answers 9303 and the clash goes to sync problems.
 */
export async function queueMutation(
  db: PanelDb,
  entity: Entity,
  op: MutationOp,
  id: string,
  values?: Record<string, unknown>,
  seenVersion?: number,
): Promise<number> {
  const [mutationId] = await queueMutations(db, entity, [{ op, id, values, seenVersion }]);
  return mutationId!;
}

/** One mutation to queue: what `queueMutation` takes. */
export interface QueuedWrite {
  op: MutationOp;
  id: string;
  values?: Record<string, unknown>;
  seenVersion?: number;
}

/**
 * `queueMutation` for many writes of one entity at once, in their order: the same outbox entries
 * and rows as one call each, with a fixed number of reads and writes for the whole batch instead
 * of a handful per row (an import's 100 rows, decision 042).
 */
export async function queueMutations(db: PanelDb, entity: Entity, items: readonly QueuedWrite[]): Promise<number[]> {
  if (!items.length) return [];
  forgetOlderRows(entity);
  const state = await readSyncState(db);
  const first = state.nextMutationId;
  await db.syncState.put({ ...state, nextMutationId: first + items.length });
  const ids = [...new Set(items.map((item) => item.id))];
  const earlierById = new Map<string, number[]>();
  const [locals] = await Promise.all([
    db.rows(entity).bulkGet(ids),
    db.outbox
      .where('id')
      .anyOf(ids)
      .eachPrimaryKey((mutationId, cursor) => {
        const id = cursor.key as string;
        earlierById.set(id, [...(earlierById.get(id) ?? []), mutationId]);
      }),
  ]);
  const localById = new Map(ids.map((id, i) => [id, locals[i]]));
  const at = nowIso();
  const entries: OutboxEntry[] = items.map(({ op, id, values, seenVersion }, n) => {
    const mutationId = first + n;
    const earlier = (earlierById.get(id) ?? []).sort((a, b) => a - b);
    const dependsOn = earlier.at(-1);
    earlierById.set(id, [...earlier, mutationId]);
    return {
      mutationId,
      entity: entity.key,
      op,
      id,
      ...(op === 'create' ? {} : { baseVersion: (seenVersion ?? serverRowOf(localById.get(id))?.version ?? 0) + earlier.length }),
      ...(dependsOn === undefined ? {} : { dependsOn }),
      ...(values ? { values } : {}),
      at,
    };
  });
  await db.outbox.bulkAdd(entries);
  await reconcileRows(db, entity, ids);
  return entries.map((entry) => entry.mutationId);
}

function writeTables(db: PanelDb, entity: Entity) {
  return [db.rows(entity), db.outbox, db.syncState, db.totals];
}

function refuseServerOnly(entity: Entity): void {
  if (entity.serverOnly) throw new ValidationError(Code.InvalidOperation);
}

/**
 * The unique values a batch of writes claims as it goes (`writeRows`): a later write of the batch
 * clashes with an earlier one's value as it would with a row already written, and a row whose
 * earlier write in the batch gave up a value no longer holds it.
 */
class BatchClaims {
  private readonly claims = new Map<string, Map<string, string>>();
  private readonly leaving = new Map<string, Set<string>>();

  claimedBy(key: string, value: unknown): string | undefined {
    return this.claims.get(key)?.get(JSON.stringify(value));
  }

  /** Whether the batch moves `id` off the value it holds on this device for `key`. */
  releases(key: string, id: string): boolean {
    return this.leaving.get(key)?.has(id) ?? false;
  }

  claim(key: string, value: unknown, id: string): void {
    if (!this.claims.has(key)) this.claims.set(key, new Map());
    this.claims.get(key)!.set(JSON.stringify(value), id);
    if (!this.leaving.has(key)) this.leaving.set(key, new Set());
    this.leaving.get(key)!.add(id);
  }
}

/**
 * Unique fields are checked against this device's rows too (the same exact comparison the server
 * makes), so a clash shows in the form, not later in sync problems. In a batch, also against the
 * batch's earlier writes.
 */
async function checkUnique(db: PanelDb, entity: Entity, values: Record<string, unknown>, id: string, batch?: BatchClaims): Promise<void> {
  const table = db.rows(entity);
  const claims: [key: string, value: unknown][] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = values[name];
    if (!field.unique || field.readOnly || value === null || value === undefined || value === '') continue;
    const same = (row: LocalRow) => row.id !== id && !row.deleted && row[name] === value && !batch?.releases(name, row.id);
    const byBatch = batch?.claimedBy(name, value);
    const clash =
      (byBatch !== undefined && byBatch !== id) ||
      (entity.indexes.includes(name) && (typeof value === 'string' || typeof value === 'number')
        ? await table.where(name).equals(value).filter(same).first()
        : await table.filter(same).first());
    if (clash) throw new ValidationError(Code.AlreadyExists, { [name]: 'unique' });
    claims.push([name, value]);
  }
  for (const set of entity.uniqueTogether ?? []) {
    if (!set.some((name) => name in values)) continue;
    const current = await table.get(id);
    const whole: Record<string, unknown> = { ...(current ?? {}), ...values };
    if (set.some((name) => whole[name] === null || whole[name] === undefined)) continue;
    const key = set.join('+');
    const together = set.map((name) => whole[name]);
    const byBatch = batch?.claimedBy(key, together);
    const clash =
      (byBatch !== undefined && byBatch !== id) ||
      (await table
        .filter((row) => row.id !== id && !row.deleted && set.every((name) => row[name] === whole[name]) && !batch?.releases(key, row.id))
        .first());
    if (clash) throw new ValidationError(Code.AlreadyExists, Object.fromEntries(set.map((name) => [name, 'unique'])));
    claims.push([key, together]);
  }
  for (const [key, value] of claims) batch?.claim(key, value, id);
}

function valid(entity: Entity, values: unknown, mode: 'create' | 'update'): Record<string, unknown> {
  const result = validateValues(entity, values, mode);
  if ('failure' in result) throw new ValidationError(result.failure.code, result.failure.fields);
  return result.values;
}

/** The create's values as the declaration allows them (a document's `amendedFrom` kept). */
function createValues(entity: Entity, values: Record<string, unknown>): Record<string, unknown> {
  refuseServerOnly(entity);
  const { amendedFrom, ...given } = values;
  const clean = valid(entity, entity.document ? given : values, 'create');
  if (entity.document && typeof amendedFrom === 'string') clean.amendedFrom = amendedFrom;
  return clean;
}

/** An update's values as the declaration allows them. */
function updateValues(entity: Entity, values: Record<string, unknown>): Record<string, unknown> {
  refuseServerOnly(entity);
  return valid(entity, values, 'update');
}

/** Inside the write transaction: checks and queues a create. */
async function queueCreate(db: PanelDb, entity: Entity, clean: Record<string, unknown>, id: string): Promise<void> {
  await checkUnique(db, entity, clean, id);
  await queueMutation(db, entity, 'create', id, clean);
}

/** Inside the write transaction: queues the fields that differ from what the row shows now; answers whether any did. */
async function queueUpdate(
  db: PanelDb,
  entity: Entity,
  id: string,
  clean: Record<string, unknown>,
  seenVersion?: number,
): Promise<boolean> {
  const changed = changedValues(entity, await db.rows(entity).get(id), clean);
  if (!changed) return false;
  await checkUnique(db, entity, changed, id);
  await queueMutation(db, entity, 'update', id, changed, seenVersion);
  return true;
}

export async function createRow(db: PanelDb, entity: Entity, values: Record<string, unknown>, id = newId()): Promise<Row> {
  const clean = createValues(entity, values);
  const row = await db.transaction('rw', writeTables(db, entity), async () => {
    await queueCreate(db, entity, clean, id);
    return db.rows(entity).get(id);
  });
  db.notifyLocalWrite();
  return row!;
}

/**
 * Queues the fields that differ from what the row shows now; nothing when nothing changed.
 * `seenVersion`: the server version the edit started from, when older than the device's (see
 * queueMutation).
 */
export async function updateRow(
  db: PanelDb,
  entity: Entity,
  id: string,
  values: Record<string, unknown>,
  seenVersion?: number,
): Promise<Row> {
  const clean = updateValues(entity, values);
  let queued = false;
  const row = await db.transaction('rw', writeTables(db, entity), async () => {
    queued = await queueUpdate(db, entity, id, clean, seenVersion);
    return db.rows(entity).get(id);
  });
  if (queued) db.notifyLocalWrite();
  return row!;
}

/** The fields of an update that differ from the row as it shows now (null when none); refuses a row that is gone or not a draft. */
function changedValues(entity: Entity, current: LocalRow | undefined, clean: Record<string, unknown>): Record<string, unknown> | null {
  if (!current || current.deleted) throw new ValidationError(Code.NotFound);
  mustBeDraft(entity, current);
  const changed = Object.fromEntries(
    Object.entries(clean).filter(([name, value]) => JSON.stringify(current[name]) !== JSON.stringify(value)),
  );
  return Object.keys(changed).length ? changed : null;
}

/** One row of a batch write: a create (with its id) or the values of an update. */
export type BatchWrite =
  { op: 'create'; id?: string; values: Record<string, unknown> } | { op: 'update'; id: string; values: Record<string, unknown> };

/**
 * Many creates and updates of one entity as ONE transaction (an import's batch, decision 042):
 * each checked and queued exactly as `createRow` / `updateRow` would, one mutation per row. A row
 * refused (its values, a unique clash) is answered with its error and the others still go; the
 * answer has one entry per write, null for a write queued (or an update with nothing changed).
 */
export async function writeRows(db: PanelDb, entity: Entity, writes: readonly BatchWrite[]): Promise<(unknown | null)[]> {
  const answers: (unknown | null)[] = writes.map(() => null);
  const planned = writes.map((write, i) => {
    const id = write.op === 'create' ? (write.id ?? newId()) : write.id;
    try {
      const values = write.op === 'create' ? createValues(entity, write.values) : updateValues(entity, write.values);
      return { at: i, op: write.op, id, values };
    } catch (error) {
      answers[i] = error;
      return { at: i, op: write.op, id, values: null };
    }
  });
  // A row written twice in one batch: each write must see the one before it, so one at a time.
  const distinct = new Set(planned.map((write) => write.id)).size === planned.length;
  const groups = distinct ? [planned] : planned.map((write) => [write]);
  let queued = false;
  await db.transaction('rw', writeTables(db, entity), async () => {
    for (const group of groups) if (await queueBatch(db, entity, group, answers)) queued = true;
  });
  if (queued) db.notifyLocalWrite();
  return answers;
}

/** Inside `writeRows`' transaction: checks a batch of writes to distinct rows and queues those that pass; answers whether any was queued. */
async function queueBatch(
  db: PanelDb,
  entity: Entity,
  group: readonly { at: number; op: BatchWrite['op']; id: string; values: Record<string, unknown> | null }[],
  answers: (unknown | null)[],
): Promise<boolean> {
  const currents = await db.rows(entity).bulkGet(group.map((write) => write.id));
  const batch = new BatchClaims();
  const items: QueuedWrite[] = [];
  for (const [n, { at, op, id, values }] of group.entries()) {
    if (!values) continue;
    try {
      const queued = op === 'create' ? values : changedValues(entity, currents[n], values);
      if (!queued) continue;
      await checkUnique(db, entity, queued, id, batch);
      items.push({ op, id, values: queued });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      answers[at] = error;
    }
  }
  await queueMutations(db, entity, items);
  return items.length > 0;
}

/**
 * "Save and submit" as one intent (decision 029): the draft's values (a create, or the changed
 * fields of an existing draft) and its submit are queued in ONE transaction, so a reload, a crash
 * or a closed page keeps both or neither, never a plain draft that silently was not submitted.
 * The server still receives two mutations, the values then the submit, as documents.md says.
 */
export async function saveAndSubmit(
  db: PanelDb,
  entity: Entity,
  id: string | null,
  values: Record<string, unknown>,
  seenVersion?: number,
): Promise<Row> {
  if (!entity.document) throw new ValidationError(Code.InvalidOperation);
  const clean = id ? updateValues(entity, values) : createValues(entity, values);
  const rowId = id ?? newId();
  const row = await db.transaction('rw', writeTables(db, entity), async () => {
    if (id) await queueUpdate(db, entity, rowId, clean, seenVersion);
    else await queueCreate(db, entity, clean, rowId);
    await queueStep(db, entity, rowId, 'submit');
    return db.rows(entity).get(rowId);
  });
  db.notifyLocalWrite();
  return row!;
}

export async function deleteRow(db: PanelDb, entity: Entity, id: string): Promise<void> {
  refuseServerOnly(entity);
  await db.transaction('rw', writeTables(db, entity), async () => {
    const current = await db.rows(entity).get(id);
    if (!current || current.deleted) throw new ValidationError(Code.NotFound);
    mustBeDraft(entity, current);
    await queueMutation(db, entity, 'delete', id);
  });
  db.notifyLocalWrite();
}

/** A submitted or cancelled document is read-only: only a draft is edited or deleted (9106). */
function mustBeDraft(entity: Entity, row: Row): void {
  if (entity.document && row.status !== 'draft') throw new ValidationError(Code.NotPossibleNow);
}

/**
 * Queues a document's submit (or cancel): the screen shows it submitted (cancelled) at once, as
 * waiting; the server decides against the world as it is when the mutation arrives.
 */
export async function stepDocument(db: PanelDb, entity: Entity, id: string, step: 'submit' | 'cancel'): Promise<Row> {
  if (!entity.document) throw new ValidationError(Code.InvalidOperation);
  const row = await db.transaction('rw', writeTables(db, entity), async () => {
    await queueStep(db, entity, id, step);
    return db.rows(entity).get(id);
  });
  db.notifyLocalWrite();
  return row!;
}

/** Inside the write transaction: checks the document may take the step now, and queues it. */
async function queueStep(db: PanelDb, entity: Entity, id: string, step: 'submit' | 'cancel'): Promise<void> {
  const current = await db.rows(entity).get(id);
  if (!current || current.deleted) throw new ValidationError(Code.NotFound);
  if (step === 'submit') {
    mustBeDraft(entity, current);
    if ((entity.document?.needsLines ?? true) && !(current.lines as Line[] | undefined)?.length)
      throw new ValidationError(Code.BadRequest, { lines: 'required' });
  } else if (current.status !== 'submitted') throw new ValidationError(Code.NotPossibleNow);
  await queueMutation(db, entity, step, id);
}

/** A new draft copying a cancelled document, with lines of their own, that says which one it amends. */
export async function amendDocument(db: PanelDb, entity: Entity, id: string): Promise<Row> {
  const source = await db.rows(entity).get(id);
  if (!entity.document || !source || source.deleted || source.status !== 'cancelled') throw new ValidationError(Code.NotPossibleNow);
  const header = Object.fromEntries(
    Object.keys(entity.fields)
      .filter((f) => !entity.fields[f]!.readOnly)
      .map((f) => [f, source[f]]),
  );
  const lines = ((source.lines as Line[]) ?? []).map((line) => ({ ...line, id: newId() }));
  return createRow(db, entity, { ...header, lines, amendedFrom: source.id });
}
