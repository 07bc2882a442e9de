/** A live stream (GET /api/Sync/Live) read as a device would, in server tests and the bench. */
import { syncEndpoints } from '../../src/contract/sync.ts';
import { PANEL_HEADER } from '../../src/contract/service.ts';

export interface LiveEvent {
  event: string;
  data: unknown;
  at: number;
}

export interface LiveReader {
  status: number;
  events: LiveEvent[];
  /** Resolves with the first event (already seen from index `from` on, or still to come) that `match` accepts. */
  next(match: (e: LiveEvent) => boolean, from?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openLive(baseUrl: string, token: string, panelCode: string): Promise<LiveReader> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${syncEndpoints.live.path}`, {
    headers: { authorization: `Bearer ${token}`, [PANEL_HEADER]: panelCode, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const events: LiveEvent[] = [];
  const waiters = new Set<{ match: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }>();
  let endStream!: () => void;
  const ended = new Promise<void>((r) => (endStream = r));
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (!data) continue;
            const e = { event, data: JSON.parse(data) as unknown, at: performance.now() };
            events.push(e);
            for (const w of [...waiters])
              if (w.match(e)) {
                waiters.delete(w);
                w.resolve(e);
              }
          }
        }
      } catch {
        // Aborted by close().
      }
      endStream();
    })();
  } else endStream();
  return {
    status: response.status,
    events,
    ended,
    next(match, from = 0) {
      const seen = events.slice(from).find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.add({ match, resolve }));
    },
    close: () => abort.abort(),
  };
}

export const cursorAtLeast = (n: number) => (e: LiveEvent) => e.event === 'cursor' && (e.data as { cursor: number }).cursor >= n;
