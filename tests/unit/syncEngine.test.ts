import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { defineEntity } from '../../src/contract/entity.ts';
import { PUSH_BATCH_MAX } from '../../src/contract/sync.ts';
import { createRow, updateRow } from '../../src/storage/localWrites.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { SyncEngine, type SyncAccess } from '../../src/storage/SyncEngine.ts';
import { applyPullPage } from '../../src/storage/syncResults.ts';
import { queryList } from '../../src/storage/listQuery.ts';
import { RECONCILE_SLICE, serverRowOf } from '../../src/storage/reconcile.ts';
import { pageLock } from '../../src/storage/syncLock.ts';
import { SyncTransportError } from '../../src/storage/syncTransport.ts';
import { FakeSyncServer } from './syncFakeServer.ts';

let db: PanelDb;
let server: FakeSyncServer;
let n = 0;

beforeEach(async () => {
  db = new PanelDb(`engine-test-${++n}-${Math.random()}`);
  await db.open();
  server = new FakeSyncServer();
});

afterEach(() => {
  vi.useRealTimers();
  db.close();
});

function engine(options: Partial<ConstructorParameters<typeof SyncEngine>[0]> = {}): SyncEngine {
  return new SyncEngine({ db, transport: server.transport(), lock: pageLock, random: () => 0.5, ...options });
}

