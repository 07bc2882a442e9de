/**
 * Issue 14, item 5: adding a person to a panel is an invitation. The invited person gets no
 * access and sees the panel only as an invitation until they accept (or decline, or let it lapse);
 * the inviter learns nothing of them but what they typed until then; lookups are limited.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import type { EntityListResponse, Row } from '../../src/contract/entity.ts';
import { INVITATION_DAYS, panelEndpoints, type PanelInvitation, type PanelSummary } from '../../src/contract/panels.ts';
import { lookupLimit } from '../../server/access/memberHooks.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { callerIn, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient } from './syncFixture.ts';

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let owner: PanelCaller;
let role: Row;

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'نانوایی سحر');
  role = await createRow(owner, Role, { name: 'Baker', permissions: ['PanelManagement.Role.read'] });
});
afterAll(() => server.close());

const invitationsOf = async (person: TestAccount) =>
  (await server.call<PanelInvitation[]>(panelEndpoints.invitations, { token: person.tokens.access_token })).body.data!;
const panelsOf = async (person: TestAccount) =>
  (await server.call<PanelSummary[]>(panelEndpoints.list, { token: person.tokens.access_token })).body.data!;
const answer = (person: TestAccount, accept: boolean, code = owner.code) =>
  server.call<PanelSummary | null>(accept ? panelEndpoints.acceptInvitation : panelEndpoints.declineInvitation, {
    token: person.tokens.access_token,
    body: { code },
  });

async function invite(): Promise<{ person: TestAccount; row: Row }> {
  const person = await server.createAccount();
  return { person, row: await createRow(owner, Member, { login: person.username, roleId: role.id }) };
}

describe('an invited person', () => {
  it('has no access to the panel and does not find it among their panels, only among their invitations', async () => {
    const { person } = await invite();
    const inside = await callerIn(server, person, owner.code).call(panelEndpoints.current);
    const stranger = await callerIn(server, person, 'ZZZZZZZZ').call(panelEndpoints.current);
    expect(inside.status).toBe(404);
    expect(inside.body).toEqual(stranger.body);
    expect((await callerIn(server, person, owner.code).call(rest.list(Role))).status).toBe(404);
    expect(await panelsOf(person)).toEqual([]);
    expect(await invitationsOf(person)).toEqual([
      {
        code: owner.code,
        name: 'نانوایی سحر',
        icon: 'store',
        invitedBy: 'مریم احمدی',
        roleName: 'Baker',
        openUntil: new Date(server.clock.now() + INVITATION_DAYS * DAY).toISOString(),
      },
    ]);
  });

  it('joins by accepting: the panel is theirs to enter with the role, and the panel sees their name', async () => {
    const { person, row } = await invite();
    const accepted = await answer(person, true);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ code: owner.code, roleName: 'Baker', isOwner: false });
    expect((await panelsOf(person)).map((p) => p.code)).toEqual([owner.code]);
    expect(await invitationsOf(person)).toEqual([]);
    expect((await callerIn(server, person, owner.code).call(rest.list(Role))).status).toBe(200);
    const seen = (await owner.call<Row>(rest.get(Member, row.id))).body.data!;
    expect(seen).toMatchObject({
      status: 'active',
      displayName: 'مریم احمدی',
      userName: person.username,
      login: person.username,
      invitedUntil: null,
    });
  });

  it('who declines stays out, and cannot accept afterwards', async () => {
    const { person, row } = await invite();
    expect((await answer(person, false)).status).toBe(200);
    expect((await owner.call<Row>(rest.get(Member, row.id))).body.data).toMatchObject({ status: 'declined', userName: null });
    expect(await invitationsOf(person)).toEqual([]);
    expect((await answer(person, true)).status).toBe(404);
    expect((await callerIn(server, person, owner.code).call(panelEndpoints.current)).status).toBe(404);
  });
});

describe('answering an invitation', () => {
  it('is for the invited account alone; anyone else, and an unknown code, get one and the same answer', async () => {
    await invite();
    const someoneElse = await server.createAccount();
    const notTheirs = await answer(someoneElse, true);
    const unknown = await answer(someoneElse, true, 'QQQQQQQQ');
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toEqual(unknown.body);
    expect(await panelsOf(someoneElse)).toEqual([]);
  });

  it('is audited and synced to the panel like any write', async () => {
    const { person, row } = await invite();
    const client = syncClient(owner);
    const before = await pullAll(client);
    await answer(person, true);
    const after = await pullAll(client, before.cursor);
    expect(after.changes.find((c) => c.entity === Member.key)?.row).toMatchObject({
      id: row.id,
      status: 'active',
      displayName: 'مریم احمدی',
    });
    const log = await owner.call<EntityListResponse>(
      { method: 'GET', path: '/api/PanelManagement/Activity' },
      { query: { pageSize: '500' } },
    );
    const entries = log.body.data!.items.filter((r) => r.rowId === row.id).map((r) => [r.action, r.rowTitle]);
    expect(entries).toEqual(
      expect.arrayContaining([
        ['create', person.username],
        ['update', 'مریم احمدی'],
      ]),
    );
  });
});

describe('the inviter, before the person accepts', () => {
  it('sees only what they typed: no name, username, mobile or account id, over REST, pull and push', async () => {
    const person = await server.createAccount();
    const typed = person.mobile!;
    const created = await createRow(owner, Member, { login: typed, roleId: role.id });
    const shown = [
      created,
      (await owner.call<Row>(rest.get(Member, created.id))).body.data!,
      (await owner.call<EntityListResponse>(rest.list(Member))).body.data!.items.find((r) => r.id === created.id)!,
      (await pullAll(syncClient(owner))).changes.find((c) => c.row.id === created.id)!.row,
    ];
    for (const row of shown) {
      expect(row).toMatchObject({ login: typed, displayName: typed, userName: null, mobile: null, status: 'invited' });
      expect(JSON.stringify(row)).not.toContain(person.userId);
      expect(JSON.stringify(row)).not.toContain(person.username);
      expect(JSON.stringify(row)).not.toContain('مریم');
    }
  });
});

describe('looking people up to invite them', () => {
  it('is limited per inviter: past the limit a push is rejected with 9403 and REST answers 429 with Retry-After', async () => {
    const inviter = await server.createAccount();
    const panel = await openPanel(server, inviter);
    const seller = await createRow(panel, Role, { name: 'Seller' });
    const mutations = Array.from({ length: lookupLimit.maxFailures + 1 }, (_, i) => ({
      mutationId: i + 1,
      entity: Member.key,
      op: 'create' as const,
      id: randomUUID(),
      values: { login: `nobody-${i}-${randomUUID().slice(0, 6)}`, roleId: seller.id },
    }));
    const pushed = await syncClient(panel).push(mutations);
    const codes = pushed.body.data!.results.map((r) => r.code);
    expect(codes.slice(0, lookupLimit.maxFailures).every((c) => c === Code.NotFoundUser)).toBe(true);
    expect(codes.at(-1)).toBe(Code.TryAgain);
    const rest429 = await panel.call(rest.create(Member), { body: { login: (await server.createAccount()).username, roleId: seller.id } });
    expect(rest429.status).toBe(429);
    expect(rest429.body.errorData?.code).toBe(Code.TryAgain);
    expect(Number(rest429.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('an invitation nobody answers', () => {
  // Last in the file: it moves the clock a week on, past every token issued so far.
  it('lapses after its days are up: it is no longer listed and can no longer be accepted', async () => {
    const { person } = await invite();
    server.clock.advance(INVITATION_DAYS * DAY + 1);
    const later = { ...person, tokens: await server.login(person.username, person.password) };
    expect(await invitationsOf(later)).toEqual([]);
    const late = await answer(later, true);
    expect([late.status, late.body.errorData?.code]).toEqual([404, Code.NotFound]);
    expect(await panelsOf(later)).toEqual([]);
  });
});
