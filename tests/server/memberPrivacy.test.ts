/**
 * Issue 14, item 5: panel readers see members' names, never their account ids, and their mobile
 * numbers only with the `contact` grant. The rule is a declared field property (`readableBy`) the
 * server applies to every row it answers (REST, pull, push), and to search, filters and sorting.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { permission, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { acceptedMember, addMember, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient } from './syncFixture.ts';

let server: TestServer;
let owner: PanelCaller;
let person: TestAccount;
let member: Row;
let reader: PanelCaller;
let contactReader: PanelCaller;

const readPeople = [permission(Member, 'read'), permission(Member, 'update'), permission(Role, 'read')];

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount());
  const role = await createRow(owner, Role, { name: 'Clerk' });
  person = await server.createAccount();
  member = await acceptedMember(server, owner, role.id, person);
  reader = await addMember(server, owner, await server.createAccount(), readPeople);
  contactReader = await addMember(server, owner, await server.createAccount(), [...readPeople, permission(Member, 'contact')]);
});
afterAll(() => server.close());

/** Every answer that carries the member's row, as `caller` gets them. */
async function rowsSeenBy(caller: PanelCaller): Promise<Row[]> {
  const list = (await caller.call<EntityListResponse>(rest.list(Member))).body.data!.items.find((r) => r.id === member.id)!;
  const one = (await caller.call<Row>(rest.get(Member, member.id))).body.data!;
  const pulled = (await pullAll(syncClient(caller))).changes.find((c) => c.row.id === member.id)!.row;
  return [list, one, pulled];
}

describe("a member's row", () => {
  it('never carries the account id, not even to the owner', async () => {
    for (const caller of [owner, reader, contactReader]) {
      for (const row of await rowsSeenBy(caller)) {
        expect(row).not.toHaveProperty('userId');
        expect(JSON.stringify(row)).not.toContain(person.userId);
      }
    }
  });

  it('shows names to every reader, and the mobile number only with the contact grant', async () => {
    for (const row of await rowsSeenBy(reader))
      expect(row).toMatchObject({ displayName: 'مریم احمدی', userName: person.username, mobile: null });
    for (const row of await rowsSeenBy(contactReader)) expect(row).toMatchObject({ mobile: person.mobile });
    for (const row of await rowsSeenBy(owner)) expect(row).toMatchObject({ mobile: person.mobile });
  });

  it('comes back from a write without the hidden fields too (REST and push)', async () => {
    const current = (await reader.call<Row>(rest.get(Member, member.id))).body.data!;
    const changed = await reader.call<Row>(rest.update(Member, member.id), { body: { version: current.version, title: 'انباردار' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ title: 'انباردار', mobile: null });
    expect(changed.body.data).not.toHaveProperty('userId');
    const pushed = await syncClient(reader).push([
      {
        mutationId: 1,
        entity: Member.key,
        op: 'update',
        id: member.id,
        baseVersion: changed.body.data!.version,
        values: { title: 'صندوق‌دار' },
      },
    ]);
    expect(pushed.body.data!.results[0]!.row).toMatchObject({ title: 'صندوق‌دار', mobile: null });
    expect(JSON.stringify(pushed.body)).not.toContain(person.mobile!);
  });

  it('cannot be found, filtered or sorted by a hidden field', async () => {
    const search = await reader.call<EntityListResponse>(rest.list(Member), { query: { search: person.mobile!.slice(-7) } });
    expect(search.body.data!.items.map((r) => r.id)).not.toContain(member.id);
    const queries: Record<string, string>[] = [
      { 'filter.mobile': person.mobile! },
      { sort: 'mobile' },
      { 'filter.userId': person.userId },
      { sort: 'userId' },
    ];
    for (const query of queries) {
      expect((await reader.call(rest.list(Member), { query })).status).toBe(400);
    }
    const found = await contactReader.call<EntityListResponse>(rest.list(Member), { query: { search: person.mobile!.slice(-7) } });
    expect(found.body.data!.items.map((r) => r.id)).toContain(member.id);
  });
});

describe('the contact grant', () => {
  it('is a permission a role can hold, and an unknown grant is refused', async () => {
    expect(
      (await owner.call(rest.create(Role), { body: { id: randomUUID(), name: 'HR', permissions: [permission(Member, 'contact')] } }))
        .status,
    ).toBe(201);
    expect(
      (await owner.call(rest.create(Role), { body: { id: randomUUID(), name: 'Spy', permissions: [permission(Member, 'spy')] } })).status,
    ).toBe(400);
  });
});
