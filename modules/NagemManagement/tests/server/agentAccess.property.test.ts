/**
 * An agent never receives another agent's customer, by any path (issue 11, decision 013): random
 * customers made by agents and by a manager (for an agent or for no one), sales and payments made
 * by agents (some for customers not theirs), support requests, and reassignments of customers
 * between agents, singly and by region. After every run, for every agent: REST lists and their
 * totals hold exactly their own customers and sales (and the subscriptions their sales made); REST get of anyone else's customer answers
 * as a missing row; pushes touching others' customers are refused without the row; a fresh pull
 * carries only their own customers; and the device they kept pulling on across every run holds
 * exactly their own customers (others' removed by the tombstones reassignment sends). No answer
 * ever carries the name of a customer that is not theirs.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../tests/propertyRuns.ts';
import { Code } from '../../../../src/contract/codes.ts';
import { actions, permission, READ_ALL_GRANT, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import type { SyncChange } from '../../../../src/contract/sync.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { pullAll, syncClient, type SyncClient } from '../../../../tests/server/syncFixture.ts';
import { Module } from '../../entities/catalogue.ts';
import { Customer, Payment, Subscription } from '../../entities/customers.ts';
import { Sale } from '../../entities/sale.ts';
import { Request } from '../../entities/support.ts';

const RUNS = propertyRuns('AGENT_ACCESS_RUNS', 12, 5);
const AGENTS = 3;
const REGIONS = ['تهران', 'فارس', 'گیلان'];

let server: TestServer;
let owner: PanelCaller;
let manager: PanelCaller;
let catalogue: Row;
const agents: {
  caller: PanelCaller;
  memberId: string;
  device: SyncClient;
  cursor: number;
  held: Map<string, { version: number; deleted: boolean }>;
}[] = [];

const crud = (e: Parameters<typeof permission>[0], extra: string[] = []) => [...actions, ...extra].map((a) => permission(e, a));
const agentPermissions = [
  ...crud(Customer),
  ...crud(Sale, ['submit', 'cancel']),
  ...crud(Payment),
  permission(Request, 'read'),
  permission(Request, 'create'),
  permission(Module, 'read'),
  permission(Subscription, 'read'),
];

async function person(permissions: string[]): Promise<{ caller: PanelCaller; memberId: string }> {
  return newMember(server, owner, permissions);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'نمایندگی‌ها', ['PanelManagement', 'NagemManagement']);
  manager = (
    await person([
      ...agentPermissions,
      permission(Customer, READ_ALL_GRANT),
      permission(Sale, READ_ALL_GRANT),
      permission(Payment, READ_ALL_GRANT),
      permission(Request, READ_ALL_GRANT),
      ...crud(Request),
    ])
  ).caller;
  for (let i = 0; i < AGENTS; i++) {
    const { caller, memberId } = await person(agentPermissions);
    agents.push({ caller, memberId, device: syncClient(caller), cursor: 0, held: new Map() });
  }
  catalogue = await createRow(owner, Module, { name: 'CRM', code: 'CRM', price: 1_000, billing: 'monthly', active: true });
});
afterAll(async () => {
  await server.close();
});

type Step =
  | { kind: 'agentCustomer'; agent: number; region: number }
  | { kind: 'managerCustomer'; agent: number | null; region: number }
  | { kind: 'sale'; agent: number; customer: number; won: boolean }
  | { kind: 'payment'; agent: number; customer: number }
  | { kind: 'request'; customer: number }
  | { kind: 'reassign'; customer: number; agent: number | null }
  | { kind: 'region'; region: number; agent: number }
  | { kind: 'agentMoves'; agent: number; customer: number; to: number };

const agentIndex = fc.nat(AGENTS - 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('agentCustomer' as const), agent: agentIndex, region: fc.nat(REGIONS.length - 1) }),
  fc.record({
    kind: fc.constant('managerCustomer' as const),
    agent: fc.option(agentIndex, { nil: null }),
    region: fc.nat(REGIONS.length - 1),
  }),
  fc.record({ kind: fc.constant('sale' as const), agent: agentIndex, customer: fc.nat(30), won: fc.boolean() }),
  fc.record({ kind: fc.constant('payment' as const), agent: agentIndex, customer: fc.nat(30) }),
  fc.record({ kind: fc.constant('request' as const), customer: fc.nat(30) }),
  fc.record({ kind: fc.constant('reassign' as const), customer: fc.nat(30), agent: fc.option(agentIndex, { nil: null }) }),
  fc.record({ kind: fc.constant('region' as const), region: fc.nat(REGIONS.length - 1), agent: agentIndex }),
  fc.record({ kind: fc.constant('agentMoves' as const), agent: agentIndex, customer: fc.nat(30), to: agentIndex }),
);

/** The current rows as the owner (who sees everything) has them. */
async function everything(entity: typeof Customer | typeof Sale | typeof Subscription): Promise<Row[]> {
  const answer = await owner.call<EntityListResponse>(rest.list(entity), { query: { pageSize: '500' } });
  expect(answer.status).toBe(200);
  return answer.body.data!.items;
}

