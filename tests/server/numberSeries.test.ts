/**
 * A panel changes the prefix of a document's numbers (documents.md, "Numbers"): the next submit
 * takes it, with the Jalali year of the document's date; numbers already given keep theirs; the
 * prefix and the document are checked; only a holder of the series' permissions changes it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { NumberSeries } from '../../src/contract/entities/panelManagement.ts';
import { entityPath, permission, type Row } from '../../src/contract/entity.ts';
import { Location, Product, Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { Receipt } from '../../modules/WarehousingMVM/entities/stock.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { addMember, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';

let server: TestServer;
let panel: PanelCaller;
let warehouseId = '';
let locationId = '';
let productId = '';

async function submitted(): Promise<Row> {
  const doc = await createRow(panel, Receipt, {
    direction: 'in',
    date: '2026-11-23',
    warehouseId,
    lines: [{ id: randomUUID(), productId, quantity: '1', unitPrice: 1000, locationId }],
  });
  const done = await panel.call<Row>(
    { method: 'POST', path: `${entityPath(Receipt)}/${doc.id}/submit` },
    { body: { version: doc.version } },
  );
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.data!;
}

const submittedNumber = async () => String((await submitted()).number);

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount(), 'انبار آزمایش', ['WarehousingMVM']);
  warehouseId = (await createRow(panel, Warehouse, { name: 'انبار', code: 'W1' })).id;
  locationId = (await createRow(panel, Location, { warehouseId, code: 'A-01', kind: 'bin' })).id;
  productId = (await createRow(panel, Product, { name: 'چای', code: 'TEA', unit: 'piece' })).id;
});

afterAll(() => server.close());

describe('a number series’ prefix', () => {
  it('numbers the next document with the new prefix and the Jalali year of its date, and keeps the numbers given before', async () => {
    const first = await submitted();
    const before = String(first.number);
    expect(before).toMatch(/^RC-1405-\d{5}$/);
    const series = await createRow(panel, NumberSeries, { document: Receipt.key, prefix: ' wh1-in ' });
    expect(series.prefix).toBe('WH1-IN');
    const after = await submittedNumber();
    expect(after).toBe(`WH1-IN-1405-${String(Number(before.slice(-5)) + 1).padStart(5, '0')}`);
    const changed = await panel.call<Row>(rest.update(NumberSeries, series.id), { body: { version: series.version, prefix: 'IN' } });
    expect(changed.status).toBe(200);
    expect(await submittedNumber()).toMatch(/^IN-1405-\d{5}$/);
    expect((await panel.call<Row>(rest.get(Receipt, first.id))).body.data?.number).toBe(before);
  });

  it('refuses a prefix that is not letters, digits and dashes, or a document that is not numbered', async () => {
    for (const prefix of ['', 'رسید', 'A B', '-RC', 'RC-', 'ABCDEFGHIJKLM']) {
      const answer = await panel.call(rest.create(NumberSeries), {
        body: { id: randomUUID(), document: 'WarehousingMVM/Transfer', prefix },
      });
      expect(answer.status, prefix).toBe(400);
    }
    const bad = await panel.call(rest.create(NumberSeries), {
      body: { id: randomUUID(), document: 'WarehousingMVM/Product', prefix: 'PR' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body, JSON.stringify(bad.body)).toMatchObject({
      errorData: { code: Code.BadRequest },
      data: { fields: { document: 'option' } },
    });
  });

  it('is changed only by those holding the series’ permissions', async () => {
    const clerk = await addMember(server, panel, await server.createAccount(), [permission(NumberSeries, 'read')]);
    const answer = await clerk.call(rest.create(NumberSeries), {
      body: { id: randomUUID(), document: 'WarehousingMVM/Transfer', prefix: 'TR2' },
    });
    expect(answer.status).toBe(403);
  });
});
