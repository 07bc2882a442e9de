import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { allPermissions } from '../../src/contract/modules.ts';
import { Activity, Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { permission, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import {
  panelEndpoints,
  PANEL_CODE_PATTERN,
  PANEL_SETTINGS_PERMISSION,
  type ActivitySummary,
  type CurrentPanel,
  type CurrentPanelPeople,
  type InitialElementsResult,
  type PanelSummary,
} from '../../src/contract/panels.ts';
import { PANEL_HEADER } from '../../src/contract/service.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { addMember, callerIn, createRow, openPanel, rest } from './panelsFixture.ts';

let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createAccount();
});
afterAll(async () => {
  await server.close();
});

type Current = CurrentPanel & CurrentPanelPeople;

/** Every permission of the given modules: what an owner holds in a panel that enables them. */
const permissionsOf = (modules: readonly string[]) => allPermissions().filter((p) => modules.includes(p.slice(0, p.indexOf('.'))));
type Fields = { fields: Record<string, string> };

describe('registering and listing panels', () => {
  it('makes the caller owner of a new panel with a server-made code, every permission and PanelManagement enabled', async () => {
    const answer = await server.call<Current>(panelEndpoints.register, {
      token: owner.tokens.access_token,
      body: { name: ' Acme ', icon: 'factory', companyName: 'Acme Co', postalCode: '۱۲۳۴۵-۶۷۸۹۰', modules: ['WarehousingMVM'] },
    });
    expect([answer.status, answer.body.errorData]).toEqual([201, null]);
    const panel = answer.body.data!;
    expect(panel.code).toMatch(PANEL_CODE_PATTERN);
    expect(panel).toMatchObject({
      name: 'Acme',
      icon: 'factory',
      companyName: 'Acme Co',
      postalCode: '1234567890',
      economicCode: '',
      modules: ['PanelManagement', 'WarehousingMVM'],
      isOwner: true,
      initialized: false,
      ownerUserName: owner.username,
      ownerDisplayName: 'مریم احمدی',
      roleName: null,
      memberCount: 1,
    });
    expect([...panel.permissions].sort()).toEqual(permissionsOf(['PanelManagement', 'WarehousingMVM']).sort());
    const log = await callerIn(server, owner, panel.code).call<EntityListResponse>(rest.list(Activity));
    expect(log.body.data!.items).toEqual([expect.objectContaining({ action: 'panel', entity: 'Panel', rowTitle: 'Acme' })]);
  });

  it('refuses a registration with problems, field by field, and creates nothing', async () => {
    const before = await server.call<PanelSummary[]>(panelEndpoints.list, { token: owner.tokens.access_token });
    const answer = await server.call<Fields>(panelEndpoints.register, {
      token: owner.tokens.access_token,
      body: { name: '', icon: 'no spaces', postalCode: '123', nationalId: 'abc', modules: ['Nope'] },
    });
    expect([answer.status, answer.body.errorData?.code]).toEqual([400, Code.BadRequest]);
    expect(answer.body.data!.fields).toEqual({ name: 'required', icon: 'format', postalCode: 'format', nationalId: 'format' });
    const badModules = await server.call<Fields>(panelEndpoints.register, {
      token: owner.tokens.access_token,
      body: { name: 'x', modules: ['Nope'] },
    });
    expect(badModules.body.data!.fields).toEqual({ modules: 'option' });
    const after = await server.call<PanelSummary[]>(panelEndpoints.list, { token: owner.tokens.access_token });
    expect(after.body.data).toHaveLength(before.body.data!.length);
  });

  it('lists the panels a person owns and the ones they belong to, with their role and head count', async () => {
    const person = await server.createAccount();
    const own = await openPanel(server, person, 'Mine');
    server.clock.advance(1000);
    const other = await openPanel(server, owner, 'Theirs');
    await addMember(server, other, person, [], 'Guest');
    const list = await server.call<PanelSummary[]>(panelEndpoints.list, { token: person.tokens.access_token });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        code: own.code,
        name: 'Mine',
        isOwner: true,
        roleName: null,
        memberCount: 1,
        modules: ['PanelManagement'],
      }),
      expect.objectContaining({ code: other.code, name: 'Theirs', isOwner: false, roleName: 'Guest', memberCount: 2 }),
    ]);
    expect((await server.call(panelEndpoints.list)).status).toBe(401);
  });
});

