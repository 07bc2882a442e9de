/**
 * The live stream on the device (decision 039): signals ahead of the device pull, coalesced with a
 * round already running; hidden pages close the stream and pull when shown; drops reconnect with
 * backoff and jitter; a stream that never delivers counts as a drop while the interval keeps
 * pulling; a refusal ends it for good.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { SyncEngine } from '../../src/storage/SyncEngine.ts';
import { LiveSync, sseEvents, type LiveEvent, type LiveOpen } from '../../src/storage/liveSync.ts';
import { pageLock } from '../../src/storage/syncLock.ts';
import type { SyncTransport } from '../../src/storage/syncTransport.ts';
import { FakeSyncServer } from './syncFakeServer.ts';

/** A stream the test feeds: `push` an event, `drop` it, or leave it silent. */
class FakeStream {
  opened = 0;
  private queue: LiveEvent[] = [];
  private wake: (() => void) | null = null;
  private dropped = false;
  refuse: number | null = null;

  open: LiveOpen = async (signal) => {
    this.opened++;
    if (this.refuse !== null) return { refused: this.refuse };
    this.dropped = false;
    this.queue = [];
    signal.addEventListener('abort', () => this.drop());
    return this.events(signal);
  };

  private async *events(signal: AbortSignal): AsyncGenerator<LiveEvent> {
    for (;;) {
      while (this.queue.length) yield this.queue.shift()!;
      if (this.dropped || signal.aborted) throw new Error('dropped');
      await new Promise<void>((r) => (this.wake = r));
    }
  }

  push(event: LiveEvent): void {
    this.queue.push(event);
    this.wake?.();
  }

  drop(): void {
    this.dropped = true;
    this.wake?.();
  }
}

let visible = true;
let visibilityChanged: () => void = () => {};
const visibility = {
  isVisible: () => visible,
  watchVisibility: (changed: () => void) => {
    visibilityChanged = changed;
    return () => {};
  },
};

function fakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

async function settle(): Promise<void> {
  for (let i = 0; i < 60; i++) await new Promise((resolve) => setImmediate(resolve));
}

afterEach(() => {
  vi.useRealTimers();
  visible = true;
});

function liveWith(stream: FakeStream, extra: Partial<ConstructorParameters<typeof LiveSync>[0]> = {}) {
  const seen = { cursors: [] as number[], resumes: 0, ends: [] as string[] };
  const live = new LiveSync({
    open: stream.open,
    onCursor: (c) => seen.cursors.push(c),
    onResume: () => seen.resumes++,
    onEnd: (r) => seen.ends.push(r),
    random: () => 1,
    backoff: { baseMs: 1_000, maxMs: 8_000 },
    openTimeoutMs: 5_000,
    ...visibility,
    ...extra,
  });
  return { live, seen };
}

describe('the live stream', () => {
  it('passes cursors on and is live once the first event arrives', async () => {
    fakeTimers();
    const stream = new FakeStream();
    const { live, seen } = liveWith(stream);
    live.start();
    await settle();
    expect(live.getState()).toBe('connecting');
    stream.push({ event: 'cursor', cursor: 7 });
    await settle();
    expect(live.getState()).toBe('live');
    expect(seen.cursors).toEqual([7]);
    live.stop();
  });

  it('closes while the page is hidden and pulls when it shows again', async () => {
    fakeTimers();
    const stream = new FakeStream();
    const { live, seen } = liveWith(stream);
    live.start();
    stream.push({ event: 'cursor', cursor: 1 });
    await settle();
    visible = false;
    visibilityChanged();
    await settle();
    expect(live.getState()).toBe('paused');
    // Nothing is opened while hidden, however long.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(stream.opened).toBe(1);
    visible = true;
    visibilityChanged();
    await settle();
    expect(seen.resumes).toBe(1);
    expect(stream.opened).toBe(2);
    live.stop();
  });

  it('reconnects after drops with growing waits, and pulls on each reconnect', async () => {
    fakeTimers();
    const stream = new FakeStream();
    const { live, seen } = liveWith(stream);
    live.start();
    await settle();
    stream.drop();
    await settle();
    expect(live.getState()).toBe('fallback');
    await vi.advanceTimersByTimeAsync(999);
    expect(stream.opened).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(stream.opened).toBe(2);
    expect(seen.resumes).toBe(1);
    stream.drop();
    await settle();
    // The second failure in a row waits twice as long.
    await vi.advanceTimersByTimeAsync(1_999);
    expect(stream.opened).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(stream.opened).toBe(3);
    live.stop();
  });

  it('spreads reconnects by jitter: devices dropped together do not come back together', async () => {
    fakeTimers();
    const early = new FakeStream();
    const late = new FakeStream();
    const one = liveWith(early, { random: () => 0 });
    const other = liveWith(late, { random: () => 0.99 });
    one.live.start();
    other.live.start();
    await settle();
    early.drop();
    late.drop();
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect([early.opened, late.opened]).toEqual([2, 1]);
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(late.opened).toBe(2);
    one.live.stop();
    other.live.stop();
  });

  it('takes a stream that delivers nothing (a buffering proxy) as failed, and tries again later', async () => {
    fakeTimers();
    const stream = new FakeStream();
    const { live } = liveWith(stream);
    live.start();
    await settle();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(live.getState()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(live.getState()).toBe('fallback');
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(stream.opened).toBe(2);
    live.stop();
  });

  it('ends for good when refused or when the server says the person left the panel', async () => {
    fakeTimers();
    const refused = new FakeStream();
    refused.refuse = 404;
    const first = liveWith(refused);
    first.live.start();
    await settle();
    expect(first.live.getState()).toBe('stopped');
    expect(first.seen.ends).toEqual(['refused']);

    const stream = new FakeStream();
    const second = liveWith(stream);
    second.live.start();
    stream.push({ event: 'end', reason: 'access' });
    await settle();
    expect(second.live.getState()).toBe('stopped');
    expect(second.seen.ends).toEqual(['access']);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(stream.opened).toBe(1);
  });

  it('reads a text/event-stream body, comments and all', async () => {
    const text =
      ': ping\n\nevent: cursor\ndata: {"cursor":5}\n\nevent: presence\ndata: {"open":[]}\n\nevent: end\ndata: {"reason":"stopping"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Split mid-event, as a network would.
        controller.enqueue(bytes.slice(0, 20));
        controller.enqueue(bytes.slice(20));
        controller.close();
      },
    });
    const events: LiveEvent[] = [];
    for await (const e of sseEvents(body)) events.push(e);
    expect(events).toEqual([
      { event: 'cursor', cursor: 5 },
      { event: 'presence', open: [] },
      { event: 'end', reason: 'stopping' },
    ]);
  });
});

