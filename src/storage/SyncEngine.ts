/**
 * The sync engine of one panel database: pushes the outbox in order, in batches, then pulls pages
 * after the cursor until the server has no more. It runs at start, shortly after local writes,
 * when the network returns, when the tab comes back to the front, and periodically while online;
 * one tab at a time (syncLock); after a failure it backs off exponentially with jitter.
 * `syncNow` is one round, for tests and for logout.
 */
import type { Entity } from '../contract/entity.ts';
import { PULL_PAGE_DEFAULT, PUSH_BATCH_MAX } from '../contract/sync.ts';
import { backoffDelay, defaultBackoff, type BackoffSettings } from './backoff.ts';
import type { PanelDb } from './PanelDb.ts';
import { webLock, type SyncLock } from './syncLock.ts';
import { applyPullPage, applyPushResults, followReadable, restartPull } from './syncResults.ts';
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
}

const idle: SyncStatus = { phase: 'idle', failures: 0, failureKind: null, lastError: null, nextRetryAt: null };

export class SyncEngine {
  private readonly db: PanelDb;
  private readonly transport: SyncTransport;
  private readonly lock: SyncLock;
  private readonly options: SyncEngineOptions;
  private status: SyncStatus = idle;
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
      if (this.rerun) {
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
    for (;;) {
      const batch = await this.db.outbox.orderBy('mutationId').limit(PUSH_BATCH_MAX).toArray();
      if (batch.length === 0) return;
      const mutations = batch.map(({ at: _at, ...mutation }) => mutation);
      const response = await this.transport.push({ clientId, mutations });
      const settled = await applyPushResults(this.db, batch, response, new Date(this.now()).toISOString());
      if (settled === 0) throw new SyncTransportError('server', 'The server answered none of the pushed mutations.');
    }
  }

  private async pull(): Promise<void> {
    let state = await readSyncState(this.db);
    const access = this.options.access?.();
    if (access && access.hash !== state.accessHash) {
      await restartPull(this.db, access.hash, access.canRead, access.seesAll);
      state = await readSyncState(this.db);
    }
    let cursor = state.cursor;
    for (;;) {
      const page = await this.transport.pull(cursor, this.options.pullPageSize ?? PULL_PAGE_DEFAULT);
      if (page.readableEntities && (await followReadable(this.db, page.readableEntities)) && cursor !== 0) {
        cursor = 0;
        continue;
      }
      await applyPullPage(this.db, page.changes, page.cursor);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    await writeSyncState(this.db, { lastSyncAt: new Date(this.now()).toISOString() });
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
    if (this.isOnline()) void this.syncNow();
    else this.setStatus({ phase: 'offline' });
    return () => this.stop();
  }

  private detach: () => void = () => {};

  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.detach();
    this.clearRetry();
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.debounceTimer = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
