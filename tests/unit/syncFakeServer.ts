/**
 * An in-memory server speaking the sync contract (src/contract/sync.ts), for unit tests of the
 * engine before and beside the real server: mutations applied at most once per client and
 * mutation id, replays answered with the first result, stale versions 9303, writes held behind a
 * rejected one they depend on, a name rule (9106), and pull pages after a sequence cursor,
 * tombstones included.
 */
import { Code } from '../../src/contract/codes.ts';
import { entities, entityByKey } from '../../src/contract/modules.ts';
import { validateValues, type Row } from '../../src/contract/entity.ts';
import type { Mutation, MutationResult, PullResponse, PushRequest, PushResponse, SyncChange } from '../../src/contract/sync.ts';
import type { SyncTransport } from '../../src/storage/syncTransport.ts';

interface Stored {
  entity: string;
  row: Row;
  seq: number;
}

export class FakeSyncServer {
  rows = new Map<string, Stored>();
  seq = 0;
  applied = 0;
  pushes = 0;
  pulls = 0;
  readonly clients = new Map<string, { last: number; results: Map<number, MutationResult> }>();
  /** Entities a pull leaves out (no read permission); their changes are skipped while the cursor moves on. */
  hidden = new Set<string>();
  /** Rows a pull leaves out (outside the person's row scope). */
  hiddenRows = new Set<string>();
  /** Entities a test declares beside the registered ones, readable unless hidden. */
  alsoReadable: string[] = [];
  /** Answers a first sync's snapshot (decision 051) when asked; off, it is an older server that walks its log. */
  speaksSnapshot = false;
  snapshotPulls = 0;
  /** The windows of history a pull says (decision 050); none unless a test sets them. */
  windows: Record<string, string> | undefined;

  private write(entity: string, row: Row): Row {
    this.seq++;
    this.rows.set(row.id, { entity, row, seq: this.seq });
    return row;
  }

  /** A change made by someone else, straight on the server. */
  put(entity: string, id: string, values: Record<string, unknown>): Row {
    const current = this.rows.get(id)?.row;
    const version = (current?.version ?? 0) + 1;
    return this.write(entity, { ...(current ?? {}), deleted: false, ...values, id, version, updatedAt: new Date().toISOString() });
  }

  row(id: string): Row | undefined {
    return this.rows.get(id)?.row;
  }

  private apply(m: Mutation): MutationResult {
    const entity = entityByKey(m.entity);
    const current = this.rows.get(m.id)?.row ?? null;
    const reject = (code: number, message: string, fields?: Record<string, string>): MutationResult => ({
      mutationId: m.mutationId,
      status: 'rejected',
      code,
      message,
      row: current,
      ...(fields ? { fields } : {}),
    });
    if (!entity) return reject(Code.BadRequest, 'unknown entity');
    if (m.op === 'create') {
      if (current) return reject(Code.AlreadyExists, 'exists');
      const result = validateValues(entity, m.values, 'create');
      if ('failure' in result) return reject(result.failure.code, 'invalid', result.failure.fields);
      if (String(result.values.name ?? '').includes('forbidden')) return reject(Code.NotPossibleNow, 'not possible now');
      this.applied++;
      const row = this.write(entity.key, { ...result.values, id: m.id, version: 1, updatedAt: new Date().toISOString(), deleted: false });
      return { mutationId: m.mutationId, status: 'applied', code: Code.Created, message: 'created', row };
    }
    if (m.op === 'delete' && current?.deleted)
      return { mutationId: m.mutationId, status: 'applied', code: Code.Deleted, message: 'ok', row: current };
    if (!current || current.deleted) return reject(Code.NotFound, 'not found');
    if (m.baseVersion !== current.version) return reject(Code.ConcurrencyFailure, 'stale version');
    const result = m.op === 'update' ? validateValues(entity, m.values, 'update') : { values: {} };
    if ('failure' in result) return reject(result.failure.code, 'invalid', result.failure.fields);
    this.applied++;
    const row = this.write(entity.key, {
      ...current,
      ...result.values,
      version: current.version + 1,
      updatedAt: new Date().toISOString(),
      deleted: m.op === 'delete',
    });
    return { mutationId: m.mutationId, status: 'applied', code: m.op === 'update' ? Code.Updated : Code.Deleted, message: 'ok', row };
  }

