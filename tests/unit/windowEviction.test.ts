import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Receipt } from '../../modules/WarehousingMVM/entities/stock.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import type { Row } from '../../src/contract/entity.ts';
import { saveAndSubmit, stepDocument } from '../../src/storage/localWrites.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { deriveStores } from '../../src/storage/panelDbSchema.ts';
import { applyPullPage } from '../../src/storage/syncResults.ts';
import { keepWhileShown } from '../../src/storage/windowEviction.ts';
import { readSyncState } from '../../src/storage/syncStateStore.ts';
import { dayBefore, fetchOlderRows, listQueryOf, olderParams } from '../../src/storage/beyondWindow.ts';
import { entityPath } from '../../src/contract/entity.ts';
import { storeLogin, storePanelCode } from '../../src/session/session.ts';
import { envelope, fakeApi } from './fakeApi.ts';
import { SyncEngine } from '../../src/storage/SyncEngine.ts';
import { pageLock } from '../../src/storage/syncLock.ts';
import { FakeSyncServer } from './syncFakeServer.ts';

let db: PanelDb;

beforeEach(async () => {
  db = new PanelDb(`window-${Math.random()}`, { entities: [Receipt, Role] });
  await db.open();
});

afterEach(() => db.close());

const warehouseId = '6f1d2c1e-0000-4000-8000-0000000000bb';
const line = { id: '6f1d2c1e-0000-4000-8000-000000000001', productId: '6f1d2c1e-0000-4000-8000-0000000000aa', quantity: '3' };

