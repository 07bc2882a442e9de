import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Activity, Member, Role } from '../../src/contract/entities/panelManagement.ts';
import type { EntityListResponse, Row } from '../../src/contract/entity.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';

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

type Fields = { fields?: Record<string, string>; row?: Row };

async function activityFor(rowId: string): Promise<Row[]> {
  const answer = await panel.call<EntityListResponse>(rest.list(Activity), { query: { 'filter.entity': Role.key, pageSize: '500' } });
  return answer.body.data!.items.filter((a) => a.rowId === rowId);
}

describe('REST writes of an entity', () => {
  it('creates a row with the client id at version 1 (9001), reads it back, and audits the write', async () => {
    const id = randomUUID();
    const created = await panel.call<Row>(rest.create(Role), { body: { id, name: 'Cashier', permissions: [] } });
    expect(created.status).toBe(201);
    expect(created.body.errorData).toBeNull();
    expect(created.body.data).toMatchObject({
      id,
      version: 1,
      deleted: false,
      name: 'Cashier',
      description: null,
      parentRoleId: null,
      permissions: [],
    });
    const read = await panel.call<Row>(rest.get(Role, id));
    expect(read.body.data).toEqual(created.body.data);
    expect(await activityFor(id)).toEqual([expect.objectContaining({ action: 'create', rowTitle: 'Cashier', actorName: 'مریم احمدی' })]);
  });

  it('makes an id when the client gives none', async () => {
    const created = await panel.call<Row>(rest.create(Role), { body: { name: 'Without id' } });
    expect(created.status).toBe(201);
    expect(created.body.data!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('updates with the current version (9003) and refuses a stale one with 9303 and the current row', async () => {
    const role = await createRow(panel, Role, { name: 'Editor' });
    const updated = await panel.call<Row>(rest.update(Role, role.id), { body: { version: 1, description: 'writes' } });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBeTruthy();
    expect(updated.body.data).toMatchObject({ version: 2, description: 'writes', name: 'Editor' });
    const stale = await panel.call<Fields>(rest.update(Role, role.id), { body: { version: 1, description: 'late' } });
    expect(stale.status).toBe(409);
    expect(stale.body.errorData?.code).toBe(Code.ConcurrencyFailure);
    expect(stale.body.data?.row).toMatchObject({ version: 2, description: 'writes' });
    const noVersion = await panel.call<Fields>(rest.update(Role, role.id), { body: { description: 'x' } });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errorData?.code).toBe(Code.BadRequest);
    expect(noVersion.body.data?.fields).toEqual({ version: 'required' });
    expect((await activityFor(role.id)).map((a) => a.action).sort()).toEqual(['create', 'update']);
  });

  it('deletes as a tombstone (9004): gone from reads and lists, and further writes find nothing (9101)', async () => {
    const role = await createRow(panel, Role, { name: 'Temporary' });
    const stale = await panel.call(rest.remove(Role, role.id), { query: { version: '7' } });
    expect(stale.body.errorData?.code).toBe(Code.ConcurrencyFailure);
    const removed = await panel.call<Row>(rest.remove(Role, role.id), { query: { version: '1' } });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ id: role.id, deleted: true, version: 2 });
    expect((await panel.call(rest.get(Role, role.id))).status).toBe(404);
    const list = await panel.call<EntityListResponse>(rest.list(Role), { query: { search: 'Temporary' } });
    expect(list.body.data!.items).toEqual([]);
    const again = await panel.call(rest.update(Role, role.id), { body: { version: 2, name: 'Back' } });
    expect(again.status).toBe(404);
    expect(again.body.errorData?.code).toBe(Code.NotFound);
  });

  it('refuses a duplicate id and a duplicate unique value among live rows (9107), and frees the value on delete', async () => {
    const role = await createRow(panel, Role, { name: 'Unique one' });
    const sameId = await panel.call<Fields>(rest.create(Role), { body: { id: role.id, name: 'Another' } });
    expect([sameId.status, sameId.body.errorData?.code]).toEqual([409, Code.AlreadyExists]);
    const sameName = await panel.call<Fields>(rest.create(Role), { body: { name: 'Unique one' } });
    expect([sameName.status, sameName.body.errorData?.code]).toEqual([409, Code.AlreadyExists]);
    expect(sameName.body.data?.fields).toEqual({ name: 'unique' });
    await panel.call(rest.remove(Role, role.id), { query: { version: '1' } });
    expect((await panel.call(rest.create(Role), { body: { name: 'Unique one' } })).status).toBe(201);
  });

  it('answers field problems with 400, 9401 and the fields: required, unknown, read-only, unknown permission', async () => {
    const missing = await panel.call<Fields>(rest.create(Role), { body: { description: 'no name' } });
    expect([missing.status, missing.body.errorData?.code, missing.body.data?.fields]).toEqual([400, Code.BadRequest, { name: 'required' }]);
    const unknown = await panel.call<Fields>(rest.create(Role), { body: { name: 'X1', colour: 'red' } });
    expect(unknown.body.data?.fields).toEqual({ colour: 'type' });
    const role = await createRow(panel, Role, { name: 'For members' });
    const readOnly = await panel.call<Fields>(rest.create(Member), {
      body: { login: owner.username, roleId: role.id, userId: owner.userId },
    });
    expect([readOnly.status, readOnly.body.data?.fields]).toEqual([400, { userId: 'type' }]);
    const badPermission = await panel.call<Fields>(rest.create(Role), { body: { name: 'X2', permissions: ['Nope.Thing.read'] } });
    expect([badPermission.status, badPermission.body.errorData?.code, badPermission.body.data?.fields]).toEqual([
      400,
      Code.BadRequest,
      { permissions: 'option' },
    ]);
    const serverOnly = await panel.call(rest.create(Activity), { body: { rowTitle: 'forged' } });
    expect([serverOnly.status, serverOnly.body.errorData?.code]).toEqual([403, Code.InvalidOperation]);
  });

  it('refuses references to rows that are not live rows of this panel (9202) and cycles in the chart', async () => {
    const missing = await panel.call<Fields>(rest.create(Role), { body: { name: 'Orphan', parentRoleId: randomUUID() } });
    expect([missing.status, missing.body.errorData?.code, missing.body.data?.fields]).toEqual([
      400,
      Code.IdNotRegistered,
      { parentRoleId: 'reference' },
    ]);
    const top = await createRow(panel, Role, { name: 'Top' });
    const middle = await createRow(panel, Role, { name: 'Middle', parentRoleId: top.id });
    const loop = await panel.call<Fields>(rest.update(Role, top.id), { body: { version: 1, parentRoleId: middle.id } });
    expect([loop.status, loop.body.errorData?.code]).toEqual([400, Code.IdNotRegistered]);
    const self = await panel.call<Fields>(rest.update(Role, top.id), { body: { version: 1, parentRoleId: top.id } });
    expect(self.body.errorData?.code).toBe(Code.IdNotRegistered);
  });

  it('will not delete a row that live rows still refer to (9106): a role with people or with roles under it', async () => {
    const boss = await createRow(panel, Role, { name: 'Boss' });
    const clerk = await createRow(panel, Role, { name: 'Clerk', parentRoleId: boss.id });
    const person = await server.createAccount();
    const member = await createRow(panel, Member, { login: person.username, roleId: clerk.id });
    const inUse = await panel.call(rest.remove(Role, clerk.id), { query: { version: '1' } });
    expect([inUse.status, inUse.body.errorData?.code]).toEqual([409, Code.NotPossibleNow]);
    const hasChildren = await panel.call(rest.remove(Role, boss.id), { query: { version: '1' } });
    expect(hasChildren.body.errorData?.code).toBe(Code.NotPossibleNow);
    await panel.call(rest.remove(Member, member.id), { query: { version: '1' } });
    expect((await panel.call(rest.remove(Role, clerk.id), { query: { version: '1' } })).status).toBe(200);
    expect((await panel.call(rest.remove(Role, boss.id), { query: { version: '1' } })).status).toBe(200);
  });
});