async function current(id: string): Promise<Row> {
  return (await owner.call<Row>(rest.get(Customer, id))).body.data!;
}

async function apply(s: Step, customers: Row[], run: number): Promise<void> {
  const pick = (i: number) => (customers.length ? customers[i % customers.length]! : null);
  const name = () => `Customer ${run}-${randomUUID().slice(0, 8)}`;
  switch (s.kind) {
    case 'agentCustomer':
      customers.push(await createRow(agents[s.agent]!.caller, Customer, { kind: 'company', name: name(), province: REGIONS[s.region] }));
      return;
    case 'managerCustomer':
      customers.push(
        await createRow(manager, Customer, {
          kind: 'person',
          name: name(),
          province: REGIONS[s.region],
          agentMemberId: s.agent === null ? null : agents[s.agent]!.memberId,
        }),
      );
      return;
    case 'sale': {
      const customer = pick(s.customer);
      if (!customer) return;
      const mine = (await current(customer.id)).agentMemberId === agents[s.agent]!.memberId;
      const answer = await agents[s.agent]!.caller.call<Row>(rest.create(Sale), {
        body: {
          id: randomUUID(),
          customerId: customer.id,
          date: '2026-11-20',
          stage: s.won ? 'won' : 'lead',
          lines: [{ id: randomUUID(), moduleId: catalogue.id, quantity: 1, unitPrice: 1_000 }],
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(mine ? 201 : 400);
      if (!mine) expect(JSON.stringify(answer.body)).not.toContain(customer.name as string);
      return;
    }
    case 'payment': {
      const customer = pick(s.customer);
      if (!customer) return;
      const mine = (await current(customer.id)).agentMemberId === agents[s.agent]!.memberId;
      const answer = await agents[s.agent]!.caller.call<Row>(rest.create(Payment), {
        body: { id: randomUUID(), customerId: customer.id, date: '2026-11-20', amount: 500 },
      });
      expect(answer.status).toBe(mine ? 201 : 400);
      return;
    }
    case 'request': {
      const customer = pick(s.customer);
      if (customer) await createRow(manager, Request, { customerId: customer.id, subject: 'Help', priority: 'normal', status: 'open' });
      return;
    }
    case 'reassign': {
      const customer = pick(s.customer);
      if (!customer) return;
      const now = await current(customer.id);
      const moved = await manager.call(rest.update(Customer, customer.id), {
        body: { version: now.version, agentMemberId: s.agent === null ? null : agents[s.agent]!.memberId },
      });
      expect(moved.status).toBe(200);
      return;
    }
    case 'region':
      // The access screen's bulk move: every customer of the region, one write each.
      for (const customer of customers.filter((c) => c.province === REGIONS[s.region])) {
        const now = await current(customer.id);
        expect(
          (
            await manager.call(rest.update(Customer, customer.id), {
              body: { version: now.version, agentMemberId: agents[s.agent]!.memberId },
            })
          ).status,
        ).toBe(200);
      }
      return;
    case 'agentMoves': {
      // An agent trying to hand a customer on (theirs or not) is always refused.
      const customer = pick(s.customer);
      if (!customer) return;
      const now = await current(customer.id);
      const answer = await agents[s.agent]!.caller.call(rest.update(Customer, customer.id), {
        body: { version: now.version, agentMemberId: agents[s.to]!.memberId },
      });
      if (s.to === s.agent && now.agentMemberId === agents[s.agent]!.memberId) expect(answer.status).toBe(200);
      else expect([403, 404]).toContain(answer.status);
    }
  }
}

function absorb(held: Map<string, { version: number; deleted: boolean }>, changes: SyncChange[]): void {
  for (const c of changes.filter((c) => c.entity === Customer.key)) {
    const seen = held.get(c.row.id);
    if (!seen || c.row.version >= seen.version) held.set(c.row.id, { version: c.row.version, deleted: c.row.deleted });
  }
}

async function checkAgent(index: number, allCustomers: Row[], allSales: Row[], allSubscriptions: Row[]): Promise<void> {
  const agent = agents[index]!;
  const own = allCustomers.filter((c) => c.agentMemberId === agent.memberId);
  const others = allCustomers.filter((c) => c.agentMemberId !== agent.memberId);
  const ownIds = own.map((c) => c.id).sort();
  const foreignNames = others.map((c) => c.name as string);
  const carriesNoOther = (body: unknown) => {
    const text = JSON.stringify(body);
    for (const n of foreignNames) expect(text, `${n} reached agent ${index}`).not.toContain(n);
  };

  const list = await agent.caller.call<EntityListResponse>(rest.list(Customer), { query: { pageSize: '500' } });
  expect(list.body.data!.items.map((c) => c.id).sort()).toEqual(ownIds);
  expect(list.body.data!.total).toBe(own.length);
  carriesNoOther(list.body);

  const sales = await agent.caller.call<EntityListResponse>(rest.list(Sale), { query: { pageSize: '500' } });
  expect(sales.body.data!.items.map((s) => s.id).sort()).toEqual(
    allSales
      .filter((s) => s.agentMemberId === agent.memberId)
      .map((s) => s.id)
      .sort(),
  );

  // Subscriptions go with the sale that made them: its seller's, whoever holds the customer now.
  const subscriptions = await agent.caller.call<EntityListResponse>(rest.list(Subscription), { query: { pageSize: '500' } });
  const ownSales = new Set(allSales.filter((s) => s.agentMemberId === agent.memberId).map((s) => s.id));
  expect(subscriptions.body.data!.items.map((s) => s.id).sort()).toEqual(
    allSubscriptions
      .filter((s) => ownSales.has(String(s.saleId)))
      .map((s) => s.id)
      .sort(),
  );

  for (const other of others) {
    const got = await agent.caller.call(rest.get(Customer, other.id));
    expect([got.status, got.body.errorData?.code]).toEqual([404, Code.NotFound]);
    carriesNoOther(got.body);
  }
  if (others.length) {
    const pushed = await agent.device.push(
      others.slice(0, 5).map((other, i) => ({
        mutationId: Date.now() * 10 + i,
        entity: Customer.key,
        op: 'update' as const,
        id: other.id,
        baseVersion: other.version,
        values: { notes: 'mine now' },
      })),
    );
    expect(pushed.body.data!.results.every((r) => r.status === 'rejected' && r.row === null)).toBe(true);
    carriesNoOther(pushed.body);
  }

  const fresh = await pullAll(syncClient(agent.caller));
  const freshIds = [...new Set(fresh.changes.filter((c) => c.entity === Customer.key && !c.row.deleted).map((c) => c.row.id))].sort();
  expect(freshIds).toEqual(ownIds);
  carriesNoOther(fresh.changes.filter((c) => c.entity === Customer.key));

  const pulled = await pullAll(agent.device, agent.cursor);
  agent.cursor = pulled.cursor;
  absorb(agent.held, pulled.changes);
  carriesNoOther(pulled.changes.filter((c) => c.entity === Customer.key));
  const onDevice = [...agent.held]
    .filter(([, r]) => !r.deleted)
    .map(([id]) => id)
    .sort();
  expect(onDevice).toEqual(ownIds);
}

describe('agents’ access to customers', () => {
  it('no agent ever receives another agent’s customer, by REST, push or pull, whatever the reassignments', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
        run++;
        const customers: Row[] = [];
        for (const s of steps) await apply(s, customers, run);
        const [allCustomers, allSales, allSubscriptions] = [
          await everything(Customer),
          await everything(Sale),
          await everything(Subscription),
        ];
        for (let i = 0; i < AGENTS; i++) await checkAgent(i, allCustomers, allSales, allSubscriptions);
      }),
      { numRuns: RUNS },
    );
  });
});