describe('tenancy: which panel a request is about', () => {
  it('needs the X-Panel-Code header (400, 9401) and a session (401)', async () => {
    const missing = await server.call(panelEndpoints.current, { token: owner.tokens.access_token });
    expect([missing.status, missing.body.errorData?.code]).toEqual([400, Code.BadRequest]);
    const panel = await openPanel(server, owner);
    expect((await server.call(panelEndpoints.current, { headers: { [PANEL_HEADER]: panel.code } })).status).toBe(401);
  });

  it('accepts the code quoted (as the cookie keeps it) and in any case', async () => {
    const panel = await openPanel(server, owner);
    for (const code of [`"${panel.code}"`, panel.code.toLowerCase(), ` ${panel.code} `]) {
      expect((await callerIn(server, owner, code).call(panelEndpoints.current)).status).toBe(200);
    }
  });

  it('answers an unknown code and a panel the caller does not belong to identically', async () => {
    const stranger = await server.createAccount();
    const theirs = await openPanel(server, stranger);
    const notMember = await callerIn(server, owner, theirs.code).call(panelEndpoints.current);
    const unknown = await callerIn(server, owner, 'QQQQQQQQ').call(panelEndpoints.current);
    const malformed = await callerIn(server, owner, 'not a code!').call(panelEndpoints.current);
    expect(notMember.status).toBe(404);
    expect(notMember.body.errorData?.code).toBe(Code.NotFound);
    expect(unknown).toMatchObject({ status: notMember.status, body: notMember.body });
    expect(malformed).toMatchObject({ status: notMember.status, body: notMember.body });
  });

  it('takes a removed member out at once, and gives a changed role its new permissions at once', async () => {
    const panel = await openPanel(server, owner);
    const person = await server.createAccount();
    const member = await addMember(server, panel, person, [permission(Role, 'read')]);
    expect((await member.call(rest.list(Member))).status).toBe(403);
    const roles = await panel.call<EntityListResponse>(rest.list(Role));
    const role = roles.body.data!.items[0]!;
    await panel.call(rest.update(Role, role.id), {
      body: { version: role.version, permissions: [permission(Role, 'read'), permission(Member, 'read')] },
    });
    const people = await member.call<EntityListResponse>(rest.list(Member));
    expect(people.status).toBe(200);
    const row = people.body.data!.items[0]!;
    await panel.call(rest.remove(Member, row.id), { query: { version: String(row.version) } });
    const after = await member.call(panelEndpoints.current);
    const unknown = await callerIn(server, person, 'QQQQQQQQ').call(panelEndpoints.current);
    expect(after).toMatchObject({ status: 404, body: unknown.body });
  });
});