describe('people in a panel', () => {
  it('invites the account a username or verified mobile names, showing only what was typed', async () => {
    const role = await createRow(panel, Role, { name: 'Seller' });
    const byName = await server.createAccount();
    const added = await createRow(panel, Member, { login: byName.username.toUpperCase(), roleId: role.id, title: 'فروشنده' });
    expect(added).toMatchObject({ displayName: byName.username.toUpperCase(), userName: null, mobile: null, status: 'invited' });
    expect(added).not.toHaveProperty('userId');
    const byMobile = await server.createAccount();
    const persianDigits = byMobile.mobile!.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    const viaMobile = await createRow(panel, Member, { login: persianDigits, roleId: role.id });
    expect(viaMobile).toMatchObject({ status: 'invited', displayName: persianDigits });
  });

  it('never adds someone by a mobile number they have not verified', async () => {
    const role = await createRow(panel, Role, { name: 'Courier' });
    const unverified = await server.createAccount({ verifyMobile: false });
    const answer = await panel.call<Fields>(rest.create(Member), { body: { login: unverified.mobile, roleId: role.id } });
    expect([answer.status, answer.body.errorData?.code]).toEqual([400, Code.NotFoundUser]);
  });

  it('refuses a login with no account (9204) and someone already in the panel, the owner included (9107)', async () => {
    const role = await createRow(panel, Role, { name: 'Driver' });
    const nobody = await panel.call<Fields>(rest.create(Member), { body: { login: 'no-such-person-anywhere', roleId: role.id } });
    expect([nobody.status, nobody.body.errorData?.code, nobody.body.data?.fields]).toEqual([
      400,
      Code.NotFoundUser,
      { login: 'reference' },
    ]);
    const theOwner = await panel.call<Fields>(rest.create(Member), { body: { login: owner.username, roleId: role.id } });
    expect([theOwner.status, theOwner.body.errorData?.code]).toEqual([409, Code.AlreadyExists]);
    const person = await server.createAccount();
    await createRow(panel, Member, { login: person.username, roleId: role.id });
    const twice = await panel.call<Fields>(rest.create(Member), { body: { login: person.username, roleId: role.id } });
    expect([twice.status, twice.body.errorData?.code, twice.body.data?.fields]).toEqual([409, Code.AlreadyExists, { login: 'unique' }]);
  });
});

