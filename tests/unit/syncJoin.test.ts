/**
 * A new device joins by snapshot (decision 051): the first pull reads the server's snapshot page by
 * page, keeps its token with each page's rows (so a failure resumes after the last page stored),
 * reports its progress, then goes on from the log; before it fills the device it asks for
 * persistent storage and says when the room left is short.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { BYTES_PER_ROW, checkRoom, type DeviceStorage } from '../../src/storage/deviceStorage.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { SyncEngine, type SyncStatus } from '../../src/storage/SyncEngine.ts';
import { pageLock } from '../../src/storage/syncLock.ts';
import { readSyncState } from '../../src/storage/syncStateStore.ts';
import { SyncTransportError, type SyncTransport } from '../../src/storage/syncTransport.ts';
import { FakeSyncServer } from './syncFakeServer.ts';

let db: PanelDb;
let server: FakeSyncServer;
let n = 0;

const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

beforeEach(async () => {
  db = new PanelDb(`join-test-${++n}-${Math.random()}`);
  await db.open();
  server = new FakeSyncServer();
  server.speaksSnapshot = true;
  for (let i = 1; i <= 25; i++) server.put(Role.key, id(i), { name: `Role ${i}`, description: null, parentRoleId: null, permissions: [] });
  // A deleted row: the snapshot never sends it, and the device never needs it.
  server.put(Role.key, id(26), { name: 'Gone', description: null, parentRoleId: null, permissions: [] });
  server.put(Role.key, id(26), { deleted: true });
});

afterEach(() => db.close());

function engine(transport: SyncTransport, storage: DeviceStorage | null = null): SyncEngine {
  return new SyncEngine({ db, transport, lock: pageLock, random: () => 0.5, pullPageSize: 10, storage });
}

/** Watches the engine's status: every `joining` it reported. */
function progressOf(sync: SyncEngine): SyncStatus['joining'][] {
  const seen: SyncStatus['joining'][] = [];
  sync.subscribe(() => {
    const joining = sync.getStatus().joining;
    if (JSON.stringify(seen.at(-1) ?? null) !== JSON.stringify(joining)) seen.push(joining);
  });
  return seen;
}