describe('the owner', () => {
  it('cannot be removed, added as a member, or locked out by a member with every permission', async () => {
    const panel = await openPanel(server, owner);
    const admin = await addMember(server, panel, await server.createAccount(), [...allPermissions()]);
    const people = await admin.call<EntityListResponse>(rest.list(Member));
    expect(people.body.data!.items.map((m) => m.userName)).not.toContain(owner.username);
    const addOwner = await admin.call(rest.create(Member), { body: { login: owner.username, roleId: people.body.data!.items[0]!.roleId } });
    expect(addOwner.body.errorData?.code).toBe(Code.AlreadyExists);
    const other = await createRow(admin, Member, {
      login: (await server.createAccount()).username,
      roleId: people.body.data!.items[0]!.roleId,
    });
    const becomeOwner = await admin.call(rest.update(Member, other.id), { body: { version: other.version, login: owner.username } });
    expect(becomeOwner.body.errorData?.code).toBe(Code.AlreadyExists);

    // The admin strips every role bare but their own, which is not theirs to change: the owner keeps everything.
    const mine = people.body.data!.items[0]!.roleId;
    const roles = await admin.call<EntityListResponse>(rest.list(Role));
    for (const role of roles.body.data!.items) {
      const stripped = await admin.call(rest.update(Role, role.id), { body: { version: role.version, permissions: [] } });
      expect(stripped.status).toBe(role.id === mine ? 403 : 200);
    }
    const current = await panel.call<Current>(panelEndpoints.current);
    expect([...current.body.data!.permissions].sort()).toEqual(permissionsOf(['PanelManagement']).sort());
    expect((await panel.call(rest.create(Role), { body: { name: 'Still in charge' } })).status).toBe(201);
  });
});

