import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Activity, Member, Notification, Role } from '../../src/contract/entities/panelManagement.ts';
import type { EntityListResponse, Row } from '../../src/contract/entity.ts';
import { PUSH_BATCH_MAX, type Mutation } from '../../src/contract/sync.ts';
import { allowConsole } from './console.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { addMember, callerIn, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient } from './syncFixture.ts';

let server: TestServer;
let owner: TestAccount;
let panel: PanelCaller;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createAccount();
  panel = await openPanel(server, owner);
});
afterAll(async () => {
  await server.close();
});

const createRole = (mutationId: number, id: string, name: string): Mutation => ({
  mutationId,
  entity: Role.key,
  op: 'create',
  id,
  values: { name },
});

async function activityCount(rowId: string): Promise<number> {
  const answer = await panel.call<EntityListResponse>(rest.list(Activity), { query: { pageSize: '500' } });
  return answer.body.data!.items.filter((a) => a.rowId === rowId).length;
}

describe('push', () => {
  it('applies a batch in order and answers each mutation with its code and the row', async () => {
    const client = syncClient(panel);
    const id = randomUUID();
    const answer = await client.push([
      createRole(1, id, 'Synced'),
      { mutationId: 2, entity: Role.key, op: 'update', id, baseVersion: 1, values: { description: 'second write' } },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      lastMutationId: 2,
      results: [
        { mutationId: 1, status: 'applied', code: Code.Created, row: { id, version: 1 } },
        { mutationId: 2, status: 'applied', code: Code.Updated, row: { id, version: 2, description: 'second write' } },
      ],
    });
    expect(answer.body.data!.results[0]!.message).toBeTruthy();
  });

  it('applies a replayed batch once: same answers, one row, one audit entry per write', async () => {
    const client = syncClient(panel);
    const id = randomUUID();
    const batch = [
      createRole(1, id, 'Replayed'),
      { mutationId: 2, entity: Role.key, op: 'update' as const, id, baseVersion: 1, values: { description: 'once' } },
    ];
    const first = await client.push(batch);
    const second = await client.push(batch);
    const withoutRows = (data: typeof first.body.data) => ({ ...data, results: data!.results.map(({ row: _row, ...r }) => r) });
    expect(withoutRows(second.body.data)).toEqual(withoutRows(first.body.data));
    // A replayed answer carries the row as the server now holds it.
    expect(second.body.data!.results.map((r) => r.row)).toEqual([first.body.data!.results[1]!.row, first.body.data!.results[1]!.row]);
    const partly = await client.push([
      ...batch,
      { mutationId: 3, entity: Role.key, op: 'update', id, baseVersion: 2, values: { description: 'third' } },
    ]);
    expect(partly.body.data!.results.map((r) => [r.mutationId, r.status, r.code])).toEqual([
      [1, 'applied', Code.Created],
      [2, 'applied', Code.Updated],
      [3, 'applied', Code.Updated],
    ]);
    expect(partly.body.data!.results[0]!.row).toMatchObject({ version: 3, description: 'third' });
    const list = await panel.call<EntityListResponse>(rest.list(Role), { query: { search: 'Replayed' } });
    expect(list.body.data!.items).toEqual([expect.objectContaining({ id, version: 3 })]);
    expect(await activityCount(id)).toBe(3);
  });

  it('rejects a stale version with 9303 and the current row, without blocking the mutations behind it', async () => {
    const id = randomUUID();
    await syncClient(panel).push([createRole(1, id, 'Contested')]);
    await panel.call(rest.update(Role, id), { body: { version: 1, description: 'someone else' } });
    const client = syncClient(panel);
    const other = randomUUID();
    const answer = await client.push([
      { mutationId: 5, entity: Role.key, op: 'update', id, baseVersion: 1, values: { description: 'mine' } },
      createRole(6, other, 'Behind the rejected one'),
    ]);
    expect(answer.body.data).toMatchObject({
      lastMutationId: 6,
      results: [
        { mutationId: 5, status: 'rejected', code: Code.ConcurrencyFailure, row: { id, version: 2, description: 'someone else' } },
        { mutationId: 6, status: 'applied', code: Code.Created },
      ],
    });
    // The rejection is the answer for good, even once the row is back at the version it named.
    const replay = await client.push([
      { mutationId: 5, entity: Role.key, op: 'update', id, baseVersion: 2, values: { description: 'mine' } },
    ]);
    expect(replay.body.data!.results[0]).toMatchObject({ status: 'rejected', code: Code.ConcurrencyFailure });
  });

  it('holds a write whose base counted on a rejected one, in the same batch and in a later one, and replays the same answers', async () => {
    const id = randomUUID();
    await syncClient(panel).push([createRole(1, id, 'Cashier')]);
    await panel.call(rest.update(Role, id), { body: { version: 1, description: 'A: handles refunds' } });
    const client = syncClient(panel);
    const first = await client.push([
      { mutationId: 1, entity: Role.key, op: 'update', id, baseVersion: 1, values: { description: 'B: first draft' } },
      { mutationId: 2, entity: Role.key, op: 'update', id, baseVersion: 2, dependsOn: 1, values: { description: 'B: second draft' } },
    ]);
    expect(first.body.data!.results).toMatchObject([
      { mutationId: 1, status: 'rejected', code: Code.ConcurrencyFailure },
      {
        mutationId: 2,
        status: 'rejected',
        code: Code.ConcurrencyFailure,
        heldBy: 1,
        row: { version: 2, description: 'A: handles refunds' },
      },
    ]);
    const later = await client.push([{ mutationId: 3, entity: Role.key, op: 'delete', id, baseVersion: 3, dependsOn: 2 }]);
    expect(later.body.data!.results[0]).toMatchObject({ status: 'rejected', code: Code.ConcurrencyFailure, heldBy: 1 });
    const replay = await client.push([
      { mutationId: 2, entity: Role.key, op: 'update', id, baseVersion: 2, dependsOn: 1, values: { description: 'B: second draft' } },
    ]);
    expect(replay.body.data!.results[0]).toMatchObject({ status: 'rejected', heldBy: 1 });
    const row = await panel.call<Row>(rest.get(Role, id));
    expect(row.body.data).toMatchObject({ version: 2, description: 'A: handles refunds', deleted: false });
    // A write that depends on an applied one goes ahead as usual.
    const applied = await client.push([
      { mutationId: 4, entity: Role.key, op: 'update', id, baseVersion: 2, values: { description: 'B: on top of A' } },
      { mutationId: 5, entity: Role.key, op: 'update', id, baseVersion: 3, dependsOn: 4, values: { name: 'Cashiers' } },
    ]);
    expect(applied.body.data!.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await activityCount(id)).toBe(4);
  });

  it('counts deleting a row someone else already deleted as done, writing nothing', async () => {
    const id = randomUUID();
    await syncClient(panel).push([createRole(1, id, 'Gone twice')]);
    await panel.call(rest.remove(Role, id), { query: { version: '1' } });
    const answer = await syncClient(panel).push([{ mutationId: 1, entity: Role.key, op: 'delete', id, baseVersion: 1 }]);
    expect(answer.body.data!.results[0]).toMatchObject({ status: 'applied', code: Code.Deleted, row: { id, version: 2, deleted: true } });
    expect(await activityCount(id)).toBe(2);
  });

  it('rejects a dependsOn that does not name an earlier mutation', async () => {
    const answer = await syncClient(panel).push([
      { mutationId: 1, entity: Role.key, op: 'create', id: randomUUID(), dependsOn: 1, values: { name: 'Self-made' } },
    ]);
    expect(answer.body.data!.results[0]).toMatchObject({ status: 'rejected', code: Code.BadRequest });
  });

  it('rejects, records and moves past malformed mutations, rule breaks and server-only entities', async () => {
    const client = syncClient(panel);
    const answer = await client.push([
      { mutationId: 1, entity: 'Nowhere/Thing', op: 'create', id: randomUUID(), values: {} },
      { mutationId: 2, entity: Role.key, op: 'rename' as 'create', id: randomUUID() },
      { mutationId: 3, entity: Role.key, op: 'create', id: 'not-a-uuid', values: { name: 'x' } },
      { mutationId: 4, entity: Role.key, op: 'create', id: randomUUID(), values: { description: 'no name' } },
      { mutationId: 5, entity: Activity.key, op: 'create', id: randomUUID(), values: {} },
      { mutationId: 6, entity: Member.key, op: 'create', id: randomUUID(), values: { login: 'nobody-at-all', roleId: randomUUID() } },
      createRole(7, randomUUID(), 'After the bad ones'),
    ]);
    expect(answer.body.data!.results.map((r) => [r.mutationId, r.status, r.code, r.fields ?? null])).toEqual([
      [1, 'rejected', Code.BadRequest, null],
      [2, 'rejected', Code.BadRequest, null],
      [3, 'rejected', Code.BadRequest, { id: 'format' }],
      [4, 'rejected', Code.BadRequest, { name: 'required' }],
      [5, 'rejected', Code.InvalidOperation, null],
      [6, 'rejected', Code.NotFoundUser, { login: 'reference' }],
      [7, 'applied', Code.Created, null],
    ]);
    expect(answer.body.data!.lastMutationId).toBe(7);
    const replay = await client.push([{ mutationId: 3, entity: Role.key, op: 'create', id: 'not-a-uuid', values: { name: 'x' } }]);
    expect(replay.body.data!.results[0]).toMatchObject({ status: 'rejected', code: Code.BadRequest, fields: { id: 'format' }, row: null });
  });

  it('answers an empty batch with the last processed number, and refuses malformed batches whole', async () => {
    const client = syncClient(panel);
    expect((await client.push([])).body.data).toEqual({ lastMutationId: 0, results: [] });
    await client.push([createRole(41, randomUUID(), 'Numbered 41')]);
    expect((await client.push([])).body.data).toEqual({ lastMutationId: 41, results: [] });
    const tooMany = Array.from({ length: PUSH_BATCH_MAX + 1 }, (_, i) => createRole(100 + i, randomUUID(), `Bulk ${i}`));
    const outOfOrder = [createRole(60, randomUUID(), 'a'), createRole(59, randomUUID(), 'b')];
    for (const body of [
      { clientId: client.clientId, mutations: tooMany },
      { clientId: client.clientId, mutations: outOfOrder },
      { clientId: 'short', mutations: [] },
      { clientId: client.clientId, mutations: [{ mutationId: 0, entity: Role.key, op: 'create', id: randomUUID() }] },
      { clientId: client.clientId },
    ]) {
      const answer = await panel.call({ method: 'POST', path: '/api/Sync/Push' }, { body });
      expect([answer.status, answer.body.errorData?.code]).toEqual([400, Code.BadRequest]);
    }
    expect((await client.push([])).body.data!.lastMutationId).toBe(41);
  });

  it('binds a client id to the user and panel that first used it', async () => {
    const client = syncClient(panel);
    await client.push([createRole(1, randomUUID(), 'Bound')]);
    const stranger = await server.createAccount();
    const strangersPanel = await openPanel(server, stranger);
    const elsewhere = await syncClient(strangersPanel, client.clientId).push([createRole(2, randomUUID(), 'Hijack')]);
    expect([elsewhere.status, elsewhere.body.errorData?.code]).toEqual([403, Code.InvalidOperation]);
    const colleague = await addMember(server, panel, stranger, [`${Role.module}.${Role.name}.create`]);
    const sameCode = await syncClient(colleague, client.clientId).push([createRole(2, randomUUID(), 'Hijack')]);
    expect(sameCode.status).toBe(403);
    const ownersOtherPanel = await openPanel(server, owner, 'Second');
    const otherPanel = await syncClient(ownersOtherPanel, client.clientId).push([]);
    expect(otherPanel.status).toBe(403);
    expect((await client.push([])).body.data!.lastMutationId).toBe(1);
  });
});