describe('joining by snapshot', () => {
  it('fills the device from the snapshot, reporting the progress, then goes on from the log', async () => {
    const sync = engine(server.transport());
    const progress = progressOf(sync);
    expect(await sync.syncNow()).toBe('synced');
    expect(server.snapshotPulls).toBe(3);
    expect(progress).toEqual([{ done: 10, total: 25 }, { done: 20, total: 25 }, null]);
    const rows = await db.rows(Role).toArray();
    expect(rows.map((r) => r.id).sort()).toEqual(Array.from({ length: 25 }, (_, i) => id(i + 1)));
    const state = await readSyncState(db);
    expect(state.cursor).toBe(server.seq);
    expect(state.snapshot).toBeUndefined();

    // Later rounds read the log after the cursor, never a snapshot again.
    server.put(Role.key, id(3), { name: 'Role three' });
    expect(await sync.syncNow()).toBe('synced');
    expect(server.snapshotPulls).toBe(3);
    expect(await db.rows(Role).get(id(3))).toMatchObject({ name: 'Role three', version: 2 });
  });

  it('resumes after a failure from the last page stored, not from the start', async () => {
    const base = server.transport();
    const asked: (string | undefined)[] = [];
    let failAt = 1;
    const flaky: SyncTransport = {
      ...base,
      pull: async (cursor, limit, snapshot) => {
        asked.push(snapshot);
        if (snapshot && failAt-- === 1) throw new SyncTransportError('offline', 'dropped');
        return base.pull(cursor, limit, snapshot);
      },
    };
    const first = engine(flaky);
    expect(await first.syncNow()).toBe('failed');
    // The first page is stored with the token of the second.
    const stored = await readSyncState(db);
    expect(stored.cursor).toBe(0);
    expect(stored.snapshot).toMatchObject({ done: 10, total: 25 });
    expect(await db.rows(Role).count()).toBe(10);
    expect(first.getStatus().joining).toEqual({ done: 10, total: 25 });

    // A changed row meanwhile comes from the log after the snapshot's end.
    server.put(Role.key, id(1), { name: 'Renamed meanwhile' });
    // Another tab, or the same one reopened: it goes on from the stored token.
    const second = engine(flaky);
    const progress = progressOf(second);
    expect(await second.syncNow()).toBe('synced');
    expect(asked.slice(2)).toEqual([stored.snapshot!.token, expect.any(String), undefined]);
    expect(progress[0]).toEqual({ done: 10, total: 25 });
    expect(progress.at(-1)).toBeNull();
    expect(await db.rows(Role).count()).toBe(25);
    expect(await db.rows(Role).get(id(1))).toMatchObject({ name: 'Renamed meanwhile', version: 2 });
    expect((await readSyncState(db)).cursor).toBe(server.seq);
  });

  it('starts the snapshot again when the person’s access changed before it ended', async () => {
    const base = server.transport();
    const asked: (string | undefined)[] = [];
    let fail = true;
    const flaky: SyncTransport = {
      ...base,
      pull: async (cursor, limit, snapshot) => {
        asked.push(snapshot);
        if (snapshot && fail) throw new SyncTransportError('offline', 'dropped');
        return base.pull(cursor, limit, snapshot);
      },
    };
    const access = (hash: string) => () => ({ hash, canRead: () => true });
    expect(await new SyncEngine({ db, transport: flaky, lock: pageLock, pullPageSize: 10, access: access('a') }).syncNow()).toBe('failed');
    expect((await readSyncState(db)).snapshot).toBeDefined();
    fail = false;
    expect(await new SyncEngine({ db, transport: flaky, lock: pageLock, pullPageSize: 10, access: access('b') }).syncNow()).toBe('synced');
    expect(asked[2]).toBe('');
    expect(await db.rows(Role).count()).toBe(25);
  });

  it('sweeps, when a snapshot runs again over rows the device held, the rows it no longer sends', async () => {
    const access = (hash: string) => () => ({ hash, canRead: () => true });
    const first = new SyncEngine({ db, transport: server.transport(), lock: pageLock, pullPageSize: 10, access: access('a') });
    expect(await first.syncNow()).toBe('synced');
    expect(await db.rows(Role).count()).toBe(25);
    // While this device is away: one row is deleted, one renamed; this device writes one of its own.
    server.put(Role.key, id(4), { deleted: true });
    server.put(Role.key, id(5), { name: 'Role five' });
    await db.rows(Role).update(id(6), { _pending: 1 });
    // Its access changed: the pull starts from the beginning, as a snapshot over the rows it holds.
    const again = new SyncEngine({ db, transport: server.transport(), lock: pageLock, pullPageSize: 10, access: access('b') });
    const before = server.snapshotPulls;
    expect(await again.syncNow()).toBe('synced');
    expect(server.snapshotPulls).toBeGreaterThan(before);
    // The deleted row is gone (the snapshot never sends deletions), not left as it was; no tombstone, nothing queued.
    expect(await db.rows(Role).get(id(4))).toBeUndefined();
    expect(await db.rows(Role).get(id(5))).toMatchObject({ name: 'Role five' });
    // A row with writes of this device's own stays whatever the snapshot says.
    expect(await db.rows(Role).get(id(6))).toBeDefined();
    expect(await db.rows(Role).count()).toBe(24);
    expect(await db.seen.count()).toBe(0);
    expect((await readSyncState(db)).snapshot).toBeUndefined();
  });

  it('waits for the person’s access before a first snapshot, instead of reading it twice', async () => {
    let known = false;
    setTimeout(() => (known = true), 300);
    const access = () => (known ? { hash: 'a', canRead: () => true } : undefined);
    const sync = new SyncEngine({ db, transport: server.transport(), lock: pageLock, pullPageSize: 10, access });
    expect(await sync.syncNow()).toBe('synced');
    // 25 rows in pages of 10: three pages, read once.
    expect(server.snapshotPulls).toBe(3);
    expect((await readSyncState(db)).accessHash).toBe('a');
    expect(await db.rows(Role).count()).toBe(25);
  });

  it('notes nothing as seen when a first snapshot fills an empty device', async () => {
    const sync = new SyncEngine({ db, transport: server.transport(), lock: pageLock, pullPageSize: 10 });
    const puts: number[] = [];
    db.seen.hook('creating', () => void puts.push(1));
    expect(await sync.syncNow()).toBe('synced');
    expect(puts).toEqual([]);
    expect(await db.rows(Role).count()).toBe(25);
  });

  it('starts the snapshot again when the server refuses its token', async () => {
    await db.syncState.put({ ...(await readSyncState(db)), snapshot: { token: 'stale', done: 5, total: 9 } });
    const base = server.transport();
    const asked: (string | undefined)[] = [];
    const refusing: SyncTransport = {
      ...base,
      pull: async (cursor, limit, snapshot) => {
        asked.push(snapshot);
        if (snapshot === 'stale') throw new SyncTransportError('refused', 'bad token', 9401, 400);
        return base.pull(cursor, limit, snapshot);
      },
    };
    expect(await engine(refusing).syncNow()).toBe('synced');
    expect(asked.slice(0, 2)).toEqual(['stale', '']);
    expect(await db.rows(Role).count()).toBe(25);
  });

  it('walks the log as before with a server that answers no snapshot', async () => {
    server.speaksSnapshot = false;
    const sync = engine(server.transport());
    const progress = progressOf(sync);
    expect(await sync.syncNow()).toBe('synced');
    expect(server.snapshotPulls).toBe(0);
    expect(progress).toEqual([]);
    expect(
      await db
        .rows(Role)
        .filter((r) => !r.deleted)
        .count(),
    ).toBe(25);
    expect((await readSyncState(db)).cursor).toBe(server.seq);
  });

  it('asks for persistent storage and says when the device is short of room', async () => {
    const calls: string[] = [];
    const small: DeviceStorage = {
      persisted: async () => (calls.push('persisted'), false),
      persist: async () => (calls.push('persist'), true),
      estimate: async () => ({ quota: 20 * BYTES_PER_ROW, usage: 5 * BYTES_PER_ROW }),
    };
    const sync = engine(server.transport(), small);
    const shortfalls: SyncStatus['storageShort'][] = [];
    sync.subscribe(() => shortfalls.push(sync.getStatus().storageShort));
    expect(await sync.syncNow()).toBe('synced');
    expect(calls).toEqual(['persisted', 'persist']);
    // Said while joining; once the rows are stored, no longer.
    expect(shortfalls).toContainEqual({ needed: 25 * BYTES_PER_ROW, available: 15 * BYTES_PER_ROW });
    expect(sync.getStatus().storageShort).toBeNull();
  });
});