describe('panel settings', () => {
  it('changes details partly, audited, and only with the settings permission', async () => {
    const panel = await openPanel(server, owner, 'Before');
    const updated = await panel.call<Current>(panelEndpoints.updateDetails, { body: { name: 'After', phone: '۰۲۱-۸۸۸۸۸۸۸۸' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'After', icon: 'store', phone: '021-88888888' });
    const bad = await panel.call<Fields>(panelEndpoints.updateDetails, { body: { economicCode: '12' } });
    expect([bad.status, bad.body.data!.fields]).toEqual([400, { economicCode: 'format' }]);
    server.clock.advance(1000);
    const clerk = await addMember(server, panel, await server.createAccount(), [permission(Role, 'read')]);
    expect((await clerk.call(panelEndpoints.updateDetails, { body: { name: 'Hijacked' } })).status).toBe(403);
    const manager = await addMember(server, panel, await server.createAccount(), [PANEL_SETTINGS_PERMISSION]);
    expect((await manager.call(panelEndpoints.updateDetails, { body: { name: 'By manager' } })).status).toBe(200);
    const log = await panel.call<EntityListResponse>(rest.list(Activity), { query: { 'filter.entity': 'Panel/Details' } });
    expect(log.body.data!.items.map((a) => a.rowTitle)).toEqual(['By manager', 'After']);
  });

  it('keeps one money unit for the panel, rials until its owner chooses tomans (decision 027)', async () => {
    const panel = await openPanel(server, owner, 'Units');
    expect((await panel.call<Current>(panelEndpoints.current)).body.data).toMatchObject({ moneyUnit: 'rial' });
    const changed = await panel.call<Current>(panelEndpoints.updateDetails, { body: { moneyUnit: 'toman' } });
    expect(changed.body.data).toMatchObject({ moneyUnit: 'toman', name: 'Units' });
    // Another change of the details leaves the unit as it is.
    await panel.call(panelEndpoints.updateDetails, { body: { phone: '021-88888888' } });
    expect((await panel.call<Current>(panelEndpoints.current)).body.data).toMatchObject({ moneyUnit: 'toman' });
    const bad = await panel.call<Fields>(panelEndpoints.updateDetails, { body: { moneyUnit: 'dollar' } });
    expect([bad.status, bad.body.data!.fields]).toEqual([400, { moneyUnit: 'option' }]);
  });

  it('enables and disables modules but never PanelManagement, and keeps module icons', async () => {
    const panel = await openPanel(server, owner);
    const enabled = await panel.call<Current>(panelEndpoints.updateModules, {
      body: { modules: ['PanelManagement', 'NagemWarehousingERP'], moduleIcons: { WarehousingMVM: 'box' } },
    });
    // A module brings the modules it depends on.
    expect(enabled.body.data).toMatchObject({
      modules: ['PanelManagement', 'WarehousingMVM', 'NagemWarehousingERP'],
      moduleIcons: { WarehousingMVM: 'box' },
    });
    const withoutCore = await panel.call<Fields>(panelEndpoints.updateModules, { body: { modules: ['WarehousingMVM'] } });
    expect([withoutCore.status, withoutCore.body.errorData?.code]).toEqual([400, Code.InvalidOperation]);
    const unknown = await panel.call(panelEndpoints.updateModules, { body: { modules: ['PanelManagement', 'Casino'] } });
    expect([unknown.status, unknown.body.errorData?.code]).toEqual([400, Code.BadRequest]);
    const disabled = await panel.call<Current>(panelEndpoints.updateModules, { body: { modules: ['PanelManagement'] } });
    expect(disabled.body.data).toMatchObject({ modules: ['PanelManagement'], moduleIcons: { WarehousingMVM: 'box' } });
  });

  it('sets up the default roles once, named in the request language, with sensible permissions', async () => {
    const panel = await openPanel(server, owner);
    const first = await panel.call<InitialElementsResult>(panelEndpoints.initialElements, { headers: { 'accept-language': 'en' } });
    expect(first.status).toBe(200);
    const byName = Object.fromEntries(first.body.data!.roles.map((r: Row) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(['Administrator', 'Staff', 'Viewer']);
    expect([...(byName.Administrator!.permissions as string[])].sort()).toEqual([...allPermissions()].sort());
    expect(byName.Viewer!.permissions as string[]).toEqual(expect.arrayContaining([permission(Role, 'read'), permission(Member, 'read')]));
    expect((byName.Viewer!.permissions as string[]).every((p) => p.endsWith('.read'))).toBe(true);
    expect(byName.Staff!.permissions).not.toContain(permission(Member, 'create'));
    expect(byName.Staff!.parentRoleId).toBe(byName.Administrator!.id);

    const again = await panel.call<InitialElementsResult>(panelEndpoints.initialElements, { headers: { 'accept-language': 'fa' } });
    expect(again.body.data!.roles.map((r: Row) => r.id).sort()).toEqual(first.body.data!.roles.map((r: Row) => r.id).sort());
    const roles = await panel.call<EntityListResponse>(rest.list(Role));
    expect(roles.body.data!.total).toBe(3);
    expect((await panel.call<Current>(panelEndpoints.current)).body.data!.initialized).toBe(true);

    const persian = await openPanel(server, owner);
    const fa = await persian.call<InitialElementsResult>(panelEndpoints.initialElements, { headers: { 'accept-language': 'fa-IR' } });
    expect(fa.body.data!.roles.map((r: Row) => r.name).sort()).toEqual(['کارمند', 'مدیر', 'ناظر'].sort());
  });

  it('summarises writes per Tehran day over 30 days, with the newest entries', async () => {
    const first = await openPanel(server, owner);
    await createRow(first, Role, { name: 'Day one' });
    server.clock.advance(2 * 24 * 60 * 60 * 1000);
    // Two days on, the access token has long expired: sign in again.
    const panel = callerIn(server, { ...owner, tokens: await server.login(owner.username, owner.password) }, first.code);
    await createRow(panel, Role, { name: 'Day three, first' });
    server.clock.advance(1000);
    await createRow(panel, Role, { name: 'Day three, second' });
    const answer = await panel.call<ActivitySummary>(panelEndpoints.activitySummary, { query: { recent: '2' } });
    const { days, recent } = answer.body.data!;
    expect(days).toHaveLength(30);
    const today = new Date(server.clock.now() + 210 * 60 * 1000).toISOString().slice(0, 10);
    expect(days[29]).toEqual({ date: today, count: 2 });
    expect(days[27]!.count).toBe(2);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(4);
    expect(recent.map((r) => r.rowTitle)).toEqual(['Day three, second', 'Day three, first']);
    const reader = await addMember(server, panel, await server.createAccount(), [permission(Role, 'read')]);
    expect((await reader.call(panelEndpoints.activitySummary)).status).toBe(403);
    expect((await panel.call(panelEndpoints.activitySummary, { query: { recent: '51' } })).status).toBe(400);
  });
});
