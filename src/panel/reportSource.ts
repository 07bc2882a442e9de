/**
 * Where a report is computed (decision 053): on the device from the rows and aggregates it holds
 * while the chosen period stays inside its window of the rows the report reads, on the server
 * (the module's report endpoint, the same rules module over SQL) once it reaches before it. A
 * server answer is kept in memory for a few minutes per panel and request; with no connection, or
 * when the server fails, the report says it needs one and shows no figures at all — never the
 * partial figures of what the device still holds.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Entity } from '../contract/entity.ts';
import { apiData, type Query } from '../api/http.ts';
import { usePanelData } from '../storage/panelData.ts';
import { reachesBeforeWindow, useWindowStart } from '../storage/syncWindow.ts';
import { useOnline } from '../ui/useOnline.ts';

/** How long a server answer is shown again without asking: long enough to go back and forth between reports. */
export const REPORT_ANSWER_MS = 5 * 60_000;

export type ReportSource<T> =
  | { where: 'device'; value: T; at: number }
  /** `again`: forgets the kept answer and asks the server once more (writes since `at` are then counted). */
  | { where: 'server'; value: T; at: number; again?: () => void }
  /** Still reading the device's rows, or (`server`) asking the server. */
  | { where: 'waiting'; server?: boolean }
  /**
   * The period reaches before the device's window (from `windowStart`) and the server cannot be
   * asked: there is no connection, or (`error`) the server failed to answer and `again` asks again.
   */
  | { where: 'unreachable'; windowStart: string; error?: unknown; again?: () => void };

/** Which side answers a period starting on `from`: 'waiting' while the device's window is still read. */
export function reportPlace(from: string | null | undefined, windowStart: string | null | undefined): 'device' | 'server' | 'waiting' {
  if (windowStart === undefined) return 'waiting';
  return reachesBeforeWindow(from, windowStart) ? 'server' : 'device';
}

const answers = new Map<string, { value: unknown; at: number }>();

/** A server answer still fresh at `now`, by panel and request. */
export function cachedReport<T>(key: string, now = Date.now()): { value: T; at: number } | undefined {
  const answer = answers.get(key);
  if (!answer) return undefined;
  if (now - answer.at > REPORT_ANSWER_MS) {
    answers.delete(key);
    return undefined;
  }
  return answer as { value: T; at: number };
}

export function rememberReport(key: string, value: unknown, at: number): void {
  answers.set(key, { value, at });
}

/** Forgets every server answer (between tests; answers are keyed by user and panel, so none leaks to another). */
export function forgetReports(): void {
  answers.clear();
}

/** The first time a device figure was seen: when it was computed, for the provenance line. */
const firstSeen = new WeakMap<object, number>();
function computedAt(value: unknown): number {
  if (typeof value !== 'object' || value === null) return Date.now();
  let at = firstSeen.get(value);
  if (at === undefined) firstSeen.set(value, (at = Date.now()));
  return at;
}

export interface ReportRequest<T> {
  /** The windowed entity whose rows the report reads (JournalLine, Sale, Punch…). */
  entity: Entity;
  /** The period's first day (`YYYY-MM-DD`); null: from the beginning. */
  from: string | null;
  /** The figures worked out on the device (undefined while its rows are read); ignored beyond the window. */
  device: T | undefined;
  /** The module's report endpoint (GET) answering the same figures; null while the report has nothing to ask. */
  server: { path: string; query: Query } | null;
}

/** The report's figures from where they can be whole, and when and where they were computed. */
export function useReportSource<V>(request: ReportRequest<V>): ReportSource<V> {
  const panel = usePanelData();
  const online = useOnline();
  const windowStart = useWindowStart(request.entity);
  const place = reportPlace(request.from, windowStart);
  const ask = request.server;
  const key = ask ? `${panel?.key ?? ''}|${ask.path}|${JSON.stringify(ask.query)}` : null;
  const [answer, setAnswer] = useState<{ key: string; value: V; at: number } | { key: string; error: unknown } | null>(null);
  // Asking again: each round is a new request for the same key.
  const [round, setRound] = useState(0);
  const again = useCallback(() => {
    if (key) answers.delete(key);
    setAnswer(null);
    setRound((n) => n + 1);
  }, [key]);
  const fresh = key ? cachedReport<V>(key) : undefined;
  const asking = place === 'server' && online && ask !== null && key !== null && !fresh;
  useEffect(() => {
    if (!asking || !ask || !key) return;
    let current = true;
    apiData<V>('GET', ask.path, { query: ask.query }).then(
      (value) => {
        const at = Date.now();
        rememberReport(key, value, at);
        if (current) setAnswer({ key, value, at });
      },
      (error: unknown) => current && setAnswer({ key, error }),
    );
    return () => {
      current = false;
    };
    // The request is the key: a new query object with the same parameters asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asking, key, round]);

  if (place === 'waiting') return { where: 'waiting' };
  if (place === 'device') {
    return request.device === undefined ? { where: 'waiting' } : { where: 'device', value: request.device, at: computedAt(request.device) };
  }
  if (ask === null) return { where: 'waiting' };
  if (fresh) return { where: 'server', ...fresh, ...(online ? { again } : {}) };
  const mine = answer?.key === key ? answer : null;
  if (mine && 'value' in mine) return { where: 'server', value: mine.value, at: mine.at, ...(online ? { again } : {}) };
  if (!online) return { where: 'unreachable', windowStart: windowStart! };
  if (mine) return { where: 'unreachable', windowStart: windowStart!, error: mine.error, again };
  return { where: 'waiting', server: true };
}
