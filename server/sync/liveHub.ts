/**
 * The live change signal (decision 039). Each server process LISTENs on its schema's channel; a
 * write NOTIFYs it in the same transaction (changeLog.ts), so every process hears every commit,
 * whichever process made it. The hub keeps this process's open streams (GET /api/Sync/Live) by
 * panel and sends each stream `{cursor}`, no row data: the device pulls, so row scopes, field
 * grants and enabled modules apply exactly as on any pull.
 *
 * Signals are coalesced per panel: the first after a quiet spell goes out at once, later ones
 * within `coalesceMs` become one with the newest cursor (a burst of 500 writes is a handful of
 * signals). A heartbeat comment keeps proxies from closing an idle stream; with it the caller's
 * session and membership are checked again, and at once when people or roles change, so a
 * logged-out or removed member's stream ends.
 *
 * Presence rides the same channel: who has which row open, kept ~30 s from its last heartbeat,
 * sent to the streams of those who may read that row.
 */
import type { ServerResponse } from 'node:http';
import { entityByKey } from '../../src/contract/modules.ts';
import { permission, type Row } from '../../src/contract/entity.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/Db.ts';
import { changeChannel, type ChangeSignal } from '../db/changeLog.ts';
import { liveSessionRow } from '../auth/sessionBatch.ts';
import { findRows } from '../entities/entityStore.ts';
import { rowForCaller } from '../entities/rowScope.ts';
import { accessById, type PanelAccess } from '../panels/panelAccess.ts';

export interface LiveSettings {
  coalesceMs: number;
  heartbeatMs: number;
  presenceTtlMs: number;
}

export const defaultLiveSettings: LiveSettings = { coalesceMs: 150, heartbeatMs: 20_000, presenceTtlMs: 30_000 };

export interface LiveStream {
  panelId: string;
  userId: string;
  sessionId: string;
  access: PanelAccess;
  response: ServerResponse;
  /** The presence list last sent, to send only changes. */
  presenceSent: string;
}

interface PanelStreams {
  streams: Set<LiveStream>;
  sentCursor: number;
  sentAt: number;
  pending: number;
  timer?: NodeJS.Timeout;
}

export interface PresenceEntry {
  entity: string;
  id: string;
  userId: string;
  name: string;
  session: string;
  until: number;
  row: Row | null;
}

/** What a stream is told about presence: who else has a row open. */
export interface PresenceSeen {
  entity: string;
  id: string;
  name: string;
}

export type EndReason = 'access' | 'session' | 'stopping';

