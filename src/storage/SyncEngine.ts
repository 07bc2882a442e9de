/**
 * The sync engine of one panel database: pushes the outbox in order, in batches, then pulls pages
 * after the cursor until the server has no more. It runs at start, shortly after local writes,
 * when the network returns, when the tab comes back to the front, and periodically while online;
 * one tab at a time (syncLock); after a failure it backs off exponentially with jitter.
 * `syncNow` is one round, for tests and for logout.
 *
 * With a live stream (decision 039, liveSync.ts) a signal whose cursor is ahead of this device's
 * pulls at once (joining a round already running); the interval stays as the fallback.
 */
import type { Entity } from '../contract/entity.ts';
import { PULL_PAGE_DEFAULT, PUSH_BATCH_MAX, SNAPSHOT_PAGE_MAX, type SnapshotProgress } from '../contract/sync.ts';
import { Code } from '../contract/codes.ts';
import { checkRoom, type DeviceStorage, type StorageShortfall } from './deviceStorage.ts';
import type { LiveEndReason, PresenceOpen } from '../contract/sync.ts';
import { backoffDelay, defaultBackoff, type BackoffSettings } from './backoff.ts';
import { LiveSync, type LiveOpen, type LiveState } from './liveSync.ts';
import type { PanelDb } from './PanelDb.ts';
import { webLock, type SyncLock } from './syncLock.ts';
import { applyPullPage, applyPushResults, followReadable, restartPull, startSnapshot } from './syncResults.ts';
import { readSyncState, writeSyncState } from './syncStateStore.ts';
import { SyncTransportError, type SyncFailureKind, type SyncTransport } from './syncTransport.ts';

export interface SyncAccess {
  /** Changes when the person's permissions change. */
  hash: string;
  canRead: (entity: Entity) => boolean;
  /**
   * Whether they see every row of a scoped entity (its `readAll` grant, or the owner): when not,
   * a restart drops its rows so only those the pull from 0 sends again (their own) remain.
   */
  seesAll?: (entity: Entity) => boolean;
}

export interface SyncEngineOptions {
  db: PanelDb;
  transport: SyncTransport;
  lock?: SyncLock;
  /** The person's current access, when known for sure (not from an offline cache). */
  access?: () => SyncAccess | undefined;
  now?: () => number;
  random?: () => number;
  backoff?: BackoffSettings;
  debounceMs?: number;
  intervalMs?: number;
  pullPageSize?: number;
  isOnline?: () => boolean;
  /** Opens the panel's live stream (decision 039); without it the engine pulls on its schedule only. */
  live?: LiveOpen;
  /**
   * The live stream ended for good: `access` when the person is no longer a member of the panel
   * (the panel's description is fetched again, so the screens stop showing it), `session` when
   * the session ended.
   */
  onLiveEnd?: (reason: LiveEndReason | 'refused') => void;
  /** The device's storage manager (navigator.storage), for the room a first sync needs; tests pass a fake. */
  storage?: DeviceStorage | null;
  /** Settings of the live stream, for tests. */
  liveOptions?: {
    openTimeoutMs?: number;
    backoff?: BackoffSettings;
    isVisible?: () => boolean;
    watchVisibility?: (changed: () => void) => () => void;
  };
}

/** Rows a pull brought that this device did not write in that round: someone else changed them. */
export interface RemoteChange {
  entity: string;
  id: string;
}

export type SyncPhase = 'idle' | 'syncing' | 'offline' | 'error';
export type SyncOutcome = 'synced' | 'busy' | 'failed';

export interface SyncStatus {
  phase: SyncPhase;
  /** Failures in a row since the last successful round. */
  failures: number;
  failureKind: SyncFailureKind | 'local' | null;
  lastError: Error | null;
  nextRetryAt: number | null;
  /** When a pull last brought a change made elsewhere (the badge's "updated just now"). */
  remoteChangeAt: number | null;
  live: LiveState;
  /** A first sync's snapshot under way (decision 051): rows stored so far of the server's (estimated) total. */
  joining: SnapshotProgress | null;
  /** The device has less room left than the snapshot needs (deviceStorage.ts), in bytes; null when it has enough or cannot tell. */
  storageShort: StorageShortfall | null;
}