let ids = 0;
const nextId = () => `6f1d2c1e-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

function receipt(id: string, date: string, status = 'submitted', version = 1): Row {
  return {
    id,
    version,
    updatedAt: `${date}T10:00:00.000Z`,
    deleted: false,
    direction: 'in',
    date,
    warehouseId,
    lines: [line],
    partyId: null,
    reference: null,
    note: null,
    opening: false,
    status,
    number: status === 'draft' ? null : `RC-${id.slice(-4)}`,
    submittedAt: null,
    amendedFrom: null,
  };
}

const windows = (from: string) => ({ [Receipt.key]: from });
const pull = (rows: Row[], cursor: number, from = '2026-06-22') =>
  applyPullPage(
    db,
    rows.map((row) => ({ entity: Receipt.key, row })),
    cursor,
    { windows: windows(from) },
  );

describe('a device keeps only its window of history (decision 050)', () => {
  it('indexes the window field, so the rows a window leaves behind are read through it', () => {
    expect(deriveStores([Receipt])[Receipt.table]).toMatch(/\bdate\b/);
  });

  it('stores no pulled row before the window, keeps those in it, and remembers the window', async () => {
    const old = nextId();
    const recent = nextId();
    await pull([receipt(old, '2026-01-10'), receipt(recent, '2026-11-20')], 2);
    expect(await db.rows(Receipt).get(old)).toBeUndefined();
    expect(await db.rows(Receipt).get(recent)).toMatchObject({ id: recent, _pending: 0 });
    expect(await readSyncState(db)).toMatchObject({ cursor: 2, windows: { [Receipt.key]: '2026-06-22' } });
  });

  it('keeps a draft whatever its date (the declaration keeps drafts)', async () => {
    const draft = nextId();
    await pull([receipt(draft, '2025-01-10', 'draft')], 1);
    expect(await db.rows(Receipt).get(draft)).toMatchObject({ status: 'draft' });
  });

  it('drops its copy when a pull brings the row from before the window, and that is not a deletion', async () => {
    const id = nextId();
    await pull([receipt(id, '2026-11-20')], 1);
    // Its date was edited to one before the window, on another device.
    await pull([receipt(id, '2026-01-10', 'submitted', 2)], 2);
    expect(await db.rows(Receipt).get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    // No tombstone: a later pull that brings it back into the window stores it again.
    await pull([receipt(id, '2026-11-21', 'submitted', 3)], 3);
    expect(await db.rows(Receipt).get(id)).toMatchObject({ version: 3, deleted: false, date: '2026-11-21' });
  });

  it('keeps a row before the window while writes to it are pending, and refreshes its server row', async () => {
    const id = nextId();
    await pull([receipt(id, '2026-11-20')], 1);
    await stepDocument(db, Receipt, id, 'cancel');
    expect(await db.outbox.count()).toBe(1);
    await pull([receipt(id, '2026-01-10', 'submitted', 2)], 2);
    const kept = await db.rows(Receipt).get(id);
    expect(kept).toMatchObject({ _pending: 1, status: 'cancelled' });
    expect(kept?._server).toMatchObject({ version: 2, date: '2026-01-10' });
  });

  it('refreshes a row before the window while a screen shows it, and lets it go with the window’s next move once released', async () => {
    const id = nextId();
    // A page opened an old receipt (fetched from the server) and cancelled it there.
    await pull([receipt(id, '2026-01-10')], 1);
    const release = keepWhileShown(db, Receipt, id);
    const again = keepWhileShown(db, Receipt, id);
    await db.rows(Receipt).put({ ...receipt(id, '2026-01-10'), _pending: 0, _search: '' });
    await pull([receipt(id, '2026-01-10', 'cancelled', 2)], 2);
    expect(await db.rows(Receipt).get(id)).toMatchObject({ version: 2, status: 'cancelled', _pending: 0 });
    // Two screens showed it; one closing keeps it for the other.
    release();
    release();
    await pull([receipt(id, '2026-01-10', 'cancelled', 3)], 3);
    expect(await db.rows(Receipt).get(id)).toMatchObject({ version: 3 });
    again();
    await pull([receipt(id, '2026-01-10', 'cancelled', 4)], 4, '2026-07-22');
    expect(await db.rows(Receipt).get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps a row before the window while a sync problem of it waits for the person', async () => {
    const id = nextId();
    await pull([receipt(id, '2026-11-20')], 1);
    await db.problems.put({
      mutationId: 99,
      entity: Receipt.key,
      id,
      op: 'cancel',
      baseVersion: 1,
      at: '2026-11-26T10:00:00.000Z',
      code: 9402,
      message: 'refused',
      held: [],
      rejectedAt: '2026-11-26T10:00:00.000Z',
    });
    await pull([receipt(id, '2026-01-10', 'submitted', 2)], 2);
    expect(await db.rows(Receipt).get(id)).toMatchObject({ version: 2 });
  });

  it('evicts what falls before a window that moved forward, keeping drafts, pending rows and rows in it', async () => {
    const [early, late, draft, pending] = [nextId(), nextId(), nextId(), nextId()];
    await pull(
      [receipt(early, '2026-07-01'), receipt(late, '2026-08-10'), receipt(draft, '2026-07-02', 'draft'), receipt(pending, '2026-07-03')],
      4,
    );
    await stepDocument(db, Receipt, pending, 'cancel');
    // A new month: the window now starts on 1 Mordad (2026-07-23); the pull brings nothing of these rows.
    await pull([], 5, '2026-07-23');
    expect(await db.rows(Receipt).get(early)).toBeUndefined();
    expect(await db.rows(Receipt).get(late)).toMatchObject({ id: late });
    expect(await db.rows(Receipt).get(draft)).toMatchObject({ status: 'draft' });
    expect(await db.rows(Receipt).get(pending)).toMatchObject({ _pending: 1 });
    expect(await db.outbox.count()).toBe(1);
    expect(await readSyncState(db)).toMatchObject({ cursor: 5, windows: { [Receipt.key]: '2026-07-23' } });
  });

  it('evicts the history a device already held when it first hears of a window', async () => {
    const [old, recent] = [nextId(), nextId()];
    await applyPullPage(
      db,
      [old, recent].map((id, i) => ({ entity: Receipt.key, row: receipt(id, i ? '2026-11-01' : '2025-03-01') })),
      2,
    );
    expect(await db.rows(Receipt).count()).toBe(2);
    await pull([], 3);
    expect(await db.rows(Receipt).get(old)).toBeUndefined();
    expect(await db.rows(Receipt).get(recent)).toBeDefined();
  });

  it('pulls again from the start when a window starts earlier than before (the rows it dropped belong again)', async () => {
    await pull([receipt(nextId(), '2026-11-20')], 7);
    const widened = await pull([], 8, '2025-03-21');
    expect(widened).toBe(true);
    expect(await readSyncState(db)).toMatchObject({ cursor: 0, windows: { [Receipt.key]: '2025-03-21' } });
    expect(await pull([], 9, '2025-03-21')).toBe(false);
  });

  it('leaves entities without a window alone', async () => {
    const role = { id: nextId(), version: 1, updatedAt: '2020-01-01T00:00:00.000Z', deleted: false, name: 'Old', parentRoleId: null };
    await applyPullPage(db, [{ entity: Role.key, row: role as Row }], 1, { windows: windows('2026-06-22') });
    expect(await db.rows(Role).get(role.id)).toMatchObject({ name: 'Old' });
  });

  it('a draft saved here before the window stays, and is sent as any write', async () => {
    const row = await saveAndSubmit(db, Receipt, null, { direction: 'in', date: '2025-01-10', warehouseId, lines: [line] });
    await pull([], 1);
    expect(await db.rows(Receipt).get(row.id)).toBeDefined();
  });
});

describe('the sync engine with windows', () => {
  it('keeps what the pulls say is in the window, and pulls again from 0 when a window widens', async () => {
    const server = new FakeSyncServer();
    const [old, recent] = [nextId(), nextId()];
    const { id: _old, ...oldValues } = receipt(old, '2026-01-10');
    const { id: _recent, ...recentValues } = receipt(recent, '2026-11-20');
    server.put(Receipt.key, old, oldValues);
    server.put(Receipt.key, recent, recentValues);
    server.windows = windows('2026-06-22');
    const engine = new SyncEngine({ db, transport: server.transport(), lock: pageLock, random: () => 0.5 });
    expect(await engine.syncNow()).toBe('synced');
    expect(await db.rows(Receipt).get(old)).toBeUndefined();
    expect(await db.rows(Receipt).get(recent)).toBeDefined();
    // The server's cap is lifted: the window starts a year earlier, and the old receipt belongs again.
    server.windows = windows('2025-06-22');
    const pulls = server.pulls;
    expect(await engine.syncNow()).toBe('synced');
    expect(server.pulls - pulls).toBe(2);
    expect(await db.rows(Receipt).get(old)).toMatchObject({ date: '2026-01-10' });
    expect(await readSyncState(db)).toMatchObject({ cursor: server.seq, windows: { [Receipt.key]: '2025-06-22' } });
    engine.stop();
  });
});

describe('asking the server for the rows before the window', () => {
  it('ends the list at the day before the window, within the person’s own range', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    const sort = { field: 'date', direction: 'desc' } as const;
    expect(olderParams(Receipt, { search: 'x', sort }, '2026-06-22')).toEqual({
      search: 'x',
      sort,
      ranges: { date: { to: '2026-06-21' } },
    });
    expect(olderParams(Receipt, { ranges: { date: { from: '2026-01-01', to: '2026-12-01' } } }, '2026-06-22')).toEqual({
      ranges: { date: { from: '2026-01-01', to: '2026-06-21' } },
    });
    expect(olderParams(Receipt, { ranges: { date: { to: '2026-02-01' } } }, '2026-06-22')?.ranges?.date).toEqual({ to: '2026-02-01' });
    // A range that starts inside the window: the device holds everything it asks for.
    expect(olderParams(Receipt, { ranges: { date: { from: '2026-07-01' } } }, '2026-06-22')).toBeNull();
  });

  it('writes the list parameters as the REST list reads them', () => {
    expect(
      listQueryOf({
        search: ' abc ',
        filters: { warehouseId, partyId: null, opening: false, status: undefined },
        ranges: { date: { to: '2026-06-21' } },
        sort: { field: 'date', direction: 'desc' },
        page: 2,
        pageSize: 50,
      }),
    ).toEqual({
      search: 'abc',
      'filter.warehouseId': warehouseId,
      'filter.partyId': '',
      'filter.opening': 'false',
      'filter.date.to': '2026-06-21',
      sort: 'date',
      order: 'desc',
      page: '2',
      pageSize: '50',
    });
  });

  it('keeps an answer for a few minutes, until this device writes a row of that entity', async () => {
    const api = fakeApi();
    storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, 'sara', 'password');
    storePanelCode('P1');
    let answered = 0;
    api.on('GET', entityPath(Receipt), () => envelope({ items: [], total: ++answered }));
    const panel = { key: 'sara|P1', panelCode: 'P1' };
    const params = olderParams(Receipt, {}, '2026-06-22')!;
    expect((await fetchOlderRows(panel, Receipt, params)).total).toBe(1);
    expect((await fetchOlderRows(panel, Receipt, params)).total).toBe(1);
    await saveAndSubmit(db, Receipt, null, { direction: 'in', date: '2026-07-01', warehouseId, lines: [line] });
    expect((await fetchOlderRows(panel, Receipt, params)).total).toBe(2);
  });
});
