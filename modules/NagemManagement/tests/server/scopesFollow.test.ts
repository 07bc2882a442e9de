/**
 * Scopes follow references (issue 23, findings 3 and the support desk; decision 020): a support
 * request is its customer's agent's, a message its request's, a setup step its sale's, on every
 * path (list and total, search, get, writes, pull, and the removal when a customer changes
 * hands); a reference to another agent's row is answered as a missing one; a supporter sees the
 * requests assigned to them and the unassigned queue, not a colleague's.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import { permission, READ_ALL_GRANT, type Entity, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { pullAll, syncClient } from '../../../../tests/server/syncFixture.ts';
import { Agent, Module } from '../../entities/catalogue.ts';
import { Customer, Payment } from '../../entities/customers.ts';
import { Sale, SetupStep } from '../../entities/sale.ts';
import { Request, RequestMessage, SUPPORT_GRANT } from '../../entities/support.ts';

let server: TestServer;
let owner: PanelCaller;
const ids = new Map<PanelCaller, string>();
let agentA: PanelCaller;
let agentB: PanelCaller;
let supporterS: PanelCaller;
let supporterT: PanelCaller;
let customerA: Row;
let customerB: Row;
let requestA: Row;
let requestB: Row;
let messageB: Row;
let saleB: Row;
let stepB: Row;
let crm: Row;

const crud = (e: Entity, extra: string[] = []) => ['read', 'create', 'update', ...extra].map((a) => permission(e, a));
const agentPermissions = [
  ...crud(Customer),
  ...crud(Sale),
  ...crud(Payment),
  ...crud(Request),
  ...crud(RequestMessage),
  ...crud(SetupStep),
  permission(Module, 'read'),
];
const supportPermissions = [
  permission(Customer, 'read'),
  permission(Customer, READ_ALL_GRANT),
  ...crud(Request, [SUPPORT_GRANT]),
  ...crud(RequestMessage),
];

async function person(permissions: string[]): Promise<PanelCaller> {
  const { caller, memberId } = await newMember(server, owner, permissions);
  ids.set(caller, memberId);
  return caller;
}

async function listed(caller: PanelCaller, entity: Entity, query: Record<string, string> = {}): Promise<EntityListResponse> {
  const answer = await caller.call<EntityListResponse>(rest.list(entity), { query: { pageSize: '100', ...query } });
  expect(answer.status).toBe(200);
  return answer.body.data!;
}

const answerOf = (a: { status: number; body: { errorData?: { code?: number } | null; data?: unknown } }) => [
  a.status,
  a.body.errorData?.code,
  a.body.data,
];

async function pulledIds(caller: PanelCaller, entity: Entity): Promise<{ rows: string[]; removed: string[] }> {
  const { changes } = await pullAll(syncClient(caller));
  const of = changes.filter((c) => c.entity === entity.key);
  return { rows: of.filter((c) => !c.row.deleted).map((c) => c.row.id), removed: of.filter((c) => c.row.deleted).map((c) => c.row.id) };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'پشتیبانی ناگم', ['PanelManagement', 'NagemManagement']);
  agentA = await person(agentPermissions);
  agentB = await person(agentPermissions);
  supporterS = await person(supportPermissions);
  supporterT = await person(supportPermissions);
  crm = await createRow(owner, Module, { name: 'CRM', code: 'CRM', price: 1_000_000, billing: 'once', active: true });
  customerA = await createRow(agentA, Customer, { kind: 'company', name: 'شرکت البرز', province: 'تهران' });
  customerB = await createRow(agentB, Customer, { kind: 'company', name: 'بازرگانی باران', province: 'فارس' });
  requestA = await createRow(agentA, Request, { customerId: customerA.id, subject: 'ورود نمی‌شود', priority: 'normal', status: 'open' });
  requestB = await createRow(agentB, Request, {
    customerId: customerB.id,
    subject: 'فاکتور باران اشتباه است',
    priority: 'high',
    status: 'open',
  });
  messageB = await createRow(agentB, RequestMessage, { requestId: requestB.id, kind: 'note', body: 'مشتری عصبانی است' });
  saleB = await createRow(agentB, Sale, {
    customerId: customerB.id,
    date: '2026-11-20',
    stage: 'won',
    lines: [{ id: randomUUID(), moduleId: crm.id, quantity: 1, unitPrice: 1_000_000 }],
  });
  stepB = await createRow(agentB, SetupStep, { saleId: saleB.id, step: 'addModule', note: 'رمز سرور باران: ۱۲۳۴' });
});
afterAll(async () => {
  await server.close();
});

describe('rows that belong to another agent’s customer or sale', () => {
  it('take their scope from their parent, kept by the server', () => {
    expect(requestB.agentMemberId).toBe(ids.get(agentB));
    expect(messageB).toMatchObject({ agentMemberId: ids.get(agentB), supporterId: null });
    expect(stepB.agentMemberId).toBe(ids.get(agentB));
  });

  it('are not listed, counted or found by search', async () => {
    const requests = await listed(agentA, Request);
    expect(requests.items.map((r) => r.id)).toEqual([requestA.id]);
    expect(requests.total).toBe(1);
    expect((await listed(agentA, Request, { search: 'باران' })).total).toBe(0);
    expect((await listed(agentA, Request, { 'filter.customerId': customerB.id })).total).toBe(0);
    expect((await listed(agentA, RequestMessage)).total).toBe(0);
    expect((await listed(agentA, SetupStep)).total).toBe(0);
  });

  it('are answered as missing rows by get and by writes', async () => {
    const missing = answerOf(await agentA.call(rest.get(Request, randomUUID())));
    expect(answerOf(await agentA.call(rest.get(Request, requestB.id)))).toEqual(missing);
    expect(answerOf(await agentA.call(rest.get(RequestMessage, messageB.id)))).toEqual(missing);
    expect(answerOf(await agentA.call(rest.get(SetupStep, stepB.id)))).toEqual(missing);
    const notThere = answerOf(await agentA.call(rest.update(SetupStep, randomUUID()), { body: { version: 1, done: true } }));
    expect(answerOf(await agentA.call(rest.update(SetupStep, stepB.id), { body: { version: stepB.version, done: true } }))).toEqual(
      notThere,
    );
    expect(
      answerOf(await agentA.call(rest.update(Request, requestB.id), { body: { version: requestB.version, status: 'closed' } }))[1],
    ).toBe(Code.NotFound);
  });

  it('cannot be referred to: a reply into B’s thread, a payment on B’s sale, a request for B’s customer', async () => {
    const reply = (requestId: string) =>
      agentA.call<Row>(rest.create(RequestMessage), { body: { id: randomUUID(), requestId, kind: 'reply', body: 'سلام' } });
    const nowhere = answerOf(await reply(randomUUID()));
    expect(nowhere[1]).toBe(Code.IdNotRegistered);
    expect(answerOf(await reply(requestB.id))).toEqual(nowhere);
    const pay = (saleId: string) =>
      agentA.call<Row>(rest.create(Payment), {
        body: { id: randomUUID(), customerId: customerA.id, saleId, date: '2026-11-21', amount: 5_000 },
      });
    expect(answerOf(await pay(saleB.id))).toEqual(answerOf(await pay(randomUUID())));
    const ask = await agentA.call<Row>(rest.create(Request), {
      body: { id: randomUUID(), customerId: customerB.id, subject: 'x', priority: 'low', status: 'open' },
    });
    expect(ask.body.errorData?.code).toBe(Code.IdNotRegistered);
    expect(ask.body.data).toMatchObject({ fields: { customerId: 'reference' } });
    const step = await agentA.call<Row>(rest.create(SetupStep), { body: { id: randomUUID(), saleId: saleB.id, step: 'chartFlow' } });
    expect(step.body.data).toMatchObject({ fields: { saleId: 'reference' } });
  });

  it('are never pulled', async () => {
    expect((await pulledIds(agentA, Request)).rows).toEqual([requestA.id]);
    expect((await pulledIds(agentA, RequestMessage)).rows).toEqual([]);
    expect((await pulledIds(agentA, SetupStep)).rows).toEqual([]);
    expect((await pulledIds(agentB, RequestMessage)).rows).toEqual([messageB.id]);
  });

  it('follow their customer to a new agent: the new one gets them, the old one their removal', async () => {
    const customer = (await owner.call<Row>(rest.get(Customer, customerB.id))).body.data!;
    expect(
      (await owner.call(rest.update(Customer, customer.id), { body: { version: customer.version, agentMemberId: ids.get(agentA) } }))
        .status,
    ).toBe(200);
    const moved = (await owner.call<Row>(rest.get(RequestMessage, messageB.id))).body.data!;
    expect(moved.agentMemberId).toBe(ids.get(agentA));
    expect(moved.version).toBe(messageB.version + 1);
    expect((await listed(agentA, Request)).total).toBe(2);
    expect((await pulledIds(agentA, RequestMessage)).rows).toEqual([messageB.id]);
    const old = await pulledIds(agentB, Request);
    expect(old.rows).toEqual([]);
    expect(old.removed).toEqual([requestB.id]);
    expect((await pulledIds(agentB, RequestMessage)).removed).toEqual([messageB.id]);
    // And back, so the rest of the file sees B's world as it was.
    const again = (await owner.call<Row>(rest.get(Customer, customerB.id))).body.data!;
    await owner.call(rest.update(Customer, again.id), { body: { version: again.version, agentMemberId: ids.get(agentB) } });
    expect((await listed(agentA, Request)).total).toBe(1);
  });
});

describe('the support desk', () => {
  it('sees the unassigned queue and its own requests, not a colleague’s, on every path', async () => {
    const forT = (await owner.call<Row>(rest.get(Request, requestA.id))).body.data!;
    expect(
      (await owner.call(rest.update(Request, forT.id), { body: { version: forT.version, supporterId: ids.get(supporterT) } })).status,
    ).toBe(200);
    const queueS = await listed(supporterS, Request);
    expect(queueS.items.map((r) => r.id)).toEqual([requestB.id]);
    expect(answerOf(await supporterS.call(rest.get(Request, requestA.id)))[1]).toBe(Code.NotFound);
    expect((await listed(supporterT, Request)).items.map((r) => r.id).sort()).toEqual([requestA.id, requestB.id].sort());
    expect((await pulledIds(supporterS, Request)).rows).toEqual([requestB.id]);
    expect((await pulledIds(supporterS, RequestMessage)).rows).toEqual([messageB.id]);
    // The agent still sees their customer's request, whoever supports it.
    expect((await listed(agentA, Request)).items.map((r) => r.id)).toEqual([requestA.id]);
  });

  it('takes a request from the queue; the others at the desk then get its removal, messages and all', async () => {
    const current = (await supporterS.call<Row>(rest.get(Request, requestB.id))).body.data!;
    const taken = await supporterS.call<Row>(rest.update(Request, requestB.id), {
      body: { version: current.version, supporterId: ids.get(supporterS), status: 'inProgress' },
    });
    expect(taken.status).toBe(200);
    const reply = await createRow(supporterS, RequestMessage, { requestId: requestB.id, kind: 'reply', body: 'در حال بررسی' });
    expect(reply.supporterId).toBe(ids.get(supporterS));
    const colleague = await pulledIds(supporterT, Request);
    expect(colleague.rows).toEqual([requestA.id]);
    expect(colleague.removed).toEqual([requestB.id]);
    expect((await pulledIds(supporterT, RequestMessage)).rows).toEqual([]);
    expect((await listed(supporterT, RequestMessage)).total).toBe(0);
    // Nor may a supporter hand their request to a colleague: it would leave their own scope.
    const mine = (await supporterS.call<Row>(rest.get(Request, requestB.id))).body.data!;
    const handed = await supporterS.call<Row>(rest.update(Request, requestB.id), {
      body: { version: mine.version, supporterId: ids.get(supporterT) },
    });
    expect(handed.body.data).toMatchObject({ fields: { supporterId: 'reference' } });
  });
});

describe('access by region', () => {
  it('is a standing rule: a new customer of an agent’s province is theirs to see, with no assignment', async () => {
    const agentRow = await createRow(owner, Agent, {
      name: 'نمایندهٔ خراسان',
      kind: 'member',
      memberId: ids.get(agentA),
      region: 'خراسان',
      active: true,
    });
    const mashhad = await createRow(owner, Customer, { kind: 'company', name: 'توس صنعت', province: 'خراسان' });
    expect(mashhad).toMatchObject({ agentMemberId: null, regionAgentId: ids.get(agentA) });
    expect((await listed(agentA, Customer, { 'filter.province': 'خراسان' })).items.map((c) => c.id)).toEqual([mashhad.id]);
    expect((await agentA.call<Row>(rest.get(Customer, mashhad.id))).status).toBe(200);
    expect((await pulledIds(agentA, Customer)).rows).toContain(mashhad.id);
    expect((await agentB.call(rest.get(Customer, mashhad.id))).status).toBe(404);
    // The region's agent works with it as with their own: a request for it is theirs too.
    const asked = await createRow(agentA, Request, { customerId: mashhad.id, subject: 'نصب', priority: 'low', status: 'open' });
    expect(asked.id).toBeTruthy();

    // The agent's region moves: the old province's customers leave them (their devices hear it), the new one's come.
    const rasht = await createRow(owner, Customer, { kind: 'person', name: 'گیلان‌کالا', province: 'گیلان' });
    expect(rasht.regionAgentId).toBeNull();
    const moved = await owner.call(rest.update(Agent, agentRow.id), { body: { version: agentRow.version, region: 'گیلان' } });
    expect(moved.status).toBe(200);
    const seen = await listed(agentA, Customer);
    expect(seen.items.map((c) => c.id)).toContain(rasht.id);
    expect(seen.items.map((c) => c.id)).not.toContain(mashhad.id);
    const pulled = await pulledIds(agentA, Customer);
    expect(pulled.removed).toContain(mashhad.id);
    expect(pulled.rows).toContain(rasht.id);
  });
});

describe('rows made before their scope followed their parent', () => {
  it('get it once from the migration, and devices hear of it', async () => {
    const sql = (name: string) => readFileSync(join(import.meta.dirname, '../../server/migrations', name), 'utf8');
    await server.db.query(`UPDATE ${RequestMessage.table} SET agent_member_id = NULL WHERE id = $1`, [messageB.id]);
    await server.db.query(`UPDATE ${SetupStep.table} SET agent_member_id = NULL WHERE id = $1`, [stepB.id]);
    await server.db.exec(sql('001_scopes_follow_references.sql'));
    await server.db.exec(sql('002_region_agents.sql'));
    const message = (await owner.call<Row>(rest.get(RequestMessage, messageB.id))).body.data!;
    expect(message.agentMemberId).toBe(ids.get(agentB));
    expect((await owner.call<Row>(rest.get(SetupStep, stepB.id))).body.data!.agentMemberId).toBe(ids.get(agentB));
    expect((await pulledIds(agentB, RequestMessage)).rows).toContain(messageB.id);
  });
});