describe('pushing the outbox', () => {
  it('sends the queued mutations in order, in batches, and keeps the server’s rows', async () => {
    const sent: number[][] = [];
    const transport = server.transport();
    const count = PUSH_BATCH_MAX * 2 + 10;
    for (let i = 0; i < count; i++) await createRow(db, Role, { name: `Role ${i}` });
    const sync = engine({
      transport: { ...transport, push: (request) => (sent.push(request.mutations.map((m) => m.mutationId)), transport.push(request)) },
    });
    expect(await sync.syncNow()).toBe('synced');
    expect(sent.map((batch) => batch.length)).toEqual([PUSH_BATCH_MAX, PUSH_BATCH_MAX, 10]);
    expect(sent.flat()).toEqual([...Array(count).keys()].map((i) => i + 1));
    expect(await db.outbox.count()).toBe(0);
    const rows = await db.rows(Role).toArray();
    expect(rows).toHaveLength(count);
    expect(rows.every((row) => row.version === 1 && row._pending === 0 && serverRowOf(row)?.version === 1)).toBe(true);
    // A row with nothing pending is its own server row: no second copy is stored.
    expect(rows.every((row) => !('_server' in row))).toBe(true);
  });

  it('moves a rejected mutation to problems with the server’s code and message, and shows the server’s row again', async () => {
    const role = server.put(Role.key, '11111111-1111-4111-8111-111111111111', {
      name: 'Sales',
      description: null,
      parentRoleId: null,
      permissions: [],
    });
    await engine().syncNow();
    await updateRow(db, Role, role.id, { name: 'Sales team' });
    server.put(Role.key, role.id, { name: 'Sales (theirs)' });
    await engine().syncNow();
    const [problem] = await db.problems.toArray();
    expect(problem).toMatchObject({
      op: 'update',
      id: role.id,
      code: Code.ConcurrencyFailure,
      message: 'stale version',
      values: { name: 'Sales team' },
    });
    expect(problem?.held).toEqual([]);
    expect(await db.rows(Role).get(role.id)).toMatchObject({ name: 'Sales (theirs)', version: 2, _pending: 0 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not let a rejected mutation hold back the ones behind it', async () => {
    await createRow(db, Role, { name: 'forbidden role' });
    const ok = await createRow(db, Role, { name: 'Cashiers' });
    await engine().syncNow();
    expect(await db.problems.count()).toBe(1);
    expect((await db.problems.toArray())[0]).toMatchObject({ code: Code.NotPossibleNow });
    expect(server.row(ok.id)).toMatchObject({ name: 'Cashiers' });
    // The rejected create never reached the server, so the row is gone from the view too.
    expect(await db.rows(Role).count()).toBe(1);
  });

  it('applies a write once when the answer was lost after the server applied it', async () => {
    let loseAnswer = true;
    const lossy = server.transport({
      after: () => {
        if (loseAnswer) {
          loseAnswer = false;
          throw new SyncTransportError('offline', 'connection reset');
        }
      },
    });
    const row = await createRow(db, Role, { name: 'Sales' });
    await updateRow(db, Role, row.id, { description: 'Desk' });
    expect(await engine({ transport: lossy }).syncNow()).toBe('failed');
    expect(server.applied).toBe(2);
    expect(await db.outbox.count()).toBe(2);
    expect(await engine({ transport: lossy }).syncNow()).toBe('synced');
    expect(server.applied).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.problems.count()).toBe(0);
    expect(await db.rows(Role).get(row.id)).toMatchObject({ description: 'Desk', version: 2 });
  });
});

describe('pulling changes', () => {
  it('pulls pages after the cursor until the server has no more, tombstones included', async () => {
    for (let i = 0; i < 25; i++) server.put(Role.key, `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`, { name: `R${i}` });
    const gone = server.put(Role.key, '00000000-0000-4000-8000-000000000000', { deleted: true });
    expect(gone.deleted).toBe(true);
    expect(await engine({ pullPageSize: 10 }).syncNow()).toBe('synced');
    expect(server.pulls).toBe(3);
    expect((await queryList(db, Role)).total).toBe(24);
    // The deleted one stays as a bare tombstone, so no older copy can bring it back.
    expect(await db.rows(Role).get(gone.id)).toEqual({
      id: gone.id,
      version: 2,
      updatedAt: gone.updatedAt,
      deleted: true,
      _pending: 0,
      _search: '',
    });
    const state = await db.syncState.get('state');
    expect(state?.cursor).toBe(server.seq);
    expect(state?.lastSyncAt).toBeTruthy();
    server.pulls = 0;
    await engine({ pullPageSize: 10 }).syncNow();
    expect(server.pulls).toBe(1);
  });

  it('reconciles a page longer than one slice (RECONCILE_SLICE) row by row, pending changes replayed on each', async () => {
    const count = RECONCILE_SLICE * 2 + 37;
    const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    for (let i = 0; i < count; i++) server.put(Role.key, id(i), { name: `R${i}`, description: 'old', parentRoleId: null, permissions: [] });
    await engine({ pullPageSize: 1000 }).syncNow();
    // A pending change on a row of each slice, then one page bringing every row newer.
    for (const i of [3, RECONCILE_SLICE + 5, count - 1]) await updateRow(db, Role, id(i), { name: `mine ${i}` });
    const changes = [...Array(count).keys()].map((i) => ({ entity: Role.key, row: server.put(Role.key, id(i), { description: 'new' }) }));
    await applyPullPage(db, changes, server.seq);
    const rows = await db.rows(Role).toArray();
    expect(rows).toHaveLength(count);
    expect(rows.every((row) => row.version === 2 && row.description === 'new')).toBe(true);
    expect(rows.filter((row) => row._pending === 1).map((row) => row.name)).toEqual(
      [3, RECONCILE_SLICE + 5, count - 1].map((i) => `mine ${i}`),
    );
  });

  it('rebases pending changes on a newer server row', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    server.put(Role.key, id, { name: 'Sales', description: 'old', parentRoleId: null, permissions: [] });
    await engine().syncNow();
    await updateRow(db, Role, id, { name: 'Sales team' });
    const theirs = server.put(Role.key, id, { description: 'new' });
    await applyPullPage(db, [{ entity: Role.key, row: theirs }], server.seq);
    const row = await db.rows(Role).get(id);
    expect(row).toMatchObject({ name: 'Sales team', description: 'new', version: 2, _pending: 1 });
    expect(row?._server).toMatchObject({ name: 'Sales', description: 'new', version: 2 });
  });

  it('never goes back to an older server row', async () => {
    const id = '22222222-2222-4222-8222-222222222223';
    const first = server.put(Role.key, id, { name: 'One' });
    const second = server.put(Role.key, id, { name: 'Two' });
    await applyPullPage(db, [{ entity: Role.key, row: second }], 2);
    await applyPullPage(db, [{ entity: Role.key, row: first }], 2);
    expect(await db.rows(Role).get(id)).toMatchObject({ name: 'Two', version: 2 });
  });

  it('drops a row that left the person’s scope (a bare removal), and takes it back when it returns', async () => {
    // What the server sends a device whose row moved out of its scope (docs/decisions/013-row-scopes.md).
    const id = '22222222-2222-4222-8222-222222222224';
    const mine = server.put(Role.key, id, { name: 'Customer of mine' });
    await applyPullPage(db, [{ entity: Role.key, row: mine }], 1);
    expect((await queryList(db, Role)).total).toBe(1);
    const removal = { id, version: 3, updatedAt: '2026-11-23T10:00:00.000Z', deleted: true };
    await applyPullPage(db, [{ entity: Role.key, row: removal }], 3);
    expect((await queryList(db, Role)).total).toBe(0);
    expect(await db.rows(Role).get(id)).toEqual({ ...removal, _pending: 0, _search: '' });
    const back = { ...mine, name: 'Mine again', version: 4, updatedAt: '2026-11-23T11:00:00.000Z' };
    await applyPullPage(db, [{ entity: Role.key, row: back }], 4);
    expect((await queryList(db, Role)).items).toEqual([expect.objectContaining({ id, name: 'Mine again', version: 4 })]);
  });

  it('pulls again from 0 when the server says the person may now read another entity', async () => {
    server.hidden.add(Member.key);
    server.put(Member.key, '44444444-4444-4444-8444-444444444445', { login: 'ali', roleId: null });
    server.put(Role.key, '33333333-3333-4333-8333-333333333334', { name: 'Sales' });
    const sync = engine();
    await sync.syncNow();
    expect(await db.rows(Member).count()).toBe(0);
    expect((await db.syncState.get('state'))?.cursor).toBe(server.seq);
    server.hidden.delete(Member.key);
    await sync.syncNow();
    expect(await db.rows(Member).count()).toBe(1);
    expect(await db.rows(Role).count()).toBe(1);
  });

  it('drops rows of an entity the server says the person may no longer read', async () => {
    server.put(Member.key, '44444444-4444-4444-8444-444444444446', { login: 'ali', roleId: null });
    const sync = engine();
    await sync.syncNow();
    expect(await db.rows(Member).count()).toBe(1);
    server.hidden.add(Member.key);
    await sync.syncNow();
    expect(await db.rows(Member).count()).toBe(0);
  });

  it('starts pulling from 0 when the person’s access changes, and drops rows they may no longer read', async () => {
    server.put(Role.key, '33333333-3333-4333-8333-333333333333', { name: 'Sales' });
    server.put(Member.key, '44444444-4444-4444-8444-444444444444', { login: 'ali', roleId: '33333333-3333-4333-8333-333333333333' });
    let access: SyncAccess = { hash: 'all', canRead: () => true };
    const sync = engine({ access: () => access });
    await sync.syncNow();
    expect(await db.rows(Member).count()).toBe(1);
    server.hidden.add(Member.key);
    access = { hash: 'roles only', canRead: (entity) => entity !== Member };
    server.pulls = 0;
    await sync.syncNow();
    expect(await db.rows(Member).count()).toBe(0);
    expect(await db.rows(Role).count()).toBe(1);
    expect((await db.syncState.get('state'))?.accessHash).toBe('roles only');
  });
});