describe('REST lists', () => {
  let listPanel: PanelCaller;
  beforeAll(async () => {
    listPanel = await openPanel(server, owner, 'Lists');
    const parent = await createRow(listPanel, Role, { name: 'Parent' });
    for (const [name, description] of [
      ['كارشناس فروش', 'Arabic kaf'],
      ['کارمند ۲', 'Persian digit'],
      ['Alpha', 'first'],
      ['Beta', null],
      ['Gamma', '100% sure'],
    ] as const) {
      await createRow(listPanel, Role, {
        name,
        description,
        parentRoleId: name === 'Alpha' ? parent.id : null,
        permissions: name === 'Beta' ? ['PanelManagement.Role.read'] : [],
      });
    }
  });

  const names = (answer: { body: { data: EntityListResponse | null } }) => answer.body.data!.items.map((r) => r.name);

  it('sorts by the declared default, pages with a total, and sorts by any field either way', async () => {
    const first = await listPanel.call<EntityListResponse>(rest.list(Role), { query: { pageSize: '2' } });
    expect(first.body.data).toMatchObject({ total: 6, page: 1, pageSize: 2 });
    // Persian names first, in alphabetical order (src/contract/list.ts).
    expect(names(first)).toEqual(['كارشناس فروش', 'کارمند ۲']);
    const third = await listPanel.call<EntityListResponse>(rest.list(Role), { query: { pageSize: '2', page: '3' } });
    expect(names(third)).toHaveLength(2);
    const beyond = await listPanel.call<EntityListResponse>(rest.list(Role), { query: { pageSize: '2', page: '9' } });
    expect(beyond.body.data).toMatchObject({ items: [], total: 6 });
    const desc = await listPanel.call<EntityListResponse>(rest.list(Role), { query: { sort: 'name', order: 'desc', pageSize: '1' } });
    expect(names(desc)).toEqual(['Parent']);
  });

  it('searches the declared fields with Arabic and Persian letters and digits folded alike, and % taken literally', async () => {
    expect(names(await listPanel.call<EntityListResponse>(rest.list(Role), { query: { search: 'کارشناس' } }))).toEqual(['كارشناس فروش']);
    expect(names(await listPanel.call<EntityListResponse>(rest.list(Role), { query: { search: 'كارمند 2' } }))).toEqual(['کارمند ۲']);
    expect(names(await listPanel.call<EntityListResponse>(rest.list(Role), { query: { search: '100%' } }))).toEqual(['Gamma']);
    expect(names(await listPanel.call<EntityListResponse>(rest.list(Role), { query: { search: '0%s' } }))).toEqual([]);
  });

  it('filters by value, by "not set" and by list membership', async () => {
    const all = await listPanel.call<EntityListResponse>(rest.list(Role));
    const parent = all.body.data!.items.find((r) => r.name === 'Parent')!;
    expect(names(await listPanel.call<EntityListResponse>(rest.list(Role), { query: { 'filter.parentRoleId': parent.id } }))).toEqual([
      'Alpha',
    ]);
    expect(names(await listPanel.call<EntityListResponse>(rest.list(Role), { query: { 'filter.description': '' } }))).toEqual([
      'Beta',
      'Parent',
    ]);
    expect(
      names(await listPanel.call<EntityListResponse>(rest.list(Role), { query: { 'filter.permissions': 'PanelManagement.Role.read' } })),
    ).toEqual(['Beta']);
  });

  it('answers 400 for an unknown filter or sort field and for page sizes out of range', async () => {
    const queries: Record<string, string>[] = [
      { 'filter.colour': 'red' },
      { sort: 'colour' },
      { order: 'sideways' },
      { pageSize: '0' },
      { pageSize: '501' },
      { page: 'x' },
      { 'filter.name.from': 'a' },
    ];
    for (const query of queries) {
      const answer = await listPanel.call(rest.list(Role), { query });
      expect([answer.status, answer.body.errorData?.code]).toEqual([400, Code.BadRequest]);
    }
  });

  it('filters dates and times by range', async () => {
    const from = new Date(server.clock.now() - 60_000).toISOString();
    const to = new Date(server.clock.now() + 60_000).toISOString();
    const inRange = await listPanel.call<EntityListResponse>(rest.list(Activity), {
      query: { 'filter.at.from': from, 'filter.at.to': to },
    });
    expect(inRange.body.data!.total).toBeGreaterThan(0);
    const later = await listPanel.call<EntityListResponse>(rest.list(Activity), { query: { 'filter.at.from': to } });
    expect(later.body.data!.total).toBe(0);
  });
});