describe('push when the database refuses what no rule foresaw', () => {
  it('records that mutation as rejected (9100, creating failed) and applies the ones around it', async () => {
    const logged = allowConsole('error');
    await server.db.exec(`
      CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'boom' THEN RAISE EXCEPTION 'boom refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_boom BEFORE INSERT ON ${Role.table} FOR EACH ROW EXECUTE FUNCTION refuse_boom();
    `);
    try {
      const client = syncClient(panel);
      const [before, after] = [randomUUID(), randomUUID()];
      const batch = [createRole(1, before, 'Before boom'), createRole(2, randomUUID(), 'boom'), createRole(3, after, 'After boom')];
      const answer = await client.push(batch);
      expect(answer.status).toBe(200);
      expect(answer.body.data!.results.map((r) => [r.mutationId, r.status, r.code])).toEqual([
        [1, 'applied', Code.Created],
        [2, 'rejected', Code.CreateFailed],
        [3, 'applied', Code.Created],
      ]);
      expect(answer.body.data!.lastMutationId).toBe(3);
      const replay = await client.push(batch);
      expect(replay.body.data!.results.map((r) => r.code)).toEqual([Code.Created, Code.CreateFailed, Code.Created]);
      expect((await panel.call(rest.get(Role, before))).status).toBe(200);
      expect((await panel.call(rest.get(Role, after))).status).toBe(200);
      expect(logged.texts.join('\n')).toContain('boom refused');
    } finally {
      await server.db.exec(`DROP TRIGGER refuse_boom ON ${Role.table}; DROP FUNCTION refuse_boom();`);
    }
  });
});