describe('the sync engine with a live stream', () => {
  let db: PanelDb;
  let server: FakeSyncServer;
  let n = 0;

  beforeEach(async () => {
    db = new PanelDb(`live-test-${++n}-${Math.random()}`);
    await db.open();
    server = new FakeSyncServer();
  });

  afterEach(() => db.close());

  /** The fake server's transport whose second pull answers only at `release()`; `pulls` counts them. */
  function heldSecondPull(on: FakeSyncServer) {
    const base = on.transport();
    let hold: (() => void) | null = null;
    const held = {
      pulls: 0,
      release: () => hold?.(),
      transport: {
        push: (r) => base.push(r),
        pull: async (c, l) => {
          held.pulls++;
          // The page is read when the pull is asked for; writes made while it is held are not in it.
          const page = base.pull(c, l);
          if (held.pulls === 2) await new Promise<void>((r) => (hold = r));
          return page;
        },
      } as SyncTransport,
    };
    return held;
  }

  it('pulls on a signal ahead of its cursor, and a burst of signals during a pull makes one more pull', async () => {
    fakeTimers();
    const stream = new FakeStream();
    const held = heldSecondPull(server);
    const { transport } = held;
    const engine = new SyncEngine({ db, transport, lock: pageLock, isOnline: () => true, live: stream.open, liveOptions: visibility });
    const stop = engine.start();
    await settle();
    expect(held.pulls).toBe(1);
    stream.push({ event: 'cursor', cursor: server.seq });
    await settle();
    // Not ahead of what the device has: no pull.
    expect(held.pulls).toBe(1);

    server.put(Role.key, crypto.randomUUID(), { name: 'Sales' });
    stream.push({ event: 'cursor', cursor: server.seq });
    await settle();
    expect(held.pulls).toBe(2);
    // 50 more writes while that pull is held: their signals join into one more round.
    for (let i = 0; i < 50; i++) {
      server.put(Role.key, crypto.randomUUID(), { name: `Role ${i}` });
      stream.push({ event: 'cursor', cursor: server.seq });
    }
    await settle();
    held.release();
    await settle();
    await settle();
    expect(held.pulls).toBe(3);
    expect(await db.table(Role.table).count()).toBe(51);
    // Someone else's changes: the badge can say "updated just now".
    expect(engine.getStatus().remoteChangeAt).not.toBeNull();
    stop();
  });
  it('stopped and settled before a session ends on purpose: the running round is waited out, and the stream’s end starts nothing', async () => {
    const stream = new FakeStream();
    const held = heldSecondPull(server);
    const { transport } = held;
    const engine = new SyncEngine({
      db,
      transport,
      lock: pageLock,
      isOnline: () => true,
      live: stream.open,
      liveOptions: visibility,
      debounceMs: 1,
    });
    engine.start();
    await settle();
    server.put(Role.key, crypto.randomUUID(), { name: 'Sales' });
    stream.push({ event: 'cursor', cursor: server.seq });
    await settle();
    expect(held.pulls).toBe(2);
    let settled = false;
    const stopping = engine.stopAndSettle().then(() => (settled = true));
    await settle();
    // The round holding its pull is still under way: not settled yet.
    expect(settled).toBe(false);
    expect(stream.opened).toBe(1);
    held.release();
    await stopping;
    // The server ends the stream as the session is revoked: nothing runs any more.
    stream.push({ event: 'end', reason: 'session' });
    await new Promise((r) => setTimeout(r, 20));
    await settle();
    expect(held.pulls).toBe(2);
  });
  it('takes no second round for a signal its running round already pulled (the stream’s first event during start-up)', async () => {
    const stream = new FakeStream();
    const held = heldSecondPull(server);
    server.put(Role.key, crypto.randomUUID(), { name: 'Sales' });
    const engine = new SyncEngine({
      db,
      transport: held.transport,
      lock: pageLock,
      isOnline: () => true,
      live: stream.open,
      liveOptions: visibility,
    });
    const stop = engine.start();
    await settle();
    expect(held.pulls).toBe(1);
    // A write, and its round's pull held with the write in it; the stream names that cursor meanwhile.
    server.put(Role.key, crypto.randomUUID(), { name: 'Stock' });
    stream.push({ event: 'cursor', cursor: server.seq });
    await settle();
    expect(held.pulls).toBe(2);
    stream.push({ event: 'cursor', cursor: server.seq });
    held.release();
    await settle();
    await settle();
    expect(held.pulls).toBe(2);
    expect(await db.table(Role.table).count()).toBe(2);
    stop();
  });
});
