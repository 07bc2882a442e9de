/**
 * Row-level scopes (docs/decisions/013-row-scopes.md), declared per entity: an agent sees and
 * writes only their own customers, in REST lists (and their totals), REST get, create, update and
 * delete, push and pull alike; the `readAll` grant and the owner see every row; a row moved out of
 * someone's scope reaches their device as its removal. Shown with a module declared in this test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/modules/discover.ts';
import { Code } from '../../src/contract/codes.ts';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import {
  actions,
  defineEntity,
  permission,
  READ_ALL_GRANT,
  type EntityDeclaration,
  type EntityListResponse,
  type Row,
} from '../../src/contract/entity.ts';
import { defineModule, type ModuleDeclaration } from '../../src/contract/module.ts';
import { allPermissions, modules, registerModules } from '../../src/contract/modules.ts';
import type { Field } from '../../src/contract/fields.ts';
import type { SyncChange } from '../../src/contract/sync.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient, type SyncClient } from './syncFixture.ts';

const label = (message: string) => ({ id: `test.${message}`, message });

const declaration: EntityDeclaration<{ name: Field; agentId: Field }> = {
  module: 'ScopeSales',
  name: 'Customer',
  label: label('Customer'),
  pluralLabel: label('Customers'),
  fields: {
    name: { kind: 'text', label: label('name'), required: true },
    agentId: { kind: 'reference', to: Member.key, label: label('agent') },
  },
  titleField: 'name',
  listFields: ['name', 'agentId'],
  searchFields: ['name'],
  indexes: ['agentId'],
  defaultSort: { field: 'name', direction: 'asc' },
  scope: { field: 'agentId' },
};
const Customer = defineEntity(declaration);

const ScopeSales = defineModule({ key: 'ScopeSales', entities: [Customer], routes: {}, order: 900 });

let before: readonly ModuleDeclaration[];
let server: TestServer;
let owner: PanelCaller;
let manager: PanelCaller;
let agentA: PanelCaller;
let agentB: PanelCaller;
let agentC: PanelCaller;
const memberIds = new Map<PanelCaller, string>();
const rows: Record<string, Row> = {};

const agentPermissions = actions.map((a) => permission(Customer, a));
const readAll = permission(Customer, READ_ALL_GRANT);

async function person(permissions: string[]): Promise<PanelCaller> {
  const { caller, memberId } = await newMember(server, owner, permissions);
  memberIds.set(caller, memberId);
  return caller;
}

const idOf = (caller: PanelCaller) => memberIds.get(caller)!;

async function listed(caller: PanelCaller, query: Record<string, string> = {}): Promise<EntityListResponse> {
  const answer = await caller.call<EntityListResponse>(rest.list(Customer), { query: { pageSize: '100', ...query } });
  expect(answer.status).toBe(200);
  return answer.body.data!;
}

/** A missing row's answer, to compare out-of-scope answers with: status and code. */
async function missing(
  caller: PanelCaller,
  call: (id: string) => Promise<{ status: number; body: { errorData?: { code?: number } | null } }>,
) {
  const answer = await call(randomUUID());
  return [answer.status, answer.body.errorData?.code];
}

beforeAll(async () => {
  before = modules();
  registerModules([...before, ScopeSales]);
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'فروش', ['PanelManagement', 'ScopeSales']);
  manager = await person([...agentPermissions, readAll]);
  agentA = await person(agentPermissions);
  agentB = await person(agentPermissions);
  agentC = await person(agentPermissions);
  rows.a1 = await createRow(owner, Customer, { name: 'Alborz Trading', agentId: idOf(agentA) });
  rows.a2 = await createRow(owner, Customer, { name: 'Arya Foods', agentId: idOf(agentA) });
  rows.b1 = await createRow(owner, Customer, { name: 'Baran Textiles', agentId: idOf(agentB) });
  rows.nobody = await createRow(owner, Customer, { name: 'Nobody Yet', agentId: null });
});
afterAll(async () => {
  await server.close();
  registerModules(before);
});

