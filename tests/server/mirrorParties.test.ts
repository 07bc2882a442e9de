/**
 * Accounting's mirror of a sales customer keeps the customer's privacy (issue 23, finding 4;
 * decision 020): after agent B invoices a sale, a reader of the books who does not see every
 * customer gets B's customer's party with no name — by list, search, filter, get and pull — while
 * the amounts stay the books'; whoever sees every customer (and the owner) sees it named. The
 * default Staff role reads no accounting at all.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/modules/discover.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { entityPath, permission, READ_ALL_GRANT, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import { panelEndpoints, type InitialElementsResult } from '../../src/contract/panels.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { acceptedMember, callerIn, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient } from './syncFixture.ts';
import { Module } from '../../modules/NagemManagement/entities/catalogue.ts';
import { Customer } from '../../modules/NagemManagement/entities/customers.ts';
import { Sale } from '../../modules/NagemManagement/entities/sale.ts';
import { Party } from '../../modules/MarketAccounting/entities/books.ts';
import { AccountBalance, JournalLine } from '../../modules/MarketAccounting/entities/ledger.ts';
import { mirrorPartyId } from '../../modules/MarketAccounting/server/parties.ts';

let server: TestServer;
let owner: PanelCaller;
let agentB: PanelCaller;
let bookkeeper: PanelCaller;
let salesManager: PanelCaller;
let staff: PanelCaller;
let customer: Row;
let partyId: string;
let manual: Row;

const books = [Party, JournalLine, AccountBalance].map((e) => permission(e, 'read'));

async function person(permissions: string[] | string): Promise<PanelCaller> {
  const roleId =
    typeof permissions === 'string'
      ? permissions
      : (await createRow(owner, Role, { name: `role-${randomUUID().slice(0, 8)}`, permissions })).id;
  const account = await server.createAccount();
  await acceptedMember(server, owner, roleId, account);
  return callerIn(server, account, owner.code);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'فروش و دفاتر', ['PanelManagement', 'NagemManagement', 'MarketAccounting']);
  const roles = (await owner.call<InitialElementsResult>(panelEndpoints.initialElements, { headers: { 'accept-language': 'fa' } })).body
    .data!.roles;
  agentB = await person([
    ...['read', 'create', 'update', 'submit'].map((a) => permission(Sale, a)),
    ...['read', 'create'].map((a) => permission(Customer, a)),
    permission(Module, 'read'),
  ]);
  bookkeeper = await person([...books, permission(Party, 'create')]);
  salesManager = await person([...books, permission(Customer, 'read'), permission(Customer, READ_ALL_GRANT)]);
  staff = await person(
    roles.find(
      (r) =>
        r.id &&
        (r.permissions as string[]).includes(permission(Customer, 'create')) &&
        !(r.permissions as string[]).includes(permission(Customer, 'delete')),
    )!.id,
  );
  const crm = await createRow(owner, Module, { name: 'CRM', code: 'CRM', price: 1_000_000, billing: 'once', active: true });
  customer = await createRow(agentB, Customer, { kind: 'company', name: 'بازرگانی باران', province: 'فارس' });
  const sale = await createRow(agentB, Sale, {
    customerId: customer.id,
    date: '2026-11-22',
    stage: 'won',
    lines: [{ id: randomUUID(), moduleId: crm.id, quantity: 1, unitPrice: 1_000_000 }],
  });
  const invoiced = await agentB.call<Row>(
    { method: 'POST', path: `${entityPath(Sale)}/${sale.id}/submit` },
    { body: { version: sale.version } },
  );
  expect(invoiced.status).toBe(200);
  partyId = mirrorPartyId(Customer.key, customer.id);
  manual = await createRow(owner, Party, { name: 'تامین‌کننده کاغذ' });
});
afterAll(async () => {
  await server.close();
});

const list = async (caller: PanelCaller, query: Record<string, string> = {}) =>
  (await caller.call<EntityListResponse>(rest.list(Party), { query: { pageSize: '100', ...query } })).body.data!;

describe('a customer’s mirror party', () => {
  it('has no name for a reader of the books who does not see every customer', async () => {
    const seen = await list(bookkeeper);
    expect(seen.items.find((p) => p.id === partyId)).toMatchObject({ name: null });
    expect(seen.items.find((p) => p.id === manual.id)).toMatchObject({ name: 'تامین‌کننده کاغذ' });
    expect((await bookkeeper.call<Row>(rest.get(Party, partyId))).body.data).toMatchObject({ name: null });
    expect((await list(bookkeeper, { search: 'باران' })).total).toBe(0);
    expect((await list(bookkeeper, { search: 'کاغذ' })).total).toBe(1);
    expect((await bookkeeper.call(rest.list(Party), { query: { 'filter.name': 'بازرگانی باران' } })).status).toBe(400);
    expect((await bookkeeper.call(rest.list(Party), { query: { sort: 'name' } })).status).toBe(400);
    const { changes } = await pullAll(syncClient(bookkeeper));
    const pulled = changes.filter((c) => c.entity === Party.key && c.row.id === partyId);
    expect(pulled.map((c) => c.row.name)).toEqual([null]);
    expect(JSON.stringify(changes)).not.toContain('باران');
  });

  it('keeps the amounts in the books, under the nameless party', async () => {
    const lines = await bookkeeper.call<EntityListResponse>(
      { method: 'GET', path: entityPath(JournalLine) },
      { query: { 'filter.partyId': partyId } },
    );
    expect(lines.body.data!.items.reduce((s, r) => s + Number(r.debit ?? 0), 0)).toBe(1_100_000);
    expect(JSON.stringify(lines.body)).not.toContain('باران');
  });

  it('is named to whoever sees every customer, and to the owner', async () => {
    expect((await list(salesManager)).items.find((p) => p.id === partyId)).toMatchObject({ name: 'بازرگانی باران' });
    expect((await list(salesManager, { search: 'باران' })).total).toBe(1);
    expect((await owner.call<Row>(rest.get(Party, partyId))).body.data).toMatchObject({ name: 'بازرگانی باران' });
  });

  it('is no business of the default Staff role, which reads no accounting', async () => {
    for (const entity of [Party, JournalLine, AccountBalance]) expect((await staff.call(rest.list(entity))).status).toBe(403);
  });
});
