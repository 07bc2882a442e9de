import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { backoffDelay } from '../../src/storage/backoff.ts';
import { createRow } from '../../src/storage/localWrites.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { SyncEngine } from '../../src/storage/SyncEngine.ts';
import { pageLock, webLock } from '../../src/storage/syncLock.ts';
import { SyncTransportError, type SyncTransport } from '../../src/storage/syncTransport.ts';
import { FakeSyncServer } from './syncFakeServer.ts';

let db: PanelDb;
let server: FakeSyncServer;
let n = 0;
const stops: (() => void)[] = [];

beforeEach(async () => {
  db = new PanelDb(`schedule-test-${++n}-${Math.random()}`);
  await db.open();
  server = new FakeSyncServer();
});

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
  db.close();
});

/** Only timers are faked: fake-indexeddb runs its work on setImmediate, which stays real. */
function fakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** Lets IndexedDB work (real setImmediate) finish between timer steps. */
async function settle(): Promise<void> {
  for (let i = 0; i < 60; i++) await new Promise((resolve) => setImmediate(resolve));
}

function started(engine: SyncEngine): SyncEngine {
  stops.push(engine.start());
  return engine;
}

function counting(transport: SyncTransport) {
  const calls = { push: 0, pull: 0 };
  return {
    calls,
    transport: {
      push: (r: Parameters<SyncTransport['push']>[0]) => (calls.push++, transport.push(r)),
      pull: (c: number, l: number) => (calls.pull++, transport.pull(c, l)),
    } satisfies SyncTransport,
  };
}

describe('backoff', () => {
  it('doubles the wait with each failure in a row, up to a ceiling, with jitter in the upper half', () => {
    const settings = { baseMs: 1_000, maxMs: 60_000 };
    expect([1, 2, 3, 4].map((f) => backoffDelay(f, 1, settings))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect([1, 2, 3, 4].map((f) => backoffDelay(f, 0, settings))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(backoffDelay(30, 0.999, settings)).toBeLessThanOrEqual(60_000);
    expect(backoffDelay(30, 0, settings)).toBe(30_000);
  });

  it('retries after failures with growing waits, and calls the state offline or error by what failed', async () => {
    fakeTimers();
    let failure: SyncTransportError | null = new SyncTransportError('offline', 'no network');
    const base = server.transport();
    const { calls, transport } = counting({
      push: (r) => (failure ? Promise.reject(failure) : base.push(r)),
      pull: (c, l) => (failure ? Promise.reject(failure) : base.pull(c, l)),
    });
    await createRow(db, Role, { name: 'Sales' });
    const engine = started(
      new SyncEngine({ db, transport, lock: pageLock, random: () => 1, backoff: { baseMs: 1_000, maxMs: 8_000 }, isOnline: () => true }),
    );
    await settle();
    expect(engine.getStatus()).toMatchObject({ phase: 'offline', failures: 1 });
    expect(calls.push).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(calls.push).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(calls.push).toBe(2);
    failure = new SyncTransportError('server', 'HTTP 503', 9402, 503);
    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    expect(calls.push).toBe(3);
    expect(engine.getStatus()).toMatchObject({ phase: 'error', failures: 3, failureKind: 'server' });
    failure = null;
    await vi.advanceTimersByTimeAsync(4_000);
    await settle();
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', failures: 0 });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('when sync runs', () => {
  it('runs at start, then once shortly after a burst of writes', async () => {
    fakeTimers();
    const { calls, transport } = counting(server.transport());
    started(new SyncEngine({ db, transport, lock: pageLock, debounceMs: 500, isOnline: () => true }));
    await settle();
    expect(calls.pull).toBe(1);
    for (const name of ['A', 'B', 'C']) await createRow(db, Role, { name });
    await vi.advanceTimersByTimeAsync(499);
    await settle();
    expect(calls.push).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(calls.push).toBe(1);
    expect(server.rows.size).toBe(3);
  });

  it('runs when the network returns, without waiting out the backoff', async () => {
    fakeTimers();
    let online = false;
    const base = server.transport();
    const { calls, transport } = counting({
      push: (r) => (online ? base.push(r) : Promise.reject(new SyncTransportError('offline', 'x'))),
      pull: (c, l) => (online ? base.pull(c, l) : Promise.reject(new SyncTransportError('offline', 'x'))),
    });
    await createRow(db, Role, { name: 'Sales' });
    const engine = started(
      new SyncEngine({ db, transport, lock: pageLock, isOnline: () => true, backoff: { baseMs: 60_000, maxMs: 60_000 } }),
    );
    await settle();
    expect(engine.getStatus().phase).toBe('offline');
    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(calls.push).toBe(2);
    expect(engine.getStatus().phase).toBe('idle');
  });

  it('runs periodically while online, and not while offline', async () => {
    fakeTimers();
    let online = true;
    const { calls, transport } = counting(server.transport());
    started(new SyncEngine({ db, transport, lock: pageLock, intervalMs: 10_000, isOnline: () => online }));
    await settle();
    await vi.advanceTimersByTimeAsync(10_000);
    await settle();
    expect(calls.pull).toBe(2);
    online = false;
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(calls.pull).toBe(2);
  });
});

describe('one tab at a time', () => {
  it('skips a round while another holder syncs the same database', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const base = server.transport();
    const slow: SyncTransport = { push: base.push, pull: async (c, l) => (await held, base.pull(c, l)) };
    const first = new SyncEngine({ db, transport: slow, lock: pageLock });
    const second = new SyncEngine({ db, transport: server.transport(), lock: pageLock });
    const firstRound = first.syncNow();
    await settle();
    expect(await second.syncNow()).toBe('busy');
    release();
    expect(await firstRound).toBe('synced');
    expect(await second.syncNow()).toBe('synced');
  });

  it('asks the browser for the Web Lock only if it is free', async () => {
    const request = vi.fn(async (_name: string, _options: LockOptions, work: (lock: Lock | null) => Promise<unknown>) => work(null));
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const ran = vi.fn();
    expect(await webLock('pishkhan-sync:x', async () => ran())).toEqual({ ran: false });
    expect(request).toHaveBeenCalledWith('pishkhan-sync:x', { ifAvailable: true }, expect.any(Function));
    expect(ran).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
