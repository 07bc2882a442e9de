/**
 * Issue 14, item 4: a role with only `Member.create` reached Administrator in three requests (add
 * a member with a stronger role, widen one's own role, or move one's own member row to it).
 * Someone who is not the owner grants only permissions they hold, touches only roles and people
 * at or below them, and does not change their own role or member row. Over REST and sync alike.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { allPermissions } from '../../src/contract/modules.ts';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { permission, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { acceptedMember, addMember, createRow, managePeopleAndRoles, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { syncClient } from './syncFixture.ts';

let server: TestServer;
let owner: PanelCaller;
let admin: Row;

const manage = [...managePeopleAndRoles];

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount());
  admin = await createRow(owner, Role, { name: 'Administrator', permissions: [...allPermissions()] });
});
afterAll(() => server.close());

/** A manager (people and roles, nothing else) in the owner's panel, with their own role and member rows. */
async function manager(permissions = manage): Promise<{ caller: PanelCaller; ownRole: Row; ownRow: Row }> {
  const caller = await addMember(server, owner, await server.createAccount(), permissions);
  const people = (await caller.call<EntityListResponse>(rest.list(Member))).body.data?.items ?? [];
  const ownRow = people.find((r) => r.userName === caller.account.username)!;
  const ownRole = (await owner.call<Row>(rest.get(Role, String(ownRow.roleId)))).body.data!;
  return { caller, ownRole, ownRow };
}

const refused = (answer: { status: number; body: { errorData: { code: number } | null } }) => [answer.status, answer.body.errorData?.code];

describe('the attack the probe found', () => {
  it('does not get a Member.create role to Administrator by any of its three requests', async () => {
    const { caller, ownRole, ownRow } = await manager([permission(Member, 'create'), permission(Member, 'read'), permission(Role, 'read')]);
    const accomplice = await server.createAccount();
    const stronger = await caller.call(rest.create(Member), { body: { login: accomplice.username, roleId: admin.id } });
    expect(refused(stronger)).toEqual([403, Code.InvalidOperation]);
    const widen = await caller.call(rest.update(Role, ownRole.id), {
      body: { version: ownRole.version, permissions: [...allPermissions()] },
    });
    expect(widen.status).toBe(403);
    const promote = await caller.call(rest.update(Member, ownRow.id), { body: { version: ownRow.version, roleId: admin.id } });
    expect(promote.status).toBe(403);
    const access = await caller.call<CurrentPanel>(panelEndpoints.current);
    expect(access.body.data!.permissions).not.toContain(permission(Role, 'update'));
  });
});

describe('someone who is not the owner', () => {
  it('creates and widens roles only within their own permissions', async () => {
    const { caller } = await manager();
    const within = await caller.call<Row>(rest.create(Role), {
      body: { id: randomUUID(), name: 'Helper', permissions: [permission(Member, 'read')] },
    });
    expect(within.status).toBe(201);
    const beyond = await caller.call(rest.create(Role), {
      body: { id: randomUUID(), name: 'Boss', permissions: ['PanelManagement.Panel.update'] },
    });
    expect([...refused(beyond), beyond.body.data]).toEqual([403, Code.InvalidOperation, { fields: { permissions: 'range' } }]);
    const widen = await caller.call(rest.update(Role, within.body.data!.id), {
      body: { version: 1, permissions: [permission(Member, 'contact')] },
    });
    expect(widen.status).toBe(403);
  });

  it('adds and moves people only with roles at or below their own', async () => {
    const { caller, ownRole } = await manager();
    const weaker = await createRow(owner, Role, { name: `Reader ${randomUUID().slice(0, 6)}`, permissions: [permission(Role, 'read')] });
    const added = await caller.call<Row>(rest.create(Member), {
      body: { login: (await server.createAccount()).username, roleId: weaker.id },
    });
    expect(added.status).toBe(201);
    const sameAsMine = await caller.call(rest.create(Member), {
      body: { login: (await server.createAccount()).username, roleId: ownRole.id },
    });
    expect(sameAsMine.status).toBe(201);
    const moved = await caller.call(rest.update(Member, added.body.data!.id), {
      body: { version: added.body.data!.version, roleId: admin.id },
    });
    expect(refused(moved)).toEqual([403, Code.InvalidOperation]);
  });

  it('leaves people and roles above them alone: the administrator cannot be demoted, removed or stripped', async () => {
    const { caller } = await manager();
    const boss = await acceptedMember(server, owner, admin.id);
    const demote = await caller.call(rest.update(Member, boss.id), { body: { version: boss.version, title: 'demoted' } });
    expect(demote.status).toBe(403);
    expect((await caller.call(rest.remove(Member, boss.id), { query: { version: String(boss.version) } })).status).toBe(403);
    const current = (await owner.call<Row>(rest.get(Role, admin.id))).body.data!;
    expect((await caller.call(rest.update(Role, admin.id), { body: { version: current.version, permissions: [] } })).status).toBe(403);
    expect((await caller.call(rest.remove(Role, admin.id), { query: { version: String(current.version) } })).status).toBe(403);
  });

  it('does not change their own role or their own member row, even within their permissions', async () => {
    const { caller, ownRole, ownRow } = await manager();
    expect((await caller.call(rest.update(Role, ownRole.id), { body: { version: ownRole.version, description: 'mine' } })).status).toBe(
      403,
    );
    expect((await caller.call(rest.update(Member, ownRow.id), { body: { version: ownRow.version, title: 'chief' } })).status).toBe(403);
    expect((await caller.call(rest.remove(Member, ownRow.id), { query: { version: String(ownRow.version) } })).status).toBe(403);
  });

  it('meets the same ceiling when the writes come by sync', async () => {
    const { caller, ownRole, ownRow } = await manager();
    const answer = await syncClient(caller).push([
      { mutationId: 1, entity: Role.key, op: 'create', id: randomUUID(), values: { name: 'Sneaky', permissions: [...allPermissions()] } },
      {
        mutationId: 2,
        entity: Role.key,
        op: 'update',
        id: ownRole.id,
        baseVersion: ownRole.version,
        values: { permissions: [...allPermissions()] },
      },
      { mutationId: 3, entity: Member.key, op: 'update', id: ownRow.id, baseVersion: ownRow.version, values: { roleId: admin.id } },
      {
        mutationId: 4,
        entity: Member.key,
        op: 'create',
        id: randomUUID(),
        values: { login: (await server.createAccount()).username, roleId: admin.id },
      },
    ]);
    expect(answer.body.data!.results.map((r) => [r.status, r.code])).toEqual(Array(4).fill(['rejected', Code.InvalidOperation]));
  });
});

describe('the owner', () => {
  it('is not limited: grants anything and changes anyone', async () => {
    const boss = await acceptedMember(server, owner, admin.id);
    const demoted = await owner.call(rest.update(Member, boss.id), { body: { version: boss.version, title: 'Former boss' } });
    expect(demoted.status).toBe(200);
    expect(
      (await owner.call(rest.create(Role), { body: { id: randomUUID(), name: 'Everything', permissions: [...allPermissions()] } })).status,
    ).toBe(201);
  });
});