describe('the readAll grant', () => {
  it('is added to a scoped entity and is a permission a role can hold', async () => {
    expect(Customer.grants).toHaveProperty(READ_ALL_GRANT);
    expect(allPermissions()).toContain(readAll);
    expect(allPermissions()).not.toContain(permission(Member, READ_ALL_GRANT));
  });

  it('is refused on a scope field that is not a reference to a member', () => {
    const declared = (agentId: Field) => () => defineEntity({ ...declaration, fields: { name: declaration.fields.name, agentId } });
    expect(declared({ kind: 'text', label: label('agent') })).toThrow(/scope/);
    expect(declared({ kind: 'reference', to: Role.key, label: label('agent') })).toThrow(/scope/);
    expect(declared({ kind: 'reference', to: Member.key, label: label('agent') })).not.toThrow();
  });
});

describe('REST reads', () => {
  it('lists and counts only the rows in the caller’s scope; readAll and the owner see them all', async () => {
    const a = await listed(agentA);
    expect(a.items.map((r) => r.id).sort()).toEqual([rows.a1!.id, rows.a2!.id].sort());
    expect(a.total).toBe(2);
    const b = await listed(agentB);
    expect([b.items.map((r) => r.id), b.total]).toEqual([[rows.b1!.id], 1]);
    expect(await listed(agentC)).toMatchObject({ items: [], total: 0 });
    for (const all of [manager, owner]) {
      const seen = await listed(all);
      expect(seen.total).toBe(4);
      expect(seen.items.map((r) => r.id).sort()).toEqual([rows.a1!.id, rows.a2!.id, rows.b1!.id, rows.nobody!.id].sort());
    }
  });

  it('keeps others’ rows out of search, filters and later pages too', async () => {
    expect(await listed(agentA, { search: 'Baran' })).toMatchObject({ items: [], total: 0 });
    expect(await listed(agentA, { 'filter.agentId': idOf(agentB) })).toMatchObject({ items: [], total: 0 });
    const second = await agentA.call<EntityListResponse>(rest.list(Customer), { query: { pageSize: '1', page: '3' } });
    expect(second.body.data).toMatchObject({ items: [], total: 2 });
  });

  it('answers a row outside the scope exactly as a missing one', async () => {
    const outside = await agentA.call(rest.get(Customer, rows.b1!.id));
    expect([outside.status, outside.body.errorData?.code]).toEqual(await missing(agentA, (id) => agentA.call(rest.get(Customer, id))));
    expect(outside.status).toBe(404);
    expect(JSON.stringify(outside.body)).not.toContain('Baran');
    expect((await agentA.call<Row>(rest.get(Customer, rows.a1!.id))).body.data).toMatchObject({ name: 'Alborz Trading' });
    expect((await manager.call<Row>(rest.get(Customer, rows.b1!.id))).status).toBe(200);
  });
});

