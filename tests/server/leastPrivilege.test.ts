/**
 * Least privilege and separation of duties (issue 23, findings 1; decision 019), with the real
 * attendance module and the panel's real default roles: the default Staff role cannot accept its
 * own flagged punch, write manual punches for itself or change the policy on its own Personnel
 * row; reviewing and setting policy are grants of their own (shown in the role matrix), and even
 * their holders never use them on their own rows. Untouched default roles of existing panels are
 * brought to the new matrices by a migration; edited ones are left alone.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/modules/discover.ts';
import { Code } from '../../src/contract/codes.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { permission, READ_ALL_GRANT, type Row } from '../../src/contract/entity.ts';
import { allPermissions, entities } from '../../src/contract/modules.ts';
import { panelEndpoints, type InitialElementsResult } from '../../src/contract/panels.ts';
import { defaultMatrices, defaultRoleId } from '../../server/access/defaultRoles.ts';
import { MANAGE_GRANT, Personnel, Place, Rule } from '../../modules/HumanResource/entities/masterData.ts';
import { Punch, REVIEW_GRANT } from '../../modules/HumanResource/entities/punch.ts';
import { Request, SUPPORT_GRANT } from '../../modules/NagemManagement/entities/support.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { acceptedMember, callerIn, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { syncClient } from './syncFixture.ts';

let server: TestServer;
let owner: PanelCaller;
let roles: Record<string, Row>;
let staff: PanelCaller;
let staffRow: Row;
let supervisor: PanelCaller;
let supervisorRow: Row;
let office: Row;

const centre = { latitude: '35.700000', longitude: '51.400000' };
const far = { latitude: '35.710000', longitude: '51.400000' };
const now = () => new Date(server.clock.now()).toISOString();

async function memberWith(roleId: string): Promise<{ caller: PanelCaller; memberId: string }> {
  const account = await server.createAccount();
  const member = await acceptedMember(server, owner, roleId, account);
  return { caller: callerIn(server, account, owner.code), memberId: member.id };
}

function punch(caller: PanelCaller, person: Row, values: Record<string, unknown> = {}) {
  return caller.call<Row>(rest.create(Punch), {
    body: { id: randomUUID(), personnelId: person.id, direction: 'in', source: 'phone', at: now(), accuracy: 10, ...far, ...values },
  });
}

async function review(caller: PanelCaller, row: Row, status: 'accepted' | 'void' = 'accepted') {
  return caller.call<Row>(rest.update(Punch, row.id), { body: { version: row.version, status, note: 'بررسی شد' } });
}

const refused = (answer: { status: number; body: { errorData?: { code?: number } | null } }) => [
  answer.status,
  answer.body.errorData?.code,
];

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'شرکت تفکیک وظایف', [
    'PanelManagement',
    'HumanResource',
    'MarketAccounting',
    'NagemManagement',
    'WarehousingMVM',
  ]);
  const setup = await owner.call<InitialElementsResult>(panelEndpoints.initialElements, { headers: { 'accept-language': 'en' } });
  roles = Object.fromEntries(setup.body.data!.roles.map((r: Row) => [r.name, r]));
  office = await createRow(owner, Place, { name: 'دفتر', ...centre, radius: 150 });
  const rule = await createRow(owner, Rule, {
    name: 'اداری',
    workDays: ['sat', 'sun'],
    shiftStart: '8:00',
    shiftEnd: '16:00',
    worstAccuracy: 50,
    maxOfflineHours: 24,
  });
  const policy = { placeIds: [office.id], ruleId: rule.id, methods: ['phoneFence'], offlineAccepted: false, active: true };

  const asStaff = await memberWith(roles.Staff!.id);
  staff = asStaff.caller;
  staffRow = await createRow(owner, Personnel, {
    firstName: 'مریم',
    lastName: 'کریمی',
    code: 'S-1',
    memberId: asStaff.memberId,
    ...policy,
  });

  // An attendance supervisor: reviews punches and sets policy, sees everyone's, and is an employee too.
  const supervising = await createRow(owner, Role, {
    name: 'سرپرست حضور و غیاب',
    permissions: [
      ...['read', 'create', 'update', READ_ALL_GRANT, REVIEW_GRANT].map((a) => permission(Punch, a)),
      ...['read', 'create', 'update', READ_ALL_GRANT, MANAGE_GRANT].map((a) => permission(Personnel, a)),
      permission(Place, 'read'),
      permission(Rule, 'read'),
    ],
  });
  const asSupervisor = await memberWith(supervising.id);
  supervisor = asSupervisor.caller;
  supervisorRow = await createRow(owner, Personnel, {
    firstName: 'رضا',
    lastName: 'احمدی',
    code: 'S-2',
    memberId: asSupervisor.memberId,
    ...policy,
  });
});
afterAll(async () => {
  await server.close();
});

describe('the default Staff role', () => {
  it('holds reading and creating its own work, and no review, policy, scope-lifting, deleting or accounting', () => {
    const held = roles.Staff!.permissions as string[];
    expect(held).toEqual(expect.arrayContaining([permission(Punch, 'read'), permission(Punch, 'create'), permission(Personnel, 'read')]));
    expect(held).not.toContain(permission(Punch, 'update'));
    expect(held).not.toContain(permission(Personnel, 'update'));
    expect(held.filter((p) => /\.(delete|readAll|review|manage|kiosk|submit|cancel)$/.test(p))).toEqual([]);
    expect(held.filter((p) => p.startsWith('MarketAccounting.'))).toEqual([]);
    expect(held.filter((p) => p.startsWith('PanelManagement.') && p !== 'PanelManagement.Member.read')).toEqual([]);
  });

  it('cannot accept its own flagged punch', async () => {
    server.clock.advance(20_000);
    const flagged = (await punch(staff, staffRow)).body.data!;
    expect(flagged).toMatchObject({ status: 'flagged', flags: ['outside'] });
    expect(refused(await review(staff, flagged))).toEqual([403, Code.InvalidOperation]);
    const held = await owner.call<Row>(rest.get(Punch, flagged.id));
    expect(held.body.data).toMatchObject({ status: 'flagged', version: 1 });
  });

  it('cannot write a manual punch for itself, nor accept one at creation', async () => {
    const manual = await punch(staff, staffRow, {
      source: 'manual',
      at: new Date(server.clock.now() - 3 * 86_400_000).toISOString(),
      note: 'فراموش کردم',
    });
    expect(refused(manual)).toEqual([403, Code.InvalidOperation]);
    const accepted = await punch(staff, staffRow, { status: 'accepted' });
    expect(accepted.body.data).toMatchObject({ fields: { status: 'option' } });
  });

  it('cannot change the policy on its own Personnel row', async () => {
    const changed = await staff.call<Row>(rest.update(Personnel, staffRow.id), {
      body: { version: staffRow.version, methods: ['phoneAnywhere'], offlineAccepted: true },
    });
    expect(changed.status).toBe(403);
    const held = await owner.call<Row>(rest.get(Personnel, staffRow.id));
    expect(held.body.data).toMatchObject({ methods: ['phoneFence'], offlineAccepted: false, version: staffRow.version });
  });
});

describe('review and policy are grants of their own, never used on one’s own rows', () => {
  it('are in the role matrix (every permission a role can hold)', () => {
    expect(allPermissions()).toEqual(expect.arrayContaining([permission(Punch, REVIEW_GRANT), permission(Personnel, MANAGE_GRANT)]));
    expect(Object.keys(Punch.grants ?? {})).toContain(REVIEW_GRANT);
    expect(Object.keys(Personnel.grants ?? {})).toContain(MANAGE_GRANT);
  });

  it('update alone does not review or set policy', async () => {
    const updater = await createRow(owner, Role, {
      name: 'فقط ویرایش',
      permissions: [
        permission(Punch, 'read'),
        permission(Punch, 'update'),
        permission(Punch, READ_ALL_GRANT),
        permission(Personnel, 'read'),
        permission(Personnel, 'update'),
        permission(Personnel, READ_ALL_GRANT),
      ],
    });
    const { caller } = await memberWith(updater.id);
    server.clock.advance(20_000);
    const flagged = (await punch(owner, staffRow)).body.data!;
    expect(refused(await review(caller, flagged))).toEqual([403, Code.InvalidOperation]);
    const current = (await owner.call<Row>(rest.get(Personnel, staffRow.id))).body.data!;
    const policy = await caller.call<Row>(rest.update(Personnel, staffRow.id), {
      body: { version: current.version, offlineAccepted: true },
    });
    expect(policy.body.data).toMatchObject({ fields: { offlineAccepted: 'permission' } });
    // What is not policy stays theirs to edit.
    const title = await caller.call<Row>(rest.update(Personnel, staffRow.id), { body: { version: current.version, jobTitle: 'کارشناس' } });
    expect(title.status).toBe(200);
  });

  it('a reviewer reviews others’ punches but not their own', async () => {
    server.clock.advance(20_000);
    const others = (await punch(staff, staffRow)).body.data!;
    expect((await review(supervisor, others)).body.data).toMatchObject({ status: 'accepted' });
    server.clock.advance(20_000);
    const own = (await punch(supervisor, supervisorRow)).body.data!;
    expect(own.status).toBe('flagged');
    expect(refused(await review(supervisor, own))).toEqual([403, Code.InvalidOperation]);
    expect(refused(await review(supervisor, own, 'void'))).toEqual([403, Code.InvalidOperation]);
  });

  it('a reviewer writes manual punches for others, not for themselves', async () => {
    const back = new Date(server.clock.now() - 3 * 86_400_000).toISOString();
    const forOther = await punch(supervisor, staffRow, { source: 'manual', at: back, note: 'کارت خراب بود' });
    expect(forOther.status).toBe(201);
    const forSelf = await punch(supervisor, supervisorRow, { source: 'manual', at: back, note: 'کارت خراب بود' });
    expect(refused(forSelf)).toEqual([403, Code.InvalidOperation]);
    expect(forSelf.body.data).toMatchObject({ fields: { source: 'option' } });
  });

  it('a policy manager sets others’ policy, not their own; what is not policy they may edit on their own row', async () => {
    const other = (await owner.call<Row>(rest.get(Personnel, staffRow.id))).body.data!;
    const set = await supervisor.call<Row>(rest.update(Personnel, other.id), {
      body: { version: other.version, methods: ['phoneFence', 'kiosk'] },
    });
    expect(set.status).toBe(200);
    const own = (await owner.call<Row>(rest.get(Personnel, supervisorRow.id))).body.data!;
    const mine = await supervisor.call<Row>(rest.update(Personnel, own.id), {
      body: { version: own.version, methods: ['phoneAnywhere'], offlineAccepted: true },
    });
    expect(mine.body.data).toMatchObject({ fields: { methods: 'option', offlineAccepted: 'option' } });
    const title = await supervisor.call<Row>(rest.update(Personnel, own.id), { body: { version: own.version, jobTitle: 'سرپرست' } });
    expect(title.status).toBe(200);
  });

  it('holds through sync pushes too', async () => {
    server.clock.advance(20_000);
    const own = (await punch(supervisor, supervisorRow)).body.data!;
    const pushed = await syncClient(supervisor).push([
      {
        mutationId: 1,
        entity: Punch.key,
        op: 'update',
        id: own.id,
        baseVersion: own.version,
        values: { status: 'accepted', note: 'خودم' },
      },
    ]);
    expect(pushed.body.data!.results[0]).toMatchObject({ status: 'rejected', code: Code.InvalidOperation, fields: { status: 'option' } });
    expect((await owner.call<Row>(rest.get(Punch, own.id))).body.data).toMatchObject({ status: 'flagged' });
  });

  it('the owner, who is no member, may review anyone’s punch', async () => {
    server.clock.advance(20_000);
    const flagged = (await punch(staff, staffRow)).body.data!;
    expect((await review(owner, flagged)).body.data).toMatchObject({ status: 'accepted' });
  });
});

describe('the migration of untouched default roles', () => {
  const sql = readFileSync(join(import.meta.dirname, '../../server/db/migrations/after/019_least_privilege_default_roles.sql'), 'utf8');

  it('brings never-edited default roles to today’s matrices and leaves edited ones alone', async () => {
    const old = entities().flatMap((e) =>
      e.module === 'PanelManagement'
        ? []
        : [permission(e, 'read'), ...(e.serverOnly ? [] : [permission(e, 'create'), permission(e, 'update')])],
    );
    const untouched = await openPanel(server, await server.createAccount(), 'پیشخوان قدیمی', ['PanelManagement', 'HumanResource']);
    const edited = await openPanel(server, await server.createAccount(), 'پیشخوان ویرایش‌شده', ['PanelManagement', 'HumanResource']);
    for (const panel of [untouched, edited]) await panel.call(panelEndpoints.initialElements, { headers: { 'accept-language': 'fa' } });
    const panelId = async (code: string) => (await server.db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [code]))[0]!.id;
    const untouchedId = await panelId(untouched.code);
    const editedId = await panelId(edited.code);
    // As a panel set up before this change holds them: the old Staff matrix at version 1.
    await server.db.query(`UPDATE ${Role.table} SET permissions = $2::jsonb, version = 1 WHERE panel_id = $1 AND id = $3::uuid`, [
      untouchedId,
      JSON.stringify(old),
      defaultRoleId(untouchedId, 'staff'),
    ]);
    await server.db.query(`UPDATE ${Role.table} SET permissions = $2::jsonb, version = 1 WHERE panel_id = $1 AND id = $3::uuid`, [
      editedId,
      JSON.stringify(old),
      defaultRoleId(editedId, 'staff'),
    ]);
    const editedStaff = (await edited.call<Row>(rest.get(Role, defaultRoleId(editedId, 'staff')))).body.data!;
    const mine = [...old.slice(0, 5), permission(Punch, 'update')];
    expect((await edited.call(rest.update(Role, editedStaff.id), { body: { version: 1, permissions: mine } })).status).toBe(200);
    const before = (await server.db.query<{ seq: string }>('SELECT coalesce(max(seq), 0)::text AS seq FROM sync_changes'))[0]!.seq;

    await server.db.exec(sql);

    const staffOf = async (panel: PanelCaller, id: string) =>
      (await panel.call<Row>(rest.get(Role, defaultRoleId(id, 'staff')))).body.data!;
    const upgraded = await staffOf(untouched, untouchedId);
    expect([...(upgraded.permissions as string[])].sort()).toEqual([...defaultMatrices.staff()].sort());
    expect(upgraded.version).toBe(2);
    const admin = (await untouched.call<Row>(rest.get(Role, defaultRoleId(untouchedId, 'administrator')))).body.data!;
    expect(admin.permissions).toEqual(
      expect.arrayContaining([permission(Punch, REVIEW_GRANT), permission(Personnel, MANAGE_GRANT), permission(Request, SUPPORT_GRANT)]),
    );
    expect((await staffOf(edited, editedId)).permissions).toEqual(mine);
    // Devices hear of it: the upgraded role is in the change log after what they had seen.
    const stamped = await server.db.query<{ row_id: string }>('SELECT row_id::text FROM sync_changes WHERE seq > $1::bigint', [before]);
    expect(stamped.map((r) => r.row_id)).toContain(upgraded.id);
    // Run again (a second server starting), it changes nothing more.
    await server.db.exec(sql);
    expect((await staffOf(untouched, untouchedId)).version).toBe(2);
  });
});
