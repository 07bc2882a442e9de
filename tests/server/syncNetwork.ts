/**
 * The network between a sync client and the server in-process, with faults injected request by
 * request: a request lost on the way, an answer lost after the server applied it, a request
 * delivered twice, a delay, a 500 before or after the server did the work. `heal` ends the faults.
 */
import type { Envelope } from '../../src/contract/envelope.ts';
import { PANEL_HEADER } from '../../src/contract/service.ts';
import { syncEndpoints, type PullResponse, type PushResponse } from '../../src/contract/sync.ts';
import { SyncTransportError, type SyncTransport } from '../../src/storage/syncTransport.ts';
import type { CallResult, TestServer } from './harness.ts';

export const faults = ['none', 'dropRequest', 'dropResponse', 'duplicate', 'delay', 'error500', 'error500After'] as const;
export type Fault = (typeof faults)[number];

export class FaultyNetwork {
  private script: Fault[];
  private healed = false;
  /** Requests that reached the server, for the report of a failing scenario. */
  delivered = 0;

  constructor(script: readonly Fault[]) {
    this.script = [...script];
  }

  next(): Fault {
    if (this.healed) return 'none';
    return this.script.shift() ?? 'none';
  }

  heal(): void {
    this.healed = true;
  }
}

function failureOf(result: CallResult): SyncTransportError {
  const kind = result.status >= 500 || result.status === 429 ? 'server' : 'refused';
  return new SyncTransportError(
    kind,
    result.body?.errorData?.message ?? `HTTP ${result.status}`,
    result.body?.errorData?.code,
    result.status,
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A transport for one person in one panel, through `network`. */
export function faultyTransport(server: TestServer, token: () => string, panelCode: string, network: FaultyNetwork): SyncTransport {
  async function send<T>(
    endpoint: { method: string; path: string },
    options: { body?: unknown; query?: Record<string, string> },
  ): Promise<T> {
    const fault = network.next();
    if (fault === 'dropRequest') throw new SyncTransportError('offline', 'the request was lost');
    if (fault === 'error500') throw new SyncTransportError('server', 'HTTP 500 before the server did anything', 9402, 500);
    if (fault === 'delay') await pause(1 + Math.floor(Math.random() * 3));
    const call = () => {
      network.delivered++;
      return server.call<T>(endpoint, { ...options, token: token(), headers: { [PANEL_HEADER]: panelCode } });
    };
    let result = await call();
    // The same request arrives twice; the client sees the answer to the second.
    if (fault === 'duplicate') result = await call();
    if (fault === 'dropResponse') throw new SyncTransportError('offline', 'the answer was lost');
    if (fault === 'error500After') throw new SyncTransportError('server', 'HTTP 500 after the server did the work', 9402, 500);
    if (result.status !== 200) throw failureOf(result);
    return (result.body as Envelope<T>).data as T;
  }
  return {
    push: (request) => send<PushResponse>(syncEndpoints.push, { body: request }),
    pull: (cursor, limit, snapshot) =>
      send<PullResponse>(syncEndpoints.pull, {
        query: { cursor: String(cursor), limit: String(limit), ...(snapshot === undefined ? {} : { snapshot }) },
      }),
  };
}
