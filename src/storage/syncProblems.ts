/**
 * What a person can do with a mutation the server rejected (nothing is dropped without them):
 * retry with their change on top of the server's current row, take the server's version, or
 * discard the change. Each is one transaction.
 */
import type { Entity, Row } from '../contract/entity.ts';
import type { SyncProblem } from './localRecords.ts';
import { queueMutation } from './localWrites.ts';
import type { PanelDb } from './PanelDb.ts';
import { reconcileRows, serverRowOf } from './reconcile.ts';

function tables(db: PanelDb, entity: Entity) {
  return [db.problems, db.outbox, db.syncState, db.rows(entity)];
}

function newest(a: Row | null | undefined, b: Row | null | undefined): Row | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return b.version > a.version ? b : a;
}

async function newestServerRow(db: PanelDb, entity: Entity, problem: SyncProblem): Promise<Row | null> {
  return newest(serverRowOf(await db.rows(entity).get(problem.id)), problem.serverRow);
}

/** Whether "retry with my change" means anything: an update or delete needs the row to still exist on the server. */
export function canRetry(problem: Pick<SyncProblem, 'op' | 'serverRow'>): boolean {
  return problem.op === 'create' || Boolean(problem.serverRow && !problem.serverRow.deleted);
}

/** Queues the change again, based on the newest server row this device has seen. */
export async function retryProblem(db: PanelDb, mutationId: number): Promise<void> {
  const problem = await db.problems.get(mutationId);
  const entity = problem && db.entityOf(problem.entity);
  if (!problem || !entity) return;
  await db.transaction('rw', tables(db, entity), async () => {
    const server = await newestServerRow(db, entity, problem);
    // The row first takes the server's version, so the new baseVersion counts from it.
    await reconcileRows(db, entity, [problem.id], server ? new Map([[problem.id, server]]) : undefined);
    await db.problems.delete(mutationId);
    const live = server && !server.deleted;
    if (problem.op === 'create') await queueMutation(db, entity, live ? 'update' : 'create', problem.id, problem.values);
    else if (live) await queueMutation(db, entity, problem.op, problem.id, problem.values);
  });
  db.notifyLocalWrite();
}

/** Keeps the server's row: the problem goes and the row shows what the server holds. */
export async function takeServerVersion(db: PanelDb, mutationId: number): Promise<void> {
  await resolve(db, mutationId);
}

/** Drops the change; the row already shows the server's version. */
export async function discardProblem(db: PanelDb, mutationId: number): Promise<void> {
  await resolve(db, mutationId);
}

async function resolve(db: PanelDb, mutationId: number): Promise<void> {
  const problem = await db.problems.get(mutationId);
  const entity = problem && db.entityOf(problem.entity);
  if (!problem) return;
  if (!entity) return void (await db.problems.delete(mutationId));
  await db.transaction('rw', tables(db, entity), async () => {
    await db.problems.delete(mutationId);
    const server = problem.serverRow;
    await reconcileRows(db, entity, [problem.id], server ? new Map([[problem.id, server]]) : undefined);
  });
}