describe('pull', () => {
  let pullPanel: PanelCaller;
  beforeAll(async () => {
    pullPanel = await openPanel(server, owner, 'Pull');
  });

  it('pages through every change in order with a cursor that only grows, tombstones included', async () => {
    const writer = syncClient(pullPanel);
    const ids = Array.from({ length: 12 }, () => randomUUID());
    await writer.push(ids.map((id, i) => createRole(i + 1, id, `Row ${i}`)));
    await writer.push([{ mutationId: 13, entity: Role.key, op: 'delete', id: ids[0]!, baseVersion: 1 }]);

    const { changes, cursors } = await pullAll(writer, 0, 5);
    expect(cursors.length).toBeGreaterThan(3);
    for (let i = 1; i < cursors.length; i++) expect(cursors[i]).toBeGreaterThan(cursors[i - 1]!);
    const roles = changes.filter((c) => c.entity === Role.key).map((c) => c.row);
    expect(roles.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(roles.find((r) => r.id === ids[0])).toMatchObject({ deleted: true, version: 2, name: 'Row 0' });
    const activities = changes.filter((c) => c.entity === Activity.key);
    expect(activities).toHaveLength(1 + 13);
    expect(new Set(changes.map((c) => `${c.entity}:${c.row.id}`)).size).toBe(changes.length);
  });

  it('after a cursor hands out only what changed since, in its current state', async () => {
    const client = syncClient(pullPanel);
    const start = await pullAll(client);
    const nothing = await client.pull(start.cursor);
    expect(nothing.body.data).toMatchObject({ changes: [], cursor: start.cursor, hasMore: false });
    const role = start.changes.find((c) => c.entity === Role.key && !c.row.deleted)!.row;
    await pullPanel.call(rest.update(Role, role.id), { body: { version: role.version, description: 'changed' } });
    await pullPanel.call(rest.update(Role, role.id), { body: { version: role.version + 1, description: 'changed twice' } });
    const next = await pullAll(client, start.cursor);
    expect(next.cursor).toBeGreaterThan(start.cursor);
    expect(next.changes.filter((c) => c.entity === Role.key).map((c) => c.row)).toEqual([
      expect.objectContaining({ id: role.id, version: role.version + 2, description: 'changed twice' }),
    ]);
  });

  it('hands out only entities the caller may read, yet moves the cursor past the rest', async () => {
    const reader = await server.createAccount();
    const member = await addMember(server, pullPanel, reader, ['PanelManagement.Member.read']);
    const { changes, cursor } = await pullAll(syncClient(member));
    expect(new Set(changes.map((c) => c.entity))).toEqual(new Set([Member.key]));
    await syncClient(pullPanel).push([createRole(1, randomUUID(), 'Unseen by the reader')]);
    const after = await syncClient(member).pull(cursor);
    // Besides what the role reads, everyone reads their own notifications (decision 038).
    expect(after.body.data!.readableEntities).toEqual([Member.key, Notification.key]);
    expect(after.body.data!.changes).toEqual([]);
    expect(after.body.data!.cursor).toBeGreaterThan(cursor);
  });

  it('refuses a cursor or limit that is not a whole number in range', async () => {
    const queries: Record<string, string>[] = [{ cursor: '-1' }, { cursor: 'abc' }, { limit: '0' }, { limit: '2001' }, { cursor: '1.5' }];
    for (const query of queries) {
      const answer = await pullPanel.call({ method: 'GET', path: '/api/Sync/Pull' }, { query });
      expect([answer.status, answer.body.errorData?.code]).toEqual([400, Code.BadRequest]);
    }
  });

  it('never skips a change while writers commit concurrently (cursor order is commit order)', async () => {
    const busy = await openPanel(server, owner, 'Busy');
    const writers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const person = await server.createAccount();
        return syncClient(await addMember(server, busy, person, ['PanelManagement.Role.create', 'PanelManagement.Role.read']));
      }),
    );
    const reader = syncClient(callerIn(server, owner, busy.code));
    const seen = new Set<string>();
    let cursor = (await pullAll(reader)).cursor;
    let writing = true;
    const created: string[] = [];
    const writes = Promise.all(
      writers.map(async (w, n) => {
        for (let batch = 0; batch < 5; batch++) {
          const ids = Array.from({ length: 4 }, () => randomUUID());
          created.push(...ids);
          const answer = await w.push(ids.map((id, i) => createRole(batch * 4 + i + 1, id, `w${n}-${batch}-${i}`)));
          expect(answer.body.data!.results.every((r) => r.status === 'applied')).toBe(true);
        }
      }),
    ).finally(() => {
      writing = false;
    });
    while (writing) {
      const page = await pullAll(reader, cursor, 7);
      for (const c of page.changes) if (c.entity === Role.key) seen.add(c.row.id);
      cursor = page.cursor;
    }
    await writes;
    const last = await pullAll(reader, cursor, 7);
    for (const c of last.changes) if (c.entity === Role.key) seen.add(c.row.id);
    expect(created).toHaveLength(80);
    expect(created.filter((id) => !seen.has(id))).toEqual([]);
  });
});

describe('REST and sync share one mutation path', () => {
  it('a REST write and a pushed write of the same row meet the same version rule', async () => {
    const client = syncClient(panel);
    const id = randomUUID();
    await client.push([createRole(1, id, 'Shared path')]);
    const viaRest = await panel.call<Row>(rest.update(Role, id), { body: { version: 1, description: 'rest' } });
    expect(viaRest.body.data!.version).toBe(2);
    const viaPush = await client.push([
      { mutationId: 2, entity: Role.key, op: 'update', id, baseVersion: 1, values: { description: 'push' } },
    ]);
    expect(viaPush.body.data!.results[0]).toMatchObject({ status: 'rejected', code: Code.ConcurrencyFailure });
    const unknownRow = await client.push([{ mutationId: 3, entity: Role.key, op: 'delete', id: randomUUID(), baseVersion: 1 }]);
    expect(unknownRow.body.data!.results[0]).toMatchObject({ status: 'rejected', code: Code.NotFound });
  });
});
