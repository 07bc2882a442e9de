import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { createRow, deleteRow, updateRow } from '../../src/storage/localWrites.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { SyncEngine } from '../../src/storage/SyncEngine.ts';
import { pageLock } from '../../src/storage/syncLock.ts';
import { queryOne } from '../../src/storage/listQuery.ts';
import { applyPushResults } from '../../src/storage/syncResults.ts';
import { canRetry, combinedChange, discardProblem, retryProblem, serverRowNow, takeServerVersion } from '../../src/storage/syncProblems.ts';
import { FakeSyncServer } from './syncFakeServer.ts';

let db: PanelDb;
let server: FakeSyncServer;
let n = 0;
const id = '55555555-5555-4555-8555-555555555555';

beforeEach(async () => {
  db = new PanelDb(`problems-test-${++n}-${Math.random()}`);
  await db.open();
  server = new FakeSyncServer();
});

afterEach(() => db.close());

const sync = () => new SyncEngine({ db, transport: server.transport(), lock: pageLock }).syncNow();

/** A stale update: the person renamed the role while someone else changed it on the server. */
async function staleUpdate(): Promise<number> {
  server.put(Role.key, id, { name: 'Sales', description: 'old', parentRoleId: null, permissions: [] });
  await sync();
  await updateRow(db, Role, id, { name: 'Sales team' });
  server.put(Role.key, id, { description: 'theirs' });
  await sync();
  const [problem] = await db.problems.toArray();
  expect(problem?.code).toBe(Code.ConcurrencyFailure);
  return problem!.mutationId;
}

describe('sync problems', () => {
  it('retries my change on top of the server’s current version', async () => {
    const mutationId = await staleUpdate();
    await retryProblem(db, mutationId);
    expect(await db.problems.count()).toBe(0);
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({ op: 'update', baseVersion: 2, values: { name: 'Sales team' } });
    expect(queued!.mutationId).toBeGreaterThan(mutationId);
    expect(await db.rows(Role).get(id)).toMatchObject({ name: 'Sales team', description: 'theirs' });
    await sync();
    expect(server.row(id)).toMatchObject({ name: 'Sales team', description: 'theirs', version: 3 });
    expect(await db.problems.count()).toBe(0);
  });

  it('takes the server’s version: the problem goes and the row is the server’s', async () => {
    const mutationId = await staleUpdate();
    await takeServerVersion(db, mutationId);
    expect(await db.problems.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rows(Role).get(id)).toMatchObject({ name: 'Sales', description: 'theirs', version: 2 });
  });

  it('discards my change and nothing else', async () => {
    const mutationId = await staleUpdate();
    await discardProblem(db, mutationId);
    expect(await db.problems.count()).toBe(0);
    await sync();
    expect(server.row(id)).toMatchObject({ name: 'Sales', version: 2 });
  });

  it('retries a rejected create as a create once the reason is gone', async () => {
    const row = await createRow(db, Role, { name: 'forbidden desk' });
    await sync();
    const [problem] = await db.problems.toArray();
    expect(problem).toMatchObject({ op: 'create', code: Code.NotPossibleNow, held: [] });
    expect(await db.rows(Role).get(row.id)).toBeUndefined();
    expect(canRetry(problem!, await serverRowNow(db, Role, row.id))).toBe(true);
    await retryProblem(db, problem!.mutationId);
    expect(await db.rows(Role).get(row.id)).toMatchObject({ name: 'forbidden desk', _pending: 1 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ op: 'create', id: row.id });
  });

  it('counts deleting a row someone else already deleted as done, not as a problem', async () => {
    server.put(Role.key, id, { name: 'Sales' });
    await sync();
    await deleteRow(db, Role, id);
    server.put(Role.key, id, { deleted: true });
    await sync();
    expect(await db.problems.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await queryOne(db, Role, id)).toBeUndefined();
  });

  it('offers no retry of an update whose row the server has deleted since', async () => {
    const mutationId = await staleUpdate();
    server.put(Role.key, id, { deleted: true });
    await sync();
    const problem = await db.problems.get(mutationId);
    expect(canRetry(problem!, await serverRowNow(db, Role, id))).toBe(false);
    expect(await serverRowNow(db, Role, id)).toMatchObject({ deleted: true, version: 3 });
  });
});