describe('checkRoom', () => {
  it('answers the shortfall only when the room left is below what the rows need', async () => {
    const storage = (quota: number | undefined, usage = 0): DeviceStorage => ({ estimate: async () => ({ quota, usage }) });
    expect(await checkRoom(storage(100 * BYTES_PER_ROW, 10 * BYTES_PER_ROW), 90)).toBeNull();
    expect(await checkRoom(storage(100 * BYTES_PER_ROW, 10 * BYTES_PER_ROW), 91)).toEqual({
      needed: 91 * BYTES_PER_ROW,
      available: 90 * BYTES_PER_ROW,
    });
    // No telling: taken as room enough.
    expect(await checkRoom(storage(undefined), 1_000_000)).toBeNull();
    expect(await checkRoom(null, 1_000_000)).toBeNull();
    expect(await checkRoom({ estimate: () => Promise.reject(new Error('no')) }, 1_000_000)).toBeNull();
  });

  it('asks to persist once, and goes on when the browser refuses or fails', async () => {
    let asked = 0;
    const already: DeviceStorage = { persisted: async () => true, persist: async () => (asked++, true) };
    await checkRoom(already, 10);
    expect(asked).toBe(0);
    const failing: DeviceStorage = { persist: () => Promise.reject(new Error('denied')), estimate: async () => ({ quota: 0, usage: 0 }) };
    expect(await checkRoom(failing, 1)).toEqual({ needed: BYTES_PER_ROW, available: 0 });
  });
});
