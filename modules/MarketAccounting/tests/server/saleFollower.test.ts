/**
 * Invoiced sales post to the books (issue 12): the sales module is another helper's, and neither
 * module depends on the other, so this test stands in for it with a declaration of its own under
 * the same keys and the contract accounting reads by name — a Sale document whose submit means
 * invoiced, with `customerId` (a Customer with a `name`), `date`, and rials `net`, `vat` and
 * `total`. Whatever the real module's parts, they are set aside here for the fake's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity } from '../../../../src/contract/entity.ts';
import type { Row } from '../../../../src/contract/entity.ts';
import { defineModule } from '../../../../src/contract/module.ts';
import { modules, registerModules } from '../../../../src/contract/modules.ts';
// The stand-in must replace the real sales module's server part too, or its hooks would run on the fake's rows.
import { registerServerModules, serverModules } from '../../../../server/modules/serverModule.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Party } from '../../entities/books.ts';
import { mirrorPartyId } from '../../server/parties.ts';
import { balances, code, journal, net, roleCode, step } from './books.ts';

const Customer = defineEntity({
  module: 'NagemManagement',
  name: 'Customer',
  label: { id: 'test.Customer', message: 'Customer' },
  pluralLabel: { id: 'test.Customer.plural', message: 'Customers' },
  fields: { name: { kind: 'text', label: { id: 'test.name', message: 'Name' }, required: true } },
  titleField: 'name',
  listFields: ['name'],
  searchFields: ['name'],
  indexes: [],
  defaultSort: { field: 'name', direction: 'asc' },
});

const Sale = defineEntity({
  module: 'NagemManagement',
  name: 'Sale',
  label: { id: 'test.Sale', message: 'Sale' },
  pluralLabel: { id: 'test.Sale.plural', message: 'Sales' },
  fields: {
    customerId: { kind: 'reference', to: 'NagemManagement/Customer', label: { id: 'test.customer', message: 'Customer' }, required: true },
    date: { kind: 'date', label: { id: 'test.date', message: 'Date' }, required: true },
    net: { kind: 'money', label: { id: 'test.net', message: 'Net' } },
    vat: { kind: 'money', label: { id: 'test.vat', message: 'VAT' } },
    total: { kind: 'money', label: { id: 'test.total', message: 'Total' } },
  },
  document: { series: 'SI', needsLines: false, print: { title: { id: 'test.invoice', message: 'Invoice' } }, lines: { item: { kind: 'text', label: { id: 'test.item', message: 'Item' } } } },
  titleField: 'date',
  listFields: ['date'],
  searchFields: [],
  indexes: ['date'],
  defaultSort: { field: 'date', direction: 'desc' },
});

const fake = defineModule({ key: 'NagemManagement', order: 99, entities: [Customer, Sale], routes: [] });
const before = { declarations: modules(), parts: serverModules() };

let server: TestServer;
let panel: PanelCaller;

beforeAll(async () => {
  registerModules([...before.declarations.filter((m) => m.key !== fake.key), fake]);
  registerServerModules(before.parts.filter((p) => p.module.key !== fake.key));
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount(), 'نرم‌افزار نگام', ['MarketAccounting', 'NagemManagement']);
});
afterAll(async () => {
  await server.close();
  registerModules(before.declarations);
  registerServerModules(before.parts);
});

describe('an invoiced sale', () => {
  it('posts the customer’s receivable against revenue and VAT, linked to it, and its cancel reverses them', async () => {
    const customer = await createRow(panel, Customer, { name: 'شرکت پارس' });
    const sale = await createRow(panel, Sale, { customerId: customer.id, date: '2026-11-22', net: 50_000_000, vat: 5_000_000, total: 55_000_000, lines: [{ id: randomUUID(), item: 'x' }] });
    const submitted = await step(panel, Sale, sale.id, 'submit');
    expect(submitted.status).toBe(200);
    const party = mirrorPartyId('NagemManagement/Customer', customer.id);
    expect((await panel.call<Row>(rest.get(Party, party))).body.data).toMatchObject({ name: 'شرکت پارس' });
    let all = await balances(panel);
    expect(net(all, (b) => b.partyId === party)).toBe(55_000_000);
    expect(net(all, (b) => b.accountId === code(roleCode('revenue')))).toBe(-50_000_000);
    expect(net(all, (b) => b.accountId === code(roleCode('vatPayable')))).toBe(-5_000_000);
    const lines = await journal(panel, { 'filter.sourceId': sale.id });
    expect(lines.every((l) => l.sourceType === 'NagemManagement/Sale' && l.sourceNumber === submitted.body.data!.number)).toBe(true);

    await step(panel, Sale, sale.id, 'cancel');
    all = await balances(panel);
    expect(net(all, (b) => b.partyId === party)).toBe(0);
    expect(net(all, (b) => b.accountId === code(roleCode('revenue')))).toBe(0);
    expect(net(all)).toBe(0);
  });

  it('posts nothing while accounting is not enabled in the panel', async () => {
    const other = await openPanel(server, await server.createAccount(), 'فقط فروش', ['NagemManagement']);
    const customer = await createRow(other, Customer, { name: 'مشتری' });
    const sale = await createRow(other, Sale, { customerId: customer.id, date: '2026-11-22', net: 1000, vat: 100, total: 1100 });
    expect((await step(other, Sale, sale.id, 'submit')).status).toBe(200);
    const [row] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM e_market_accounting_journal_line WHERE source_id = $1`, [sale.id]);
    expect(row!.n).toBe(0);
  });
});
