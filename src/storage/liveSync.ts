/**
 * The live stream of a panel (decision 039): GET /api/Sync/Live tells the device, within a second
 * of a commit on any server process, that the panel's change log moved (`{cursor}`, no row data);
 * the device then pulls, as it always did. This class keeps the stream open while the page is
 * visible, closes it while hidden (and pulls when shown again), reconnects after a drop with
 * exponential backoff and jitter, and gives up on a stream that cannot deliver (a proxy that
 * buffers it: no first event within `openTimeoutMs`) until its backoff says to try again. The
 * sync engine's 60 s interval keeps running throughout: it is the fallback, nothing to switch.
 *
 * A fetch stream rather than EventSource: EventSource cannot send the bearer token and the
 * panel header (a token in the URL would end up in access logs), and its own reconnection has
 * neither backoff nor jitter.
 */
import type { LiveEndReason, PresenceOpen } from '../contract/sync.ts';
import { backoffDelay, type BackoffSettings } from './backoff.ts';

export type LiveEvent =
  { event: 'cursor'; cursor: number } | { event: 'presence'; open: PresenceOpen[] } | { event: 'end'; reason: LiveEndReason };

/** Opens the stream: its events, or why it was refused (then it is not tried again). */
export type LiveOpen = (signal: AbortSignal) => Promise<AsyncIterable<LiveEvent> | { refused: number }>;

export type LiveState = 'connecting' | 'live' | 'fallback' | 'paused' | 'stopped';

export interface LiveSyncOptions {
  open: LiveOpen;
  /** A signal: the panel's log is at `cursor` (the engine pulls when it is ahead of its own). */
  onCursor: (cursor: number) => void;
  /** The page is shown again after a pause: pull, signals may have been missed. */
  onResume: () => void;
  onPresence?: (open: PresenceOpen[]) => void;
  /** The server ended the stream for good: the session ended or the person left the panel. */
  onEnd?: (reason: LiveEndReason | 'refused') => void;
  onState?: (state: LiveState) => void;
  isVisible?: () => boolean;
  /** Subscribes to visibility changes; answers the unsubscribe. */
  watchVisibility?: (changed: () => void) => () => void;
  random?: () => number;
  backoff?: BackoffSettings;
  /** A stream whose first event does not come within this is taken as blocked. */
  openTimeoutMs?: number;
}

export const liveBackoff: BackoffSettings = { baseMs: 1_000, maxMs: 60_000 };

const documentVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
const watchDocument = (changed: () => void) => {
  if (typeof document === 'undefined') return () => {};
  document.addEventListener('visibilitychange', changed);
  return () => document.removeEventListener('visibilitychange', changed);
};

export class LiveSync {
  private state: LiveState = 'stopped';
  private failures = 0;
  private abort: AbortController | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private openTimer: ReturnType<typeof setTimeout> | null = null;
  private unwatch: () => void = () => {};
  private readonly options: LiveSyncOptions;

  constructor(options: LiveSyncOptions) {
    this.options = options;
  }

  getState = (): LiveState => this.state;

  private setState(state: LiveState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onState?.(state);
  }

  private visible(): boolean {
    return (this.options.isVisible ?? documentVisible)();
  }

  start(): void {
    if (this.state !== 'stopped') return;
    this.setState('paused');
    this.unwatch = (this.options.watchVisibility ?? watchDocument)(() => this.onVisibility());
    if (this.visible()) this.connect();
  }

  stop(): void {
    this.unwatch();
    this.unwatch = () => {};
    this.disconnect();
    this.setState('stopped');
  }

  private onVisibility(): void {
    if (this.state === 'stopped') return;
    if (!this.visible()) {
      this.disconnect();
      this.setState('paused');
      return;
    }
    if (this.state !== 'paused') return;
    this.failures = 0;
    this.options.onResume();
    this.connect();
  }

  private disconnect(): void {
    this.abort?.abort();
    this.abort = null;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    if (this.openTimer) clearTimeout(this.openTimer);
    this.openTimer = null;
  }

  private connect(): void {
    this.disconnect();
    this.setState('connecting');
    const abort = new AbortController();
    this.abort = abort;
    this.openTimer = setTimeout(() => {
      this.openTimer = null;
      // Nothing came through: a proxy holds the stream back. The interval carries on meanwhile.
      if (this.abort === abort) this.failed(abort);
    }, this.options.openTimeoutMs ?? 10_000);
    void this.read(abort);
  }

  private async read(abort: AbortController): Promise<void> {
    try {
      const opened = await this.options.open(abort.signal);
      if (this.abort !== abort) return;
      if ('refused' in opened) return this.end('refused');
      for await (const event of opened) {
        if (this.abort !== abort) return;
        if (this.openTimer) clearTimeout(this.openTimer);
        this.openTimer = null;
        if (this.state !== 'live') {
          this.failures = 0;
          this.setState('live');
        }
        if (event.event === 'cursor') this.options.onCursor(event.cursor);
        else if (event.event === 'presence') this.options.onPresence?.(event.open);
        else if (event.reason === 'stopping') break;
        else return this.end(event.reason);
      }
    } catch {
      // A drop, or our own abort (then `this.abort` has moved on).
    }
    if (this.abort === abort) this.failed(abort);
  }

  private end(reason: LiveEndReason | 'refused'): void {
    this.stop();
    this.options.onEnd?.(reason);
  }

  /** The stream dropped or never delivered: try again after a backoff with jitter. */
  private failed(abort: AbortController): void {
    abort.abort();
    if (this.openTimer) clearTimeout(this.openTimer);
    this.openTimer = null;
    this.abort = null;
    this.failures += 1;
    this.setState('fallback');
    const delay = backoffDelay(this.failures, (this.options.random ?? Math.random)(), this.options.backoff ?? liveBackoff);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.state === 'fallback' && this.visible()) {
        // Signals may have been missed while the stream was down.
        this.options.onResume();
        this.connect();
      }
    }, delay);
  }
}

/** Reads a text/event-stream body into events (comments and unknown events are skipped). */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<LiveEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = '';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (!data) continue;
        const parsed = JSON.parse(data) as Record<string, unknown>;
        if (event === 'cursor' && typeof parsed.cursor === 'number') yield { event, cursor: parsed.cursor };
        else if (event === 'presence' && Array.isArray(parsed.open)) yield { event, open: parsed.open as PresenceOpen[] };
        else if (event === 'end') yield { event, reason: parsed.reason as LiveEndReason };
      }
    }
  } finally {
    reader.releaseLock();
  }
}
