/**
 * Invoicing the real sale with accounting enabled and without it (issue 11 with issue 12):
 * accounting follows the Sale document by its field names, so submitting a won sale posts the
 * journal (receivable = total, revenue = net, VAT = vat) and cancelling it reverses it; with
 * accounting off, invoicing works the same and posts nothing. Accounting is reached over REST
 * only: the sales module does not depend on it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Module } from '../../entities/catalogue.ts';
import { Customer } from '../../entities/customers.ts';
import { Sale } from '../../entities/sale.ts';

const JOURNAL = '/api/MarketAccounting/JournalLine';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function invoiceOne(panel: PanelCaller): Promise<Row> {
  const crm = await createRow(panel, Module, {
    name: 'CRM',
    code: `CRM-${randomUUID().slice(0, 4)}`,
    price: 1_000,
    billing: 'yearly',
    active: true,
  });
  const customer = await createRow(panel, Customer, { kind: 'company', name: 'شرکت پارس' });
  const sale = await createRow(panel, Sale, {
    customerId: customer.id,
    date: '2026-11-22',
    stage: 'won',
    lines: [{ id: randomUUID(), moduleId: crm.id, quantity: 3, unitPrice: 1_000_005, discount: 5 }],
  });
  const submitted = await panel.call<Row>(
    { method: 'POST', path: `${entityPath(Sale)}/${sale.id}/submit` },
    { body: { version: sale.version } },
  );
  expect(submitted.status).toBe(200);
  return submitted.body.data!;
}

describe('invoicing a sale', () => {
  it('posts to the books when accounting is enabled, and its cancel reverses them', async () => {
    const panel = await openPanel(server, await server.createAccount(), 'با حسابداری', [
      'PanelManagement',
      'NagemManagement',
      'MarketAccounting',
    ]);
    const sale = await invoiceOne(panel);
    expect(sale).toMatchObject({ net: 3_000_010, vat: 300_001, total: 3_300_011, status: 'submitted' });
    const lines = async () =>
      (await panel.call<EntityListResponse>({ method: 'GET', path: JOURNAL }, { query: { 'filter.sourceId': sale.id, pageSize: '50' } }))
        .body.data!.items;
    const posted = await lines();
    const sum = (rows: Row[], side: 'debit' | 'credit') => rows.reduce((s, r) => s + Number(r[side] ?? 0), 0);
    expect([sum(posted, 'debit'), sum(posted, 'credit')]).toEqual([3_300_011, 3_300_011]);
    const cancelled = await panel.call<Row>(
      { method: 'POST', path: `${entityPath(Sale)}/${sale.id}/cancel` },
      { body: { version: sale.version } },
    );
    expect(cancelled.status).toBe(200);
    const after = await lines();
    expect(sum(after, 'debit') - sum(after, 'credit')).toBe(0);
    expect(after.length).toBe(posted.length * 2);
  });

  it('works the same without accounting, posting nothing', async () => {
    const panel = await openPanel(server, await server.createAccount(), 'بی حسابداری', ['PanelManagement', 'NagemManagement']);
    const sale = await invoiceOne(panel);
    expect(sale.number).toMatch(/^SL-14\d\d-00001$/);
    const journal = await panel.call({ method: 'GET', path: JOURNAL });
    expect(journal.status).not.toBe(200);
    expect((await panel.call<Row>(rest.get(Sale, sale.id))).body.data).toMatchObject({ status: 'submitted', total: 3_300_011 });
  });
});