describe('a scoped entity (docs/decisions/013-row-scopes.md)', () => {
  const label = (message: string) => ({ id: `test.${message}`, message });
  const Customer = defineEntity({
    module: 'ScopeSales',
    name: 'Customer',
    label: label('Customer'),
    pluralLabel: label('Customers'),
    fields: { name: { kind: 'text', label: label('name') }, agentId: { kind: 'reference', to: Member.key, label: label('agent') } },
    titleField: 'name',
    listFields: ['name'],
    searchFields: ['name'],
    indexes: [],
    defaultSort: { field: 'name', direction: 'asc' },
    scope: { field: 'agentId' },
  });

  it('drops its rows when the person no longer sees every row, and keeps what the pull from 0 sends again', async () => {
    const scoped = new PanelDb(`engine-test-scoped-${++n}-${Math.random()}`, { entities: [Role, Member, Customer] });
    await scoped.open();
    try {
      server.alsoReadable = [Customer.key];
      const mine = server.put(Customer.key, '55555555-5555-4555-8555-555555555551', { name: 'Mine', agentId: 'a' });
      server.put(Customer.key, '55555555-5555-4555-8555-555555555552', { name: 'Theirs', agentId: 'b' });
      let access: SyncAccess = { hash: 'all rows', canRead: () => true, seesAll: () => true };
      const sync = new SyncEngine({ db: scoped, transport: server.transport(), lock: pageLock, random: () => 0.5, access: () => access });
      await sync.syncNow();
      expect(await scoped.rows(Customer).count()).toBe(2);
      // readAll taken away: the server now sends only their own row.
      server.hiddenRows.add('55555555-5555-4555-8555-555555555552');
      access = { hash: 'own rows', canRead: () => true, seesAll: (entity) => entity !== Customer };
      await sync.syncNow();
      expect((await scoped.rows(Customer).toArray()).map((r) => r.id)).toEqual([mine.id]);
    } finally {
      scoped.close();
    }
  });
});
