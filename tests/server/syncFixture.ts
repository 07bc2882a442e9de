/** Push and pull in server tests, as a client of one panel with a client id of its own. */
import { randomUUID } from 'node:crypto';
import type { Mutation, PullResponse, PushResponse } from '../../src/contract/sync.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import type { CallResult } from './harness.ts';
import type { PanelCaller } from './panelsFixture.ts';

export interface SyncClient {
  clientId: string;
  push(mutations: Mutation[]): Promise<CallResult<PushResponse>>;
  pull(cursor: number, limit?: number): Promise<CallResult<PullResponse>>;
}

export function syncClient(caller: PanelCaller, clientId: string = randomUUID()): SyncClient {
  return {
    clientId,
    push: (mutations) => caller.call<PushResponse>(syncEndpoints.push, { body: { clientId, mutations } }),
    pull: (cursor, limit) =>
      caller.call<PullResponse>(syncEndpoints.pull, { query: { cursor: String(cursor), ...(limit ? { limit: String(limit) } : {}) } }),
  };
}

/** Pulls every page from `cursor` on; answers the changes in order and the final cursor. */
export async function pullAll(
  client: SyncClient,
  cursor = 0,
  limit = 500,
): Promise<{ changes: PullResponse['changes']; cursor: number; cursors: number[] }> {
  const changes: PullResponse['changes'] = [];
  const cursors: number[] = [];
  for (;;) {
    const answer = await client.pull(cursor, limit);
    if (answer.status !== 200 || !answer.body.data) throw new Error(`pull failed: ${JSON.stringify(answer.body)}`);
    changes.push(...answer.body.data.changes);
    cursor = answer.body.data.cursor;
    cursors.push(cursor);
    if (!answer.body.data.hasMore) return { changes, cursor, cursors };
  }
}