  push(request: PushRequest): PushResponse {
    this.pushes++;
    let client = this.clients.get(request.clientId);
    if (!client) this.clients.set(request.clientId, (client = { last: 0, results: new Map() }));
    const results: MutationResult[] = [];
    for (const m of request.mutations) {
      if (m.mutationId <= client.last) {
        const first = client.results.get(m.mutationId);
        if (first) results.push(first);
        continue;
      }
      const prior = m.dependsOn === undefined ? undefined : client.results.get(m.dependsOn);
      const result: MutationResult =
        prior?.status === 'rejected'
          ? {
              mutationId: m.mutationId,
              status: 'rejected',
              code: Code.ConcurrencyFailure,
              message: 'held',
              heldBy: prior.heldBy ?? prior.mutationId,
              row: this.rows.get(m.id)?.row ?? null,
            }
          : this.apply(m);
      client.results.set(m.mutationId, result);
      client.last = m.mutationId;
      results.push(result);
    }
    return { lastMutationId: client.last, results: structuredClone(results) };
  }

  pull(cursor: number, limit: number): PullResponse {
    this.pulls++;
    const after = [...this.rows.values()]
      .filter((s) => s.seq > cursor && !this.hidden.has(s.entity) && !this.hiddenRows.has(s.row.id))
      .sort((a, b) => a.seq - b.seq);
    const page = after.slice(0, limit);
    const changes: SyncChange[] = page.map((s) => ({ entity: s.entity, row: structuredClone(s.row) }));
    const readableEntities = [...entities().map((e) => e.key), ...this.alsoReadable].filter((key) => !this.hidden.has(key));
    return {
      changes,
      cursor: page.at(-1)?.seq ?? Math.max(cursor, this.seq),
      hasMore: after.length > limit,
      readableEntities,
      ...(this.windows ? { windows: { ...this.windows } } : {}),
    };
  }

  /**
   * A snapshot's page: the live rows readable now, in id order, after the token's position; the
   * token carries the position, the seq noted at the start and the count. The last page ends on that seq.
   */
  snapshotPull(token: string, limit: number): PullResponse {
    this.snapshotPulls++;
    const at = token ? (JSON.parse(token) as { after: string; seq: number; total: number; done: number }) : null;
    const live = [...this.rows.values()]
      .filter((s) => !s.row.deleted && !this.hidden.has(s.entity) && !this.hiddenRows.has(s.row.id))
      .sort((a, b) => (a.row.id < b.row.id ? -1 : 1));
    const position = at ?? { after: '', seq: this.seq, total: live.length, done: 0 };
    const after = live.filter((s) => s.row.id > position.after);
    const page = after.slice(0, limit);
    const changes: SyncChange[] = page.map((s) => ({ entity: s.entity, row: structuredClone(s.row) }));
    const readableEntities = [...entities().map((e) => e.key), ...this.alsoReadable].filter((key) => !this.hidden.has(key));
    const windows = this.windows ? { windows: { ...this.windows } } : {};
    if (after.length <= limit) return { changes, cursor: position.seq, hasMore: this.seq > position.seq, readableEntities, ...windows };
    const done = position.done + changes.length;
    const total = Math.max(position.total, done);
    return {
      changes,
      cursor: 0,
      hasMore: true,
      readableEntities,
      snapshot: JSON.stringify({ after: page.at(-1)!.row.id, seq: position.seq, total, done }),
      progress: { done, total },
      ...windows,
    };
  }

  /** The server as a transport; `faults` runs before (request lost) or after (answer lost) the server. */
  transport(faults: { before?: () => void; after?: () => void } = {}): SyncTransport {
    return {
      push: async (request) => {
        faults.before?.();
        const response = this.push(structuredClone(request));
        faults.after?.();
        return response;
      },
      pull: async (cursor, limit, snapshot) => {
        faults.before?.();
        const response =
          this.speaksSnapshot && cursor === 0 && snapshot !== undefined ? this.snapshotPull(snapshot, limit) : this.pull(cursor, limit);
        faults.after?.();
        return response;
      },
    };
  }
}