describe('REST writes', () => {
  it('gives a new row to its maker, and refuses one made for someone else', async () => {
    const own = await agentA.call<Row>(rest.create(Customer), { body: { id: randomUUID(), name: 'Azadi Co' } });
    expect([own.status, own.body.data?.agentId]).toEqual([201, idOf(agentA)]);
    const unassigned = await agentA.call<Row>(rest.create(Customer), { body: { id: randomUUID(), name: 'Aban Co', agentId: null } });
    expect([unassigned.status, unassigned.body.data?.agentId]).toEqual([201, idOf(agentA)]);
    const id = randomUUID();
    const forB = await agentA.call<{ fields?: Record<string, string> }>(rest.create(Customer), {
      body: { id, name: 'Sneaky', agentId: idOf(agentB) },
    });
    expect([forB.status, forB.body.errorData?.code]).toEqual([403, Code.InvalidOperation]);
    expect(forB.body.data?.fields).toEqual({ agentId: 'reference' });
    expect((await owner.call(rest.get(Customer, id))).status).toBe(404);
    // Someone who sees every row may give it to anyone.
    const given = await manager.call<Row>(rest.create(Customer), { body: { id: randomUUID(), name: 'Bahar Co', agentId: idOf(agentB) } });
    expect([given.status, given.body.data?.agentId]).toEqual([201, idOf(agentB)]);
    // Deleted again so the lists above stay as they were for the pull tests below.
    for (const row of [own.body.data!, unassigned.body.data!]) {
      expect((await agentA.call(rest.remove(Customer, row.id), { query: { version: String(row.version) } })).status).toBe(200);
    }
    expect((await manager.call(rest.remove(Customer, given.body.data!.id), { query: { version: '1' } })).status).toBe(200);
  });

  it('answers an update or delete of a row outside the scope as of a missing row, and changes nothing', async () => {
    const update = await agentA.call(rest.update(Customer, rows.b1!.id), { body: { version: rows.b1!.version, name: 'Mine now' } });
    const notThere = await missing(agentA, (id) => agentA.call(rest.update(Customer, id), { body: { version: 1, name: 'x' } }));
    expect([update.status, update.body.errorData?.code]).toEqual(notThere);
    expect(JSON.stringify(update.body)).not.toContain('Baran');
    const remove = await agentA.call(rest.remove(Customer, rows.b1!.id), { query: { version: String(rows.b1!.version) } });
    expect([remove.status, remove.body.errorData?.code]).toEqual(
      await missing(agentA, (id) => agentA.call(rest.remove(Customer, id), { query: { version: '1' } })),
    );
    expect((await owner.call<Row>(rest.get(Customer, rows.b1!.id))).body.data).toMatchObject({
      name: 'Baran Textiles',
      version: rows.b1!.version,
      deleted: false,
    });
  });

  it('lets an agent edit their own rows but never move one out of their scope', async () => {
    const moved = await agentA.call<{ fields?: Record<string, string> }>(rest.update(Customer, rows.a2!.id), {
      body: { version: rows.a2!.version, agentId: idOf(agentB) },
    });
    expect([moved.status, moved.body.errorData?.code, moved.body.data?.fields]).toEqual([
      403,
      Code.InvalidOperation,
      { agentId: 'reference' },
    ]);
    const cleared = await agentA.call(rest.update(Customer, rows.a2!.id), { body: { version: rows.a2!.version, agentId: null } });
    expect(cleared.status).toBe(403);
    const renamed = await agentA.call<Row>(rest.update(Customer, rows.a2!.id), {
      body: { version: rows.a2!.version, name: 'Arya Foods Ltd' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Arya Foods Ltd', agentId: idOf(agentA) });
    rows.a2 = renamed.body.data!;
  });
});

describe('push', () => {
  it('rejects writes to rows outside the scope as missing, with no row in the answer', async () => {
    const client = syncClient(agentA);
    const pushed = await client.push([
      { mutationId: 1, entity: Customer.key, op: 'update', id: rows.b1!.id, baseVersion: rows.b1!.version, values: { name: 'Mine now' } },
      { mutationId: 2, entity: Customer.key, op: 'delete', id: rows.b1!.id, baseVersion: rows.b1!.version },
      { mutationId: 3, entity: Customer.key, op: 'create', id: randomUUID(), values: { name: 'For B', agentId: idOf(agentB) } },
      { mutationId: 4, entity: Customer.key, op: 'create', id: rows.b1!.id, values: { name: 'Same id' } },
    ]);
    expect(pushed.status).toBe(200);
    const results = pushed.body.data!.results;
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', Code.NotFound],
      ['rejected', Code.NotFound],
      ['rejected', Code.InvalidOperation],
      ['rejected', Code.AlreadyExists],
    ]);
    expect(results.map((r) => r.row)).toEqual([null, null, null, null]);
    // A replay answers the same, still without the row.
    const replayed = await client.push([
      { mutationId: 1, entity: Customer.key, op: 'update', id: rows.b1!.id, baseVersion: rows.b1!.version, values: {} },
    ]);
    expect(replayed.body.data!.results[0]).toMatchObject({ status: 'rejected', code: Code.NotFound, row: null });
    expect(JSON.stringify([pushed.body, replayed.body])).not.toContain('Baran');
  });
});

describe('pull', () => {
  const customerChanges = (changes: SyncChange[]) => changes.filter((c) => c.entity === Customer.key);
  const idsIn = (changes: SyncChange[]) =>
    [
      ...new Set(
        customerChanges(changes)
          .filter((c) => !c.row.deleted)
          .map((c) => c.row.id),
      ),
    ].sort();

  it('never sends a row outside the scope, nor a word about it', async () => {
    const a = await pullAll(syncClient(agentA));
    expect(idsIn(a.changes)).toEqual([rows.a1!.id, rows.a2!.id].sort());
    const body = JSON.stringify(customerChanges(a.changes));
    for (const other of [rows.b1!, rows.nobody!]) expect(body).not.toContain(other.id);
    expect(idsIn((await pullAll(syncClient(agentC))).changes)).toEqual([]);
    expect(idsIn((await pullAll(syncClient(manager))).changes)).toEqual([rows.a1!.id, rows.a2!.id, rows.b1!.id, rows.nobody!.id].sort());
    expect(idsIn((await pullAll(syncClient(owner))).changes)).toEqual([rows.a1!.id, rows.a2!.id, rows.b1!.id, rows.nobody!.id].sort());
  });

  it('sends the removal of a row moved out of the scope to the device that had it, and the row to its new holder', async () => {
    const clientA: SyncClient = syncClient(agentA);
    const clientB: SyncClient = syncClient(agentB);
    const clientC: SyncClient = syncClient(agentC);
    const [a0, b0, c0] = await Promise.all([pullAll(clientA), pullAll(clientB), pullAll(clientC)]);
    expect(idsIn(a0.changes)).toContain(rows.a1!.id);

    const current = (await manager.call<Row>(rest.get(Customer, rows.a1!.id))).body.data!;
    const moved = await manager.call<Row>(rest.update(Customer, rows.a1!.id), {
      body: { version: current.version, agentId: idOf(agentB) },
    });
    expect(moved.status).toBe(200);
    // More writes after the move: A's device must still learn that the row left.
    const renamed = await manager.call<Row>(rest.update(Customer, rows.a1!.id), {
      body: { version: moved.body.data!.version, name: 'Alborz Trading Group' },
    });
    expect(renamed.status).toBe(200);

    const a1 = await pullAll(clientA, a0.cursor);
    const removal = customerChanges(a1.changes).filter((c) => c.row.id === rows.a1!.id);
    expect(removal).toEqual([
      {
        entity: Customer.key,
        row: { id: rows.a1!.id, version: renamed.body.data!.version, updatedAt: renamed.body.data!.updatedAt, deleted: true },
      },
    ]);
    expect(JSON.stringify(a1.changes)).not.toContain('Alborz Trading Group');

    const b1 = await pullAll(clientB, b0.cursor);
    expect(customerChanges(b1.changes).map((c) => c.row)).toEqual([
      expect.objectContaining({ id: rows.a1!.id, name: 'Alborz Trading Group', agentId: idOf(agentB), deleted: false }),
    ]);
    // Nobody else's device hears of it.
    expect(customerChanges((await pullAll(clientC, c0.cursor)).changes)).toEqual([]);
    // It is gone from A's REST reads too.
    expect((await agentA.call(rest.get(Customer, rows.a1!.id))).status).toBe(404);
    expect((await listed(agentA)).items.map((r) => r.id)).toEqual([rows.a2!.id]);

    // Given back, it comes back to A's device whole, and leaves B's.
    const back = await manager.call<Row>(rest.update(Customer, rows.a1!.id), {
      body: { version: renamed.body.data!.version, agentId: idOf(agentA) },
    });
    const a2 = await pullAll(clientA, a1.cursor);
    expect(customerChanges(a2.changes).map((c) => c.row)).toEqual([
      expect.objectContaining({ id: rows.a1!.id, agentId: idOf(agentA), version: back.body.data!.version, deleted: false }),
    ]);
    const b2 = await pullAll(clientB, b1.cursor);
    expect(customerChanges(b2.changes).map((c) => c.row)).toEqual([
      { id: rows.a1!.id, version: back.body.data!.version, updatedAt: back.body.data!.updatedAt, deleted: true },
    ]);
  });

  it('sends a deletion in the scope as a tombstone, as for any entity', async () => {
    const client = syncClient(agentB);
    const start = await pullAll(client);
    const current = (await agentB.call<Row>(rest.get(Customer, rows.b1!.id))).body.data!;
    expect((await agentB.call(rest.remove(Customer, rows.b1!.id), { query: { version: String(current.version) } })).status).toBe(200);
    const after = await pullAll(client, start.cursor);
    expect(customerChanges(after.changes).map((c) => [c.row.id, c.row.deleted])).toEqual([[rows.b1!.id, true]]);
    expect(customerChanges((await pullAll(syncClient(agentA), start.cursor)).changes)).toEqual([]);
  });
});
