/**
 * Invoiced sales post to the books (issue 12; decision 033): accounting follows the sale event
 * that sales publishes — net, VAT, total and the customer — without depending on sales. The test
 * drives the real sales module over REST, its entities reached by key (this module's tests import
 * nothing of sales).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity, Row } from '../../../../src/contract/entity.ts';
import { entityByKey } from '../../../../src/contract/modules.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Party } from '../../entities/books.ts';
import { mirrorPartyId } from '../../server/parties.ts';
import { balances, code, journal, net, roleCode, step } from './books.ts';

const of = (key: string): Entity => entityByKey(`NagemManagement/${key}`)!;

let server: TestServer;
let panel: PanelCaller;

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount(), 'نرم‌افزار نگام', [
    'PanelManagement',
    'MarketAccounting',
    'NagemManagement',
  ]);
});
afterAll(async () => {
  await server.close();
});

/** A won sale of 50,000,000 rials net to `customerId`, a draft. */
async function wonSale(caller: PanelCaller, customerId: string): Promise<Row> {
  const crm = await createRow(caller, of('Module'), {
    name: 'CRM',
    code: `CRM-${randomUUID().slice(0, 4)}`,
    price: 1_000,
    billing: 'yearly',
    active: true,
  });
  return createRow(caller, of('Sale'), {
    customerId,
    date: '2026-11-22',
    stage: 'won',
    lines: [{ id: randomUUID(), moduleId: crm.id, quantity: 5, unitPrice: 10_000_000 }],
  });
}

describe('an invoiced sale', () => {
  it('posts the customer’s receivable against revenue and VAT, linked to it, and its cancel reverses them', async () => {
    const customer = await createRow(panel, of('Customer'), { kind: 'company', name: 'شرکت پارس' });
    const sale = await wonSale(panel, customer.id);
    const submitted = await step(panel, of('Sale'), sale.id, 'submit');
    expect(submitted.status).toBe(200);
    const amount = (field: string) => Number(submitted.body.data![field]);
    const [saleNet, vat, total] = [amount('net'), amount('vat'), amount('total')];
    expect([saleNet, vat > 0, total]).toEqual([50_000_000, true, saleNet + vat]);
    const party = mirrorPartyId('NagemManagement/Customer', customer.id);
    expect((await panel.call<Row>(rest.get(Party, party))).body.data).toMatchObject({ name: 'شرکت پارس' });
    let all = await balances(panel);
    expect(net(all, (b) => b.partyId === party)).toBe(total);
    expect(net(all, (b) => b.accountId === code(roleCode('revenue')))).toBe(-saleNet);
    expect(net(all, (b) => b.accountId === code(roleCode('vatPayable')))).toBe(-vat);
    const lines = await journal(panel, { 'filter.sourceId': sale.id });
    expect(lines.every((l) => l.sourceType === 'NagemManagement/Sale' && l.sourceNumber === submitted.body.data!.number)).toBe(true);

    await step(panel, of('Sale'), sale.id, 'cancel');
    all = await balances(panel);
    expect(net(all, (b) => b.partyId === party)).toBe(0);
    expect(net(all, (b) => b.accountId === code(roleCode('revenue')))).toBe(0);
    expect(net(all)).toBe(0);
  });

  it('posts nothing while accounting is not enabled in the panel', async () => {
    const other = await openPanel(server, await server.createAccount(), 'فقط فروش', ['PanelManagement', 'NagemManagement']);
    const customer = await createRow(other, of('Customer'), { kind: 'company', name: 'مشتری' });
    const sale = await wonSale(other, customer.id);
    expect((await step(other, of('Sale'), sale.id, 'submit')).status).toBe(200);
    const [row] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM e_market_accounting_journal_line WHERE source_id = $1`,
      [sale.id],
    );
    expect(row!.n).toBe(0);
  });
});
