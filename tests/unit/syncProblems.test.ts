import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { createRow, deleteRow, updateRow } from '../../src/storage/localWrites.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { SyncEngine } from '../../src/storage/SyncEngine.ts';
import { pageLock } from '../../src/storage/syncLock.ts';
import { canRetry, discardProblem, retryProblem, takeServerVersion } from '../../src/storage/syncProblems.ts';
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
    expect(problem).toMatchObject({ op: 'create', code: Code.NotPossibleNow, serverRow: null });
    expect(await db.rows(Role).get(row.id)).toBeUndefined();
    expect(canRetry(problem!)).toBe(true);
    await retryProblem(db, problem!.mutationId);
    expect(await db.rows(Role).get(row.id)).toMatchObject({ name: 'forbidden desk', _pending: 1 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ op: 'create', id: row.id });
  });

  it('offers no retry of an update or delete whose row the server no longer has', async () => {
    server.put(Role.key, id, { name: 'Sales' });
    await sync();
    await deleteRow(db, Role, id);
    server.put(Role.key, id, { deleted: true });
    await sync();
    const [problem] = await db.problems.toArray();
    expect(problem).toMatchObject({ op: 'delete', code: Code.NotFound });
    expect(canRetry(problem!)).toBe(false);
    expect(await db.rows(Role).get(id)).toBeUndefined();
  });
});