export class LiveHub {
  readonly settings: LiveSettings;
  private readonly panels = new Map<string, PanelStreams>();
  private readonly presence = new Map<string, Map<string, PresenceEntry>>();
  private unlisten: (() => Promise<void>) | null = null;
  /** Stopping: a stream opened from now on (a request already under way) is ended at once. */
  private stopped = false;
  private heartbeat?: NodeJS.Timeout;
  private sweep?: NodeJS.Timeout;
  /** Signals heard (for tests and the bench). */
  heard = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    settings: Partial<LiveSettings> = {},
  ) {
    this.settings = { ...defaultLiveSettings, ...settings };
  }

  async start(): Promise<void> {
    const [row] = await this.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    this.unlisten = await this.db.listen(
      changeChannel(row!.schema),
      (payload) => this.hear(payload),
      () => void this.afterGap(),
    );
    this.heartbeat = setInterval(() => void this.beat(), this.settings.heartbeatMs);
    this.heartbeat.unref();
    this.sweep = setInterval(() => this.expirePresence(), Math.min(5_000, this.settings.presenceTtlMs / 3));
    this.sweep.unref();
  }

  get streamCount(): number {
    let n = 0;
    for (const p of this.panels.values()) n += p.streams.size;
    return n;
  }

  add(stream: LiveStream, cursor: number): void {
    // Kept, it would hold the stop open until its bound: nothing would ever end it.
    if (this.stopped) return this.end(stream, 'stopping');
    let panel = this.panels.get(stream.panelId);
    if (!panel) {
      panel = { streams: new Set(), sentCursor: cursor, sentAt: 0, pending: 0 };
      this.panels.set(stream.panelId, panel);
    }
    panel.streams.add(stream);
    this.write(stream, `event: cursor\ndata: ${JSON.stringify({ cursor: Math.max(cursor, panel.sentCursor) })}\n\n`);
    this.sendPresence(stream);
    stream.response.once('close', () => this.remove(stream));
  }

  private remove(stream: LiveStream): void {
    const panel = this.panels.get(stream.panelId);
    if (!panel) return;
    panel.streams.delete(stream);
    if (!panel.streams.size) {
      clearTimeout(panel.timer);
      this.panels.delete(stream.panelId);
    }
  }

  private write(stream: LiveStream, text: string): void {
    if (!stream.response.writableEnded) stream.response.write(text);
  }

  end(stream: LiveStream, reason: EndReason): void {
    this.write(stream, `event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    stream.response.end();
    this.remove(stream);
  }

  private hear(payload: string): void {
    let signal: ChangeSignal;
    try {
      signal = JSON.parse(payload) as ChangeSignal;
    } catch {
      return;
    }
    if (typeof signal.p !== 'string') return;
    this.heard += 1;
    if (signal.presence) return this.hearPresence(signal.p, signal.presence);
    if (signal.a) void this.recheck(signal.p);
    const panel = this.panels.get(signal.p);
    if (panel && typeof signal.c === 'number') this.signal(signal.p, panel, signal.c);
  }

  /** Sends the newest cursor now, or once the coalescing window closes. */
  private signal(panelId: string, panel: PanelStreams, cursor: number): void {
    if (cursor <= panel.sentCursor) return;
    panel.pending = Math.max(panel.pending, cursor);
    if (panel.timer) return;
    const wait = panel.sentAt + this.settings.coalesceMs - Date.now();
    const flush = () => {
      panel.timer = undefined;
      if (panel.pending <= panel.sentCursor) return;
      panel.sentCursor = panel.pending;
      panel.sentAt = Date.now();
      const text = `event: cursor\ndata: ${JSON.stringify({ cursor: panel.sentCursor })}\n\n`;
      for (const stream of panel.streams) this.write(stream, text);
    };
    if (wait <= 0) flush();
    else panel.timer = setTimeout(flush, wait);
    void panelId;
  }

  /** The listener lost its connection for a while: every stream is told the newest cursor. */
  private async afterGap(): Promise<void> {
    for (const [panelId, panel] of this.panels) {
      const [top] = await this.db.query<{ c: number }>('SELECT coalesce(max(seq), 0) AS c FROM sync_changes WHERE panel_id = $1', [
        panelId,
      ]);
      this.signal(panelId, panel, Number(top?.c ?? 0));
    }
  }

  /** Session still live, still a member: else the stream ends. Keeps each stream's access current. */
  private async check(stream: LiveStream): Promise<void> {
    try {
      const live = await liveSessionRow(this.db, this.clock, 'u.id', stream.sessionId, stream.userId);
      if (!live) return this.end(stream, 'session');
      const access = await accessById(this.db, stream.panelId, stream.userId);
      if (!access) return this.end(stream, 'access');
      stream.access = access;
    } catch {
      // The database is away for a moment: the next heartbeat checks again.
    }
  }

  private async recheck(panelId: string): Promise<void> {
    const panel = this.panels.get(panelId);
    if (!panel) return;
    await Promise.all([...panel.streams].map((s) => this.check(s)));
    for (const s of panel.streams) this.sendPresence(s);
  }

  private async beat(): Promise<void> {
    for (const panel of this.panels.values()) for (const stream of panel.streams) this.write(stream, ': ping\n\n');
    await Promise.all([...this.panels.values()].flatMap((p) => [...p.streams].map((s) => this.check(s))));
  }

  // Presence.

  private hearPresence(panelId: string, p: NonNullable<ChangeSignal['presence']>): void {
    const entries = this.presence.get(panelId) ?? new Map<string, PresenceEntry>();
    this.presence.set(panelId, entries);
    const key = `${p.e}:${p.r}:${p.s}`;
    if (p.off) entries.delete(key);
    else {
      const entry: PresenceEntry = {
        entity: p.e,
        id: p.r,
        userId: p.u,
        name: p.n,
        session: p.s,
        until: Date.now() + this.settings.presenceTtlMs,
        row: entries.get(key)?.row ?? null,
      };
      entries.set(key, entry);
      if (!entry.row && this.panels.has(panelId)) {
        // The row, read once, tells which streams may know that someone has it open.
        const entity = entityByKey(p.e);
        if (entity)
          void findRows(this.db, entity, panelId, [p.r]).then(
            ([row]) => {
              entry.row = row ?? null;
              this.presenceChanged(panelId);
            },
            () => {},
          );
        return;
      }
    }
    this.presenceChanged(panelId);
  }

  private presenceChanged(panelId: string): void {
    const panel = this.panels.get(panelId);
    if (panel) for (const stream of panel.streams) this.sendPresence(stream);
  }

  private expirePresence(): void {
    const now = Date.now();
    for (const [panelId, entries] of this.presence) {
      let changed = false;
      for (const [key, entry] of entries)
        if (entry.until < now) {
          entries.delete(key);
          changed = true;
        }
      if (!entries.size) this.presence.delete(panelId);
      if (changed) this.presenceChanged(panelId);
    }
  }

  /** Who else has a row open, among the rows this stream's person may read. */
  presenceFor(stream: LiveStream): PresenceSeen[] {
    const seen: PresenceSeen[] = [];
    const names = new Set<string>();
    for (const entry of this.presence.get(stream.panelId)?.values() ?? []) {
      if (entry.userId === stream.userId || !entry.row) continue;
      const entity = entityByKey(entry.entity);
      if (!entity || !stream.access.permissions.has(permission(entity, 'read'))) continue;
      if (!rowForCaller(entity, stream.access, entry.row)) continue;
      const key = `${entry.entity}:${entry.id}:${entry.userId}`;
      if (names.has(key)) continue;
      names.add(key);
      seen.push({ entity: entry.entity, id: entry.id, name: entry.name });
    }
    return seen;
  }

  private sendPresence(stream: LiveStream): void {
    const open = this.presenceFor(stream);
    const text = JSON.stringify({ open });
    if (text === stream.presenceSent) return;
    stream.presenceSent = text;
    this.write(stream, `event: presence\ndata: ${text}\n\n`);
  }

  /** Ends every stream (the server is stopping) and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    clearInterval(this.sweep);
    for (const panel of [...this.panels.values()]) for (const stream of [...panel.streams]) this.end(stream, 'stopping');
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
  }
}