/**
 * How long a device that has never pulled knowing the person's access waits for it (the current
 * panel's answer, one request) before its first pull: a snapshot read without it would be read
 * again from the start as soon as it came (a new phone joining twice). Offline it goes on without.
 */
const FIRST_ACCESS_WAIT_MS = 10_000;
const FIRST_ACCESS_POLL_MS = 100;

const idle = { phase: 'idle', failures: 0, failureKind: null, lastError: null, nextRetryAt: null } as const;

export class SyncEngine {
  private readonly db: PanelDb;
  private readonly transport: SyncTransport;
  private readonly lock: SyncLock;
  private readonly options: SyncEngineOptions;
  private status: SyncStatus = { ...idle, remoteChangeAt: null, live: 'stopped', joining: null, storageShort: null };
  /** The highest cursor a live signal named during the running round (-1: none). */
  private signalledCursor = -1;
  /** The cursor of the last pull, to tell a live signal that is ahead of it. */
  private knownCursor = -1;
  private ownRows = new Set<string>();
  private readonly remoteListeners = new Set<(changes: RemoteChange[]) => void>();
  private presence: PresenceOpen[] = [];
  private liveSync: LiveSync | null = null;
  private readonly listeners = new Set<() => void>();
  private running: Promise<SyncOutcome> | null = null;
  private rerun = false;
  private started = false;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private debounceTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.db = options.db;
    this.transport = options.transport;
    this.lock = options.lock ?? webLock;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  getStatus = (): SyncStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setStatus(next: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...next };
    for (const listener of this.listeners) listener();
  }

  /** One round: push everything queued, then pull everything new. Concurrent calls share a round. */
  syncNow(): Promise<SyncOutcome> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = this.round().finally(() => {
      this.running = null;
      // A live signal came during the round for a change after this round's pull (not one the
      // pull already brought, such as the stream's first event during the start-up round).
      const ahead = this.signalledCursor > this.knownCursor;
      this.signalledCursor = -1;
      if (ahead) {
        this.rerun = false;
        if (this.started) void this.syncNow();
      } else if (this.rerun) {
        this.rerun = false;
        this.requestSync();
      }
    });
    return this.running;
  }

  private async round(): Promise<SyncOutcome> {
    this.setStatus({ phase: 'syncing' });
    try {
      const result = await this.lock(`pishkhan-sync:${this.db.name}`, async () => {
        await this.push();
        await this.pull();
      });
      if (!result.ran) {
        this.setStatus({ phase: this.status.failures ? this.status.phase : 'idle' });
        if (this.started) this.later(() => this.requestSync(), this.options.debounceMs ?? 1_000);
        return 'busy';
      }
      this.clearRetry();
      this.setStatus(idle);
      return 'synced';
    } catch (error) {
      this.fail(error);
      return 'failed';
    }
  }

  private fail(error: unknown): void {
    const kind = error instanceof SyncTransportError ? error.kind : 'local';
    const failures = this.status.failures + 1;
    const delay = backoffDelay(failures, (this.options.random ?? Math.random)(), this.options.backoff ?? defaultBackoff);
    this.setStatus({
      phase: kind === 'offline' ? 'offline' : 'error',
      failures,
      failureKind: kind,
      lastError: error instanceof Error ? error : new Error(String(error)),
      nextRetryAt: this.now() + delay,
    });
    if (this.started) {
      this.clearRetry();
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.syncNow();
      }, delay);
    }
  }

  private async push(): Promise<void> {
    const { clientId } = await readSyncState(this.db);
    this.ownRows.clear();
    for (;;) {
      const batch = await this.db.outbox.orderBy('mutationId').limit(PUSH_BATCH_MAX).toArray();
      if (batch.length === 0) return;
      const mutations = batch.map(({ at: _at, ...mutation }) => mutation);
      for (const m of mutations) this.ownRows.add(m.id);
      const response = await this.transport.push({ clientId, mutations });
      const settled = await applyPushResults(this.db, batch, response, new Date(this.now()).toISOString());
      if (settled === 0) throw new SyncTransportError('server', 'The server answered none of the pushed mutations.');
    }
  }

  /** The person's access, waited for a little on a device that has never pulled with it (FIRST_ACCESS_WAIT_MS). */
  private async accessForPull(first: boolean): Promise<SyncAccess | undefined> {
    const read = this.options.access;
    let access = read?.();
    for (let waited = 0; read && first && !access && waited < FIRST_ACCESS_WAIT_MS; waited += FIRST_ACCESS_POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, FIRST_ACCESS_POLL_MS));
      access = read();
    }
    return access;
  }

  private async pull(): Promise<void> {
    let state = await readSyncState(this.db);
    const access = await this.accessForPull(!state.accessHash && state.cursor === 0);
    let restarted = false;
    if (access && access.hash !== state.accessHash) {
      restarted = true;
      await restartPull(this.db, access.hash, access.canRead, access.seesAll);
      // A snapshot under way read rows by the old access: the new one starts its own.
      await writeSyncState(this.db, { snapshot: undefined });
      state = await readSyncState(this.db);
    }
    let cursor = state.cursor;
    // A first sync (or one from the start again) reads a snapshot (decision 051), resuming the one
    // under way from its last stored page; once it ends, pulls go on from the log.
    let snapshot: string | undefined = cursor === 0 ? (state.snapshot?.token ?? '') : undefined;
    // Whether the snapshot runs over rows the device held before it, and must sweep those it does not send.
    let sweep = state.snapshot?.sweep ?? false;
    if (snapshot !== undefined && state.snapshot) this.setStatus({ joining: { done: state.snapshot.done, total: state.snapshot.total } });
    const remote: RemoteChange[] = [];
    // The first pull (or one from the start again) fills the device: nothing in it is news.
    let filling = !state.lastSyncAt || restarted;
    for (;;) {
      let page;
      try {
        const size = this.options.pullPageSize ?? (snapshot === undefined ? PULL_PAGE_DEFAULT : SNAPSHOT_PAGE_MAX);
        if (snapshot === '') sweep = await startSnapshot(this.db);
        page = await this.transport.pull(cursor, size, snapshot);
      } catch (error) {
        // A token the server no longer takes (another server, a reset panel): the snapshot starts again.
        if (snapshot && error instanceof SyncTransportError && error.code === Code.BadRequest) {
          snapshot = '';
          await writeSyncState(this.db, { snapshot: undefined });
          continue;
        }
        throw error;
      }
      if (page.readableEntities && (await followReadable(this.db, page.readableEntities)) && (cursor !== 0 || snapshot)) {
        cursor = 0;
        snapshot = '';
        filling = true;
        await writeSyncState(this.db, { snapshot: undefined });
        continue;
      }
      if (snapshot === '' && page.progress) await this.checkRoom(page.progress.total);
      const next =
        page.snapshot !== undefined && page.progress ? { token: page.snapshot, ...page.progress, ...(sweep ? { sweep } : {}) } : null;
      const stored = { snapshot: snapshot === undefined ? undefined : next, windows: page.windows, sweep };
      // A window of history that starts earlier than before (decision 050): pull again from 0 for the rows it brings back.
      if ((await applyPullPage(this.db, page.changes, page.cursor, stored)) && cursor !== 0) {
        cursor = 0;
        snapshot = '';
        filling = true;
        continue;
      }
      if (!filling) for (const c of page.changes) if (!this.ownRows.has(c.row.id)) remote.push({ entity: c.entity, id: c.row.id });
      cursor = page.cursor;
      snapshot = next?.token;
      if (next) {
        this.setStatus({ joining: { done: next.done, total: next.total } });
        continue;
      }
      // Joined: the rows are stored, so whatever room the device was short of no longer matters.
      if (this.status.joining || this.status.storageShort) this.setStatus({ joining: null, storageShort: null });
      if (!page.hasMore) break;
    }
    await writeSyncState(this.db, { lastSyncAt: new Date(this.now()).toISOString() });
    this.knownCursor = cursor;
    if (remote.length) {
      this.status = { ...this.status, remoteChangeAt: this.now() };
      for (const listener of this.remoteListeners) listener(remote);
    }
  }

  /**
   * Before a first sync fills the device: asks to keep its storage (not cleared under pressure),
   * and says when the room left is less than the snapshot's rows need.
   */
  private async checkRoom(rows: number): Promise<void> {
    const storage =
      this.options.storage === undefined ? (typeof navigator === 'undefined' ? null : (navigator.storage ?? null)) : this.options.storage;
    const short = await checkRoom(storage, rows).catch(() => null);
    this.setStatus({ storageShort: short });
  }

  /** Listens for rows someone else changed (lists highlight them briefly). */
  onRemoteChanges(listener: (changes: RemoteChange[]) => void): () => void {
    this.remoteListeners.add(listener);
    return () => this.remoteListeners.delete(listener);
  }

  /**
   * A live signal: the panel's log is at `cursor`. Ahead of this device, it pulls now, or right
   * after the round already running when that round's pull did not reach it (many signals during
   * one round make at most one more round).
   */
  signal(cursor: number): void {
    if (!this.started || cursor <= this.knownCursor) return;
    if (this.running) {
      this.signalledCursor = Math.max(this.signalledCursor, cursor);
      return;
    }
    if (this.retryTimer || !this.isOnline()) return;
    void this.syncNow();
  }

  /** Who else has rows open, as the live stream last said. */
  getPresence = (): PresenceOpen[] => this.presence;

  private setPresence(open: PresenceOpen[]): void {
    this.presence = open;
    for (const listener of this.listeners) listener();
  }

  /** Asks for a round soon (after writes): several requests close together make one round. */
  requestSync(): void {
    if (!this.started) return;
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      // While backing off, the retry timer runs the next round.
      if (this.retryTimer) return;
      if (this.isOnline()) void this.syncNow();
    }, this.options.debounceMs ?? 1_000);
  }

  private isOnline(): boolean {
    return (this.options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine))();
  }

  private later(work: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    this.timers.add(timer);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Starts the schedule; answers a function that stops it. */
  start(): () => void {
    if (this.started) return () => this.stop();
    this.started = true;
    const onOnline = () => {
      // The network is back: no reason to wait out the backoff.
      this.clearRetry();
      this.setStatus({ failures: 0, nextRetryAt: null });
      void this.syncNow();
    };
    const onOffline = () => this.setStatus({ phase: 'offline' });
    const onVisible = () => document.visibilityState === 'visible' && this.requestSync();
    const stopWrites = this.db.onLocalWrite(() => this.requestSync());
    const interval = setInterval(() => {
      if (this.isOnline() && !this.retryTimer) void this.syncNow();
    }, this.options.intervalMs ?? 60_000);
    if (typeof window !== 'undefined') {
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      document.addEventListener('visibilitychange', onVisible);
    }
    this.detach = () => {
      stopWrites();
      clearInterval(interval);
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        document.removeEventListener('visibilitychange', onVisible);
      }
    };
    if (this.options.live) {
      const live = new LiveSync({
        ...this.options.liveOptions,
        open: this.options.live,
        random: this.options.random,
        onCursor: (cursor) => this.signal(cursor),
        onResume: () => {
          if (this.isOnline() && !this.retryTimer) void this.syncNow();
        },
        onPresence: (open) => this.setPresence(open),
        // Ended for good (signed out, left the panel): a round finds out what that means here.
        onEnd: (reason) => {
          if (reason !== 'refused') this.requestSync();
          this.options.onLiveEnd?.(reason);
        },
        onState: (state) => this.setStatus({ live: state }),
      });
      this.liveSync = live;
      live.start();
    }
    if (this.isOnline()) void this.syncNow();
    else this.setStatus({ phase: 'offline' });
    return () => this.stop();
  }

  private detach: () => void = () => {};

  /**
   * Stops, then waits out a round already running: before a session ends on purpose, so no answer
   * of the old session (a 401 once it is revoked) arrives after it and is taken as a new ending.
   */
  async stopAndSettle(): Promise<void> {
    this.stop();
    await this.running?.catch(() => {});
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.liveSync?.stop();
    this.liveSync = null;
    this.detach();
    this.clearRetry();
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.debounceTimer = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
