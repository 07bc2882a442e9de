/**
 * Sales against the real server: amounts in exact rials worked out by the server on every write
 * (VAT at the panel's percent), stages with a reason for a loss, winning giving subscriptions once,
 * invoicing (submit) refused until the sale is won, an agent selling only to their own customers,
 * and support requests stamped with their due and resolution times.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import { actions, entityPath, permission, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { addMember, createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Module, SalesSetting } from '../../entities/catalogue.ts';
import { Customer, Payment, Subscription } from '../../entities/customers.ts';
import { Sale } from '../../entities/sale.ts';
import { Request, RequestMessage } from '../../entities/support.ts';

let server: TestServer;
let owner: PanelCaller;
let agent: PanelCaller;
let crm: Row;
let hr: Row;
let mine: Row;
let theirs: Row;

const agentPermissions = [Customer, Sale, Payment].flatMap((e) =>
  [...actions, ...(e === Sale ? ['submit', 'cancel'] : [])].map((a) => permission(e, a)),
);

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'ناگم', ['PanelManagement', 'NagemManagement']);
  agent = await addMember(server, owner, await server.createAccount(), [...agentPermissions, permission(Module, 'read')]);
  crm = await createRow(owner, Module, { name: 'CRM', code: 'CRM', price: 12_000_000, billing: 'yearly', active: true });
  hr = await createRow(owner, Module, { name: 'حضور و غیاب', code: 'HR', price: 3_333_333, billing: 'monthly', active: true });
  mine = await createRow(agent, Customer, { kind: 'company', name: 'شرکت البرز', province: 'تهران' });
  theirs = await createRow(owner, Customer, { kind: 'person', name: 'Baran', province: 'فارس' });
});
afterAll(async () => {
  await server.close();
});

const line = (module: Row, quantity: number, unitPrice: number, discount = 0) => ({
  id: randomUUID(),
  moduleId: module.id,
  quantity,
  unitPrice,
  discount,
});

async function step(caller: PanelCaller, doc: Row, what: 'submit' | 'cancel') {
  const current = await caller.call<Row>(rest.get(Sale, doc.id));
  return caller.call<Row>(
    { method: 'POST', path: `${entityPath(Sale)}/${doc.id}/${what}` },
    { body: { version: current.body.data!.version } },
  );
}

async function update(caller: PanelCaller, doc: Row, values: Record<string, unknown>) {
  const current = await caller.call<Row>(rest.get(Sale, doc.id));
  return caller.call<Row>(rest.update(Sale, doc.id), { body: { version: current.body.data!.version, ...values } });
}

async function subscriptionsOf(sale: Row): Promise<Row[]> {
  const list = await owner.call<EntityListResponse>(rest.list(Subscription), { query: { 'filter.customerId': String(sale.customerId) } });
  return list.body.data!.items.filter((s) => s.saleId === sale.id);
}

describe('a sale', () => {
  it('has its net, VAT (10 % by default, half up) and total worked out by the server in rials', async () => {
    const sale = await createRow(agent, Sale, {
      customerId: mine.id,
      date: '2026-11-20',
      stage: 'lead',
      lines: [line(crm, 2, 12_000_000, 1_000_000), line(hr, 3, 3_333_333)],
    });
    expect(sale).toMatchObject({ net: 32_999_999, vat: 3_300_000, total: 36_299_999 });
    const changed = await update(agent, sale, { lines: [line(hr, 1, 5)] });
    expect(changed.body.data).toMatchObject({ net: 5, vat: 1, total: 6 });
  });

  it('refuses values it is sent for the amounts, and a discount larger than its line', async () => {
    const forged = await agent.call(rest.create(Sale), {
      body: { id: randomUUID(), customerId: mine.id, date: '2026-11-20', stage: 'lead', total: 1, lines: [line(crm, 1, 10)] },
    });
    expect([forged.status, forged.body.errorData?.code]).toEqual([400, Code.BadRequest]);
    const over = await agent.call<{ detail?: unknown }>(rest.create(Sale), {
      body: { id: randomUUID(), customerId: mine.id, date: '2026-11-20', stage: 'lead', lines: [line(crm, 1, 10, 11)] },
    });
    expect(over.status).toBe(400);
    expect(over.body.data?.detail).toEqual({ overDiscounted: [0] });
  });

  it('takes the panel’s VAT percent', async () => {
    const setting = await createRow(owner, SalesSetting, { vatPercent: 9 });
    const sale = await createRow(owner, Sale, { customerId: theirs.id, date: '2026-11-20', stage: 'lead', lines: [line(crm, 1, 1_000)] });
    expect(sale).toMatchObject({ net: 1_000, vat: 90, total: 1_090 });
    expect((await owner.call(rest.remove(SalesSetting, setting.id), { query: { version: '1' } })).status).toBe(200);
  });

  it('is invoiced (submitted) only once won, with a code and a detail saying why not', async () => {
    const sale = await createRow(agent, Sale, {
      customerId: mine.id,
      date: '2026-11-01',
      stage: 'quoted',
      lines: [line(crm, 1, 12_000_000), line(hr, 2, 100)],
    });
    const early = await step(agent, sale, 'submit');
    expect([early.status, early.body.errorData?.code]).toEqual([409, Code.NotPossibleNow]);
    expect((early.body.data as { detail?: unknown } | null)?.detail).toEqual({ reason: 'notWon', stage: 'quoted' });
    const lost = await update(agent, sale, { stage: 'lost' });
    expect(lost.status).toBe(400);
    const won = await update(agent, sale, { stage: 'won' });
    expect(won.body.data).toMatchObject({ stage: 'won', closedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const subs = await subscriptionsOf(sale);
    expect(subs.map((s) => [s.moduleId, s.billing, s.status, s.amount]).sort()).toEqual(
      [
        [crm.id, 'yearly', 'active', 12_000_000],
        [hr.id, 'monthly', 'active', 200],
      ].sort(),
    );
    // Reopened and won again: the same subscriptions, stopped and then active again, never twice.
    await update(agent, sale, { stage: 'negotiating' });
    expect((await subscriptionsOf(sale)).map((s) => s.status)).toEqual(['stopped', 'stopped']);
    await update(agent, sale, { stage: 'won' });
    expect((await subscriptionsOf(sale)).map((s) => s.status)).toEqual(['active', 'active']);
    const invoiced = await step(agent, sale, 'submit');
    expect(invoiced.body.data).toMatchObject({ status: 'submitted', number: expect.stringMatching(/^SL-14\d\d-\d{5}$/) });
    const cancelled = await step(agent, sale, 'cancel');
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
  });

  it('created already won, gives its subscriptions at once', async () => {
    const sale = await createRow(agent, Sale, { customerId: mine.id, date: '2026-11-02', stage: 'won', lines: [line(hr, 1, 7)] });
    expect(sale.closedOn).toEqual(expect.any(String));
    expect((await subscriptionsOf(sale)).map((s) => [s.moduleId, s.status])).toEqual([[hr.id, 'active']]);
  });

  it('is sold by an agent only to their own customers', async () => {
    const refused = await agent.call<{ fields?: unknown }>(rest.create(Sale), {
      body: { id: randomUUID(), customerId: theirs.id, date: '2026-11-20', stage: 'lead', lines: [line(crm, 1, 1)] },
    });
    expect([refused.status, refused.body.errorData?.code]).toEqual([400, Code.IdNotRegistered]);
    expect(JSON.stringify(refused.body)).not.toContain('Baran');
    // A manager's sale to an agent's customer is that agent's.
    const forAgent = await createRow(owner, Sale, { customerId: mine.id, date: '2026-11-20', stage: 'lead', lines: [line(crm, 1, 1)] });
    expect(forAgent.agentMemberId).toBe(mine.agentMemberId);
  });

  it('a payment belongs to the customer’s agent', async () => {
    const paid = await createRow(owner, Payment, { customerId: mine.id, date: '2026-11-21', amount: 500_000 });
    expect(paid.agentMemberId).toBe(mine.agentMemberId);
    expect((await agent.call<Row>(rest.get(Payment, paid.id))).status).toBe(200);
  });
});

describe('a support request', () => {
  it('is due by its priority, resolved when it says so, and its messages are signed by the server', async () => {
    const opened = server.clock.now();
    const request = await createRow(owner, Request, { customerId: mine.id, subject: 'Cannot sign in', priority: 'urgent', status: 'open' });
    expect(Date.parse(String(request.dueAt)) - Date.parse(String(request.openedAt))).toBe(4 * 3_600_000);
    expect(Math.abs(Date.parse(String(request.openedAt)) - opened)).toBeLessThan(60_000);
    const lower = await owner.call<Row>(rest.update(Request, request.id), {
      body: { version: request.version, priority: 'low', status: 'resolved' },
    });
    expect(Date.parse(String(lower.body.data!.dueAt)) - Date.parse(String(request.openedAt))).toBe(168 * 3_600_000);
    expect(lower.body.data!.resolvedAt).toEqual(expect.any(String));
    const note = await createRow(owner, RequestMessage, { requestId: request.id, kind: 'note', body: 'Checked the logs' });
    expect(note.at).toEqual(expect.any(String));
    const edit = await owner.call(rest.update(RequestMessage, note.id), { body: { version: note.version, body: 'x' } });
    expect(edit.body.errorData?.code).toBe(Code.NotPossibleNow);
  });
});
