/**
 * Notifications (issue 29, decision 038): a support request assigned to a person puts one item in
 * their inbox, in the write's transaction; only they read it (not a colleague, not the writer, not
 * even the owner), on REST and pull alike; they may only mark it read; a person who may not read
 * the request is never told of it; another panel's inbox is another's. An accepted invitation
 * tells whoever invited.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import { Notification, Role } from '../../../../src/contract/entities/panelManagement.ts';
import { permission, READ_ALL_GRANT, type Entity, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import {
  acceptedMember,
  callerIn,
  createRow,
  newMember,
  openPanel,
  rest,
  type PanelCaller,
} from '../../../../tests/server/panelsFixture.ts';
import { pullAll, syncClient } from '../../../../tests/server/syncFixture.ts';
import { Customer } from '../../entities/customers.ts';
import { Request, RequestMessage, SUPPORT_GRANT } from '../../entities/support.ts';

let server: TestServer;
let owner: PanelCaller;
const memberIds = new Map<PanelCaller, string>();
let agent: PanelCaller;
let supporterS: PanelCaller;
let supporterT: PanelCaller;
let outsider: PanelCaller;
let request: Row;

const crud = (e: Entity, extra: string[] = []) => ['read', 'create', 'update', ...extra].map((a) => permission(e, a));
const agentPermissions = [...crud(Customer), ...crud(Request), ...crud(RequestMessage)];
const supportPermissions = [
  permission(Customer, 'read'),
  permission(Customer, READ_ALL_GRANT),
  ...crud(Request, [SUPPORT_GRANT]),
  ...crud(RequestMessage),
];

async function person(permissions: string[]): Promise<PanelCaller> {
  const { caller, memberId } = await newMember(server, owner, permissions);
  memberIds.set(caller, memberId);
  return caller;
}

async function inbox(caller: PanelCaller): Promise<Row[]> {
  const answer = await caller.call<EntityListResponse>(rest.list(Notification), { query: { pageSize: '100' } });
  expect(answer.status).toBe(200);
  return answer.body.data!.items;
}

async function pulled(caller: PanelCaller): Promise<Row[]> {
  const { changes } = await pullAll(syncClient(caller));
  return changes.filter((c) => c.entity === Notification.key).map((c) => c.row);
}

async function assign(caller: PanelCaller, to: PanelCaller): Promise<void> {
  const current = (await caller.call<Row>(rest.get(Request, request.id))).body.data!;
  const answer = await caller.call<Row>(rest.update(Request, request.id), {
    body: { version: current.version, supporterId: memberIds.get(to) },
  });
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'پشتیبانی ناگم', ['PanelManagement', 'NagemManagement']);
  agent = await person(agentPermissions);
  supporterS = await person(supportPermissions);
  supporterT = await person(supportPermissions);
  // Someone who may not read support requests at all.
  outsider = await person([permission(Customer, 'read')]);
  const customer = await createRow(agent, Customer, { kind: 'company', name: 'شرکت البرز', province: 'تهران' });
  request = await createRow(agent, Request, { customerId: customer.id, subject: 'ورود نمی‌شود', priority: 'normal', status: 'open' });
});
afterAll(async () => {
  await server.close();
});

describe('a support request assigned to a person', () => {
  it('puts one item in their inbox, with the words and the row it is about, and nobody else’s', async () => {
    await assign(agent, supporterS);
    const [item, ...more] = await inbox(supporterS);
    expect(more).toHaveLength(0);
    expect(item).toMatchObject({
      kind: 'NagemManagement/requestAssigned',
      entityKey: Request.key,
      rowId: request.id,
      messageId: 'nm.notify.requestAssigned',
      readAt: null,
      at: expect.any(String),
    });
    expect(JSON.parse(String(item!.messageValues))).toEqual({ subject: 'ورود نمی‌شود' });
    // Whose it is and its once-key never leave the server.
    expect(item).not.toHaveProperty('recipientUserId');
    expect(item).not.toHaveProperty('onceKey');
    // The same on the device: pull hands it to them alone.
    expect((await pulled(supporterS)).map((r) => r.id)).toEqual([item!.id]);
    for (const other of [supporterT, agent, outsider]) {
      expect(await pulled(other)).toEqual([]);
      expect(await inbox(other)).toEqual([]);
      expect((await other.call(rest.get(Notification, item!.id))).status).toBe(404);
    }
    // The owner holds every grant, and still not someone else's notifications.
    expect((await inbox(owner)).filter((n) => n.kind === 'NagemManagement/requestAssigned')).toEqual([]);
    expect((await owner.call(rest.get(Notification, item!.id))).status).toBe(404);
  });

  it('answers a search of the inbox, with or without a match, never an error', async () => {
    for (const search of ['!', '"', 'q', '5', 'ورود']) {
      const answer = await supporterS.call<EntityListResponse>(rest.list(Notification), { query: { search } });
      expect(answer.status, search).toBe(200);
    }
  });

  it('is not raised again by a write that leaves the assignment as it was', async () => {
    const current = (await agent.call<Row>(rest.get(Request, request.id))).body.data!;
    await agent.call(rest.update(Request, request.id), { body: { version: current.version, description: 'هنوز نمی‌شود' } });
    expect(await inbox(supporterS)).toHaveLength(1);
  });

  it('may only be marked read by its reader: no other field, no create, no delete', async () => {
    const [item] = await inbox(supporterS);
    const readAt = '2026-11-22T10:00:00.000Z';
    const other = await supporterT.call(rest.update(Notification, item!.id), { body: { version: item!.version, readAt } });
    expect(other.status).toBe(404);
    const kind = await supporterS.call(rest.update(Notification, item!.id), { body: { version: item!.version, kind: 'x' } });
    expect(kind.body.errorData?.code).toBe(Code.BadRequest);
    const made = await supporterS.call(rest.create(Notification), { body: { id: randomUUID(), readAt } });
    expect(made.status).toBe(403);
    const gone = await supporterS.call(rest.remove(Notification, item!.id), { query: { version: String(item!.version) } });
    expect(gone.status).toBe(403);
    const marked = await supporterS.call<Row>(rest.update(Notification, item!.id), { body: { version: item!.version, readAt } });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ readAt });
  });

  it('never tells the writer of their own assignment', async () => {
    await assign(agent, agent);
    expect(await inbox(agent)).toEqual([]);
  });

  it('never tells someone who may not read the request', async () => {
    await assign(agent, outsider);
    expect(await inbox(outsider)).toEqual([]);
    expect(await pulled(outsider)).toEqual([]);
  });

  it('is another panel’s business in another panel', async () => {
    const second = await openPanel(server, await server.createAccount(), 'دیگری', ['PanelManagement', 'NagemManagement']);
    const role = await createRow(second, Role, { name: 'پشتیبان', permissions: supportPermissions });
    await acceptedMember(server, second, role.id, supporterS.account);
    const there = callerIn(server, supporterS.account, second.code);
    expect(await inbox(there)).toEqual([]);
    expect(await pulled(there)).toEqual([]);
    expect(await inbox(supporterS)).toHaveLength(1);
  });
});

describe('an accepted invitation', () => {
  it('tells whoever invited, with the new member’s name', async () => {
    const accepted = (await inbox(owner)).filter((n) => n.kind === 'PanelManagement/invitationAccepted');
    // agent, S, T and the outsider accepted the owner's invitations.
    expect(accepted).toHaveLength(4);
    expect(accepted[0]).toMatchObject({ entityKey: 'PanelManagement/Member', messageId: 'notify.invitationAccepted' });
    expect(Object.keys(JSON.parse(String(accepted[0]!.messageValues)))).toEqual(['name']);
  });
});
