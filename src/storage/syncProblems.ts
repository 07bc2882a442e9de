/**
 * What a person can do with a mutation the server rejected, and the writes held behind it (nothing
 * is dropped without them): retry their changes on top of the server's current row, take the
 * server's version, or discard their changes. Each is one transaction. The server's row is always
 * the newest this device knows (a tombstone when it was deleted), never a copy from the moment of
 * the rejection, so settling can never bring back a row someone deleted since.
 */
import type { Entity, Row } from '../contract/entity.ts';
import type { MutationOp } from '../contract/sync.ts';
import type { OutboxEntry, SyncProblem } from './localRecords.ts';
import { queueMutation } from './localWrites.ts';
import type { PanelDb } from './PanelDb.ts';
import { reconcileRows, serverRowOf } from './reconcile.ts';

function tables(db: PanelDb, entity: Entity) {
  return [db.problems, db.outbox, db.syncState, db.totals, db.rows(entity)];
}

/** The newest server row this device knows for the problem's row (deleted: a tombstone), or null when the server never had it. */
export async function serverRowNow(db: PanelDb, entity: Entity, id: string): Promise<Row | null> {
  return serverRowOf(await db.rows(entity).get(id));
}

export interface CombinedChange {
  /** What the rejected write and the ones held behind it amount to, in order. */
  op: MutationOp;
  values: Record<string, unknown>;
}

/** The problem's write and its held writes folded into one: a create or update with every value, or a delete. */
export function combinedChange(problem: Pick<SyncProblem, 'op' | 'values' | 'held'>): CombinedChange {
  const writes: Pick<OutboxEntry, 'op' | 'values'>[] = [problem, ...problem.held];
  return writes.reduce<CombinedChange>(
    (sum, write) => {
      if (write.op === 'delete') return { op: 'delete', values: sum.values };
      if (write.op === 'create') return { op: 'create', values: { ...write.values } };
      return { op: sum.op === 'create' ? 'create' : 'update', values: { ...sum.values, ...write.values } };
    },
    { op: 'update', values: {} },
  );
}

const live = (row: Row | null): row is Row => Boolean(row && !row.deleted);

/**
 * Whether "retry with my change" means anything against the server's row now: an update or a
 * delete needs the row to be there; a create needs its id to be free.
 */
export function canRetry(problem: Pick<SyncProblem, 'op' | 'values' | 'held'>, server: Row | null): boolean {
  const { op } = combinedChange(problem);
  return op === 'create' ? !server || live(server) : live(server);
}

const isStep = (write: Pick<OutboxEntry, 'op'>) => write.op === 'submit' || write.op === 'cancel';

/**
 * Queues the changes again as one write, based on the newest server row this device has seen. A
 * document's submit or cancel is no change of values: it is queued again as itself, after the
 * values (a draft's edits come before its submit, a cancel after it, nothing after a cancel).
 */
export async function retryProblem(db: PanelDb, mutationId: number): Promise<void> {
  const problem = await db.problems.get(mutationId);
  const entity = problem && db.entityOf(problem.entity);
  if (!problem || !entity) return;
  await db.transaction('rw', tables(db, entity), async () => {
    const server = await serverRowNow(db, entity, problem.id);
    await db.problems.delete(mutationId);
    const [first, ...rest] = [problem, ...problem.held].filter((write) => !isStep(write));
    const steps = [problem, ...problem.held].filter(isStep);
    const writes = first ? { ...first, held: rest } : null;
    if (writes ? !canRetry(writes, server) : !live(server)) return void (await reconcileRows(db, entity, [problem.id]));
    if (writes) {
      const { op, values } = combinedChange(writes);
      if (op === 'delete') await queueMutation(db, entity, 'delete', problem.id);
      else await queueMutation(db, entity, live(server) ? 'update' : 'create', problem.id, values);
    }
    for (const step of steps) await queueMutation(db, entity, step.op, problem.id);
  });
  db.notifyLocalWrite();
}

/** Keeps the server's row: the problem and its held writes go, and the row shows what the server holds. */
export async function takeServerVersion(db: PanelDb, mutationId: number): Promise<void> {
  await drop(db, mutationId);
}

/** Drops the changes; the row already shows the server's version. */
export async function discardProblem(db: PanelDb, mutationId: number): Promise<void> {
  await drop(db, mutationId);
}

async function drop(db: PanelDb, mutationId: number): Promise<void> {
  const problem = await db.problems.get(mutationId);
  const entity = problem && db.entityOf(problem.entity);
  if (!problem) return;
  if (!entity) return void (await db.problems.delete(mutationId));
  await db.transaction('rw', tables(db, entity), async () => {
    await db.problems.delete(mutationId);
    await reconcileRows(db, entity, [problem.id]);
  });
}