describe('writes held behind a rejected one', () => {
  /** The person edits a row twice offline while someone else changes it on the server. */
  async function twoStaleEdits(): Promise<void> {
    server.put(Role.key, id, { name: 'Cashier', description: 'original', parentRoleId: null, permissions: [] });
    await sync();
    await updateRow(db, Role, id, { description: 'B: first draft' });
    await updateRow(db, Role, id, { description: 'B: second draft' });
    server.put(Role.key, id, { description: 'A: handles refunds' });
  }

  it('are not applied over a change their author never saw, even when sent in the same batch', async () => {
    await twoStaleEdits();
    const queued = await db.outbox.orderBy('mutationId').toArray();
    expect(queued[1]).toMatchObject({ baseVersion: 2, dependsOn: queued[0]!.mutationId });
    await sync();
    expect(server.row(id)).toMatchObject({ description: 'A: handles refunds', version: 2 });
    const problems = await db.problems.toArray();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: Code.ConcurrencyFailure, values: { description: 'B: first draft' } });
    expect(problems[0]!.held).toEqual([expect.objectContaining({ values: { description: 'B: second draft' } })]);
    expect(await queryOne(db, Role, id)).toMatchObject({ description: 'A: handles refunds', _pending: 0 });
  });

  it('leave the outbox with the rejected one when they were not sent yet', async () => {
    await twoStaleEdits();
    await deleteRow(db, Role, id);
    const [first, ...rest] = await db.outbox.orderBy('mutationId').toArray();
    await applyPushResults(
      db,
      [first!],
      {
        lastMutationId: first!.mutationId,
        results: [
          { mutationId: first!.mutationId, status: 'rejected', code: Code.ConcurrencyFailure, message: 'stale', row: server.row(id)! },
        ],
      },
      new Date().toISOString(),
    );
    expect(await db.outbox.count()).toBe(0);
    const [problem] = await db.problems.toArray();
    expect(problem!.held.map((w) => w.mutationId)).toEqual(rest.map((w) => w.mutationId));
    expect(combinedChange(problem!)).toEqual({ op: 'delete', values: { description: 'B: second draft' } });
    await sync();
    expect(server.row(id)).toMatchObject({ deleted: false, description: 'A: handles refunds' });
  });

  it('are sent as one write with the rejected one when the person retries', async () => {
    await twoStaleEdits();
    await sync();
    const [problem] = await db.problems.toArray();
    await retryProblem(db, problem!.mutationId);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ op: 'update', baseVersion: 2, values: { description: 'B: second draft' } }),
    ]);
    await sync();
    expect(server.row(id)).toMatchObject({ description: 'B: second draft', version: 3 });
  });

  it('go with the rejected one when the person takes the server’s version, which stays deleted when it was deleted', async () => {
    await twoStaleEdits();
    await sync();
    server.put(Role.key, id, { deleted: true });
    await sync();
    const [problem] = await db.problems.toArray();
    await takeServerVersion(db, problem!.mutationId);
    await sync();
    expect(await db.problems.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await queryOne(db, Role, id)).toBeUndefined();
    expect(await db.rows(Role).get(id)).toMatchObject({ deleted: true, version: 3 });
    // The name is free again on this device.
    await createRow(db, Role, { name: 'Cashier' });
  });

  it('do not stop a change made after the rejection, which the older problem then mentions', async () => {
    const mutationId = await staleUpdate();
    await updateRow(db, Role, id, { name: 'Sales desk' });
    await sync();
    expect(server.row(id)).toMatchObject({ name: 'Sales desk', description: 'theirs', version: 3 });
    expect((await db.problems.get(mutationId))?.newerOwnChangeAt).toBeTruthy();
  });
});
