/**
 * Receipts as documents against the real server: goods in and out with exact quantities, stock
 * balances and moving-average value derived by the server, an issue that would go below zero
 * refused with the product, place and shortfall named, cancel posting the exact reversal, amend,
 * numbers per Jalali year, and locations kept inside their warehouse.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import type { EntityListResponse, Row } from '../../../../src/contract/entity.ts';
import { entityPath } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Location, Party, Product, Warehouse } from '../../entities/masterData.ts';
import { Receipt, StockBalance, StockMove, StockValuation } from '../../entities/stock.ts';

let server: TestServer;
let panel: PanelCaller;
let central: Row;
let shelf: Row;
let rice: Row;
let oil: Row;
let supplier: Row;

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount(), 'انبار نور', ['WarehousingMVM']);
  central = await createRow(panel, Warehouse, { name: 'انبار مرکزی', code: 'C1' });
  shelf = await createRow(panel, Location, { warehouseId: central.id, code: 'A-01', kind: 'shelf' });
  rice = await createRow(panel, Product, { name: 'برنج هاشمی', code: 'RICE', unit: 'kg', barcodes: ['6260000000017'] });
  oil = await createRow(panel, Product, { name: 'روغن', code: 'OIL', unit: 'l', tracksBatches: true });
  supplier = await createRow(panel, Party, { name: 'پخش البرز', kinds: ['supplier'] });
});
afterAll(async () => {
  await server.close();
});

function line(product: Row, quantity: string, unitPrice = 0, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), productId: product.id, quantity, unitPrice, locationId: shelf.id, ...extra };
}

async function receipt(direction: 'in' | 'out', lines: unknown[]): Promise<Row> {
  return createRow(panel, Receipt, { direction, date: '2026-11-22', warehouseId: central.id, partyId: supplier.id, lines });
}

async function step(doc: Row, what: 'submit' | 'cancel') {
  const current = await panel.call<Row>(rest.get(Receipt, doc.id));
  return panel.call<Row>(
    { method: 'POST', path: `${entityPath(Receipt)}/${doc.id}/${what}` },
    { body: { version: current.body.data!.version } },
  );
}

async function onHand(product: Row): Promise<string | undefined> {
  const list = await panel.call<EntityListResponse>(rest.list(StockBalance), { query: { 'filter.productId': product.id } });
  return list.body.data!.items[0]?.quantity as string | undefined;
}

async function valuation(product: Row): Promise<Row | undefined> {
  const list = await panel.call<EntityListResponse>(rest.list(StockValuation), { query: { 'filter.productId': product.id } });
  return list.body.data!.items[0];
}

describe('receipts', () => {
  it('are drafts with their lines, edited as one, with no effect on stock until submitted', async () => {
    const draft = await receipt('in', [line(rice, '10.5', 1_200_000)]);
    expect(draft).toMatchObject({ status: 'draft', number: null, lines: [{ quantity: '10.500', unitPrice: 1_200_000 }] });
    const second = line(rice, '0.25', 1_200_000);
    const edited = await panel.call<Row>(rest.update(Receipt, draft.id), {
      body: { version: 1, lines: [...(draft.lines as unknown[]), second] },
    });
    expect(edited.body.data!.lines).toHaveLength(2);
    expect(await onHand(rice)).toBeUndefined();

    const submitted = await step(draft, 'submit');
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'submitted', number: expect.stringMatching(/^RC-14\d\d-00001$/) });
    expect(await onHand(rice)).toBe('10.750');
    expect(await valuation(rice)).toMatchObject({ quantity: '10.750', value: 12_900_000 });
    // Submitted documents are read-only.
    const late = await panel.call(rest.update(Receipt, draft.id), { body: { version: 3, note: 'late' } });
    expect(late.body.errorData?.code).toBe(Code.NotPossibleNow);
  });

  it('refuses an issue beyond what is on hand, naming the product, the place and the shortfall, and leaves it a draft', async () => {
    const issue = await receipt('out', [line(rice, '11')]);
    const refused = await step(issue, 'submit');
    expect(refused.status).toBe(409);
    expect(refused.body.errorData?.code).toBe(Code.NotPossibleNow);
    expect(refused.body.data).toMatchObject({
      detail: {
        shortfalls: [
          { productId: rice.id, warehouseId: central.id, locationId: shelf.id, needed: '11.000', available: '10.750', short: '0.250' },
        ],
      },
    });
    expect((await panel.call<Row>(rest.get(Receipt, issue.id))).body.data).toMatchObject({ status: 'draft', number: null });
    expect(await onHand(rice)).toBe('10.750');
  });

  it('takes goods out at the moving-average cost, exactly, and the last units take the value left', async () => {
    const issue = await receipt('out', [line(rice, '3.5'), line(rice, '1.25')]);
    expect((await step(issue, 'submit')).status).toBe(200);
    expect(await onHand(rice)).toBe('6.000');
    // 12,900,000 / 10.75 = 1,200,000 a kg: 4.75 kg leave with 5,700,000.
    expect(await valuation(rice)).toMatchObject({ quantity: '6.000', value: 7_200_000 });
    const rest6 = await receipt('out', [line(rice, '6')]);
    expect((await step(rest6, 'submit')).status).toBe(200);
    expect(await valuation(rice)).toMatchObject({ quantity: '0.000', value: 0 });
  });

  it('cancel posts the exact reversal and keeps the number; amend copies it into a new draft', async () => {
    const doc = await receipt('in', [line(rice, '2', 999_999)]);
    const submitted = await step(doc, 'submit');
    const number = submitted.body.data!.number;
    expect(await onHand(rice)).toBe('2.000');
    const cancelled = await step(doc, 'cancel');
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', number });
    expect(await onHand(rice)).toBe('0.000');
    expect(await valuation(rice)).toMatchObject({ quantity: '0.000', value: 0 });
    const moves = await panel.call<EntityListResponse>(rest.list(StockMove), { query: { 'filter.productId': rice.id, pageSize: '100' } });
    expect(
      moves.body
        .data!.items.filter((m) => m.sourceNumber === number)
        .map((m) => m.quantity)
        .sort(),
    ).toEqual(['-2.000', '2.000']);
    const amended = await createRow(panel, Receipt, {
      direction: 'in',
      date: '2026-11-23',
      warehouseId: central.id,
      amendedFrom: doc.id,
      lines: [line(rice, '2', 999_999)],
    });
    expect(amended).toMatchObject({ status: 'draft', amendedFrom: doc.id });
    const notCancelled = await panel.call(rest.create(Receipt), {
      body: { direction: 'in', date: '2026-11-23', warehouseId: central.id, amendedFrom: amended.id },
    });
    expect(notCancelled.body.errorData?.code).toBe(Code.IdNotRegistered);
  });

  it('cancels goods in that came free at no value: the reversal is the exact opposite, not an issue at the average cost', async () => {
    const sugar = await createRow(panel, Product, { name: 'شکر', code: 'SUGAR', unit: 'kg' });
    await step(await receipt('in', [line(sugar, '1', 37)]), 'submit');
    const free = await receipt('in', [line(sugar, '2', 0)]);
    await step(free, 'submit');
    expect(await valuation(sugar)).toMatchObject({ quantity: '3.000', value: 37 });
    expect((await step(free, 'cancel')).status).toBe(200);
    expect(await valuation(sugar)).toMatchObject({ quantity: '1.000', value: 37 });
    const moves = await panel.call<EntityListResponse>(rest.list(StockMove), { query: { 'filter.sourceId': free.id, pageSize: '100' } });
    expect(moves.body.data!.items.map((m) => [m.quantity, m.value]).sort()).toEqual([
      ['-2.000', 0],
      ['2.000', 0],
    ]);
  });

  it('refuses to cancel goods in that have already left, unless the warehouse allows negative stock', async () => {
    const incoming = await receipt('in', [line(rice, '1', 100)]);
    await step(incoming, 'submit');
    await step(await receipt('out', [line(rice, '1')]), 'submit');
    const refused = await step(incoming, 'cancel');
    expect(refused.body.errorData?.code).toBe(Code.NotPossibleNow);
    await panel.call(rest.update(Warehouse, central.id), { body: { version: 1, allowsNegativeStock: true } });
    expect((await step(incoming, 'cancel')).status).toBe(200);
    expect(await onHand(rice)).toBe('-1.000');
  });

  it('needs a batch for a product tracked by batch, and a location of the receipt’s warehouse', async () => {
    const other = await createRow(panel, Warehouse, { name: 'انبار دوم', code: 'C2' });
    const elsewhere = await createRow(panel, Location, { warehouseId: other.id, code: 'A-01', kind: 'bin' });
    const noBatch = await step(await receipt('in', [line(oil, '5', 10)]), 'submit');
    expect(noBatch.body).toMatchObject({ errorData: { code: Code.BadRequest }, data: { fields: { 'lines.0.batch': 'required' } } });
    const wrongPlace = await step(await receipt('in', [line(rice, '1', 10, { locationId: elsewhere.id })]), 'submit');
    expect(wrongPlace.body).toMatchObject({
      errorData: { code: Code.IdNotRegistered },
      data: { fields: { 'lines.0.locationId': 'reference' } },
    });
    const batched = await step(await receipt('in', [line(oil, '5', 10, { batch: 'L-1404-07', expiry: '2027-01-01' })]), 'submit');
    expect(batched.status).toBe(200);
  });

  it('needs a batch and its expiry for goods in of a product whose batches expire, and only the batch going out', async () => {
    const milk = await createRow(panel, Product, { name: 'شیر', code: 'MILK', unit: 'l', tracksBatches: true, expires: true });
    const bare = await step(await receipt('in', [line(milk, '4', 10)]), 'submit');
    expect(bare.body).toMatchObject({
      errorData: { code: Code.BadRequest },
      data: { fields: { 'lines.0.batch': 'required', 'lines.0.expiry': 'required' } },
    });
    const noExpiry = await step(await receipt('in', [line(milk, '4', 10, { batch: 'M-7' })]), 'submit');
    expect(noExpiry.body).toMatchObject({ errorData: { code: Code.BadRequest }, data: { fields: { 'lines.0.expiry': 'required' } } });
    expect(noExpiry.body.data?.fields).not.toHaveProperty(['lines.0.batch']);
    expect((await step(await receipt('in', [line(milk, '4', 10, { batch: 'M-7', expiry: '2026-12-20' })]), 'submit')).status).toBe(200);
    // Out, the batch names stock whose expiry is known.
    expect((await step(await receipt('out', [line(milk, '1', 0, { batch: 'M-7' })]), 'submit')).status).toBe(200);
    // A batch-tracked product that does not expire needs no expiry coming in.
    expect((await step(await receipt('in', [line(oil, '2', 10, { batch: 'L-1404-08' })]), 'submit')).status).toBe(200);
  });

  it('keeps a location’s code unique within its warehouse and its parent in the same warehouse', async () => {
    const duplicate = await panel.call(rest.create(Location), { body: { warehouseId: central.id, code: 'A-01', kind: 'bin' } });
    expect(duplicate.body).toMatchObject({
      errorData: { code: Code.AlreadyExists },
      data: { fields: { warehouseId: 'unique', code: 'unique' } },
    });
    const other = await createRow(panel, Warehouse, { name: 'انبار سوم', code: 'C3' });
    const crossed = await panel.call(rest.create(Location), {
      body: { warehouseId: other.id, parentId: shelf.id, code: 'X', kind: 'bin' },
    });
    expect(crossed.body).toMatchObject({ errorData: { code: Code.IdNotRegistered }, data: { fields: { parentId: 'reference' } } });
  });

  it('will not delete a product that stock moves refer to', async () => {
    const answer = await panel.call(rest.remove(Product, rice.id), { query: { version: '1' } });
    expect(answer.body.errorData?.code).toBe(Code.NotPossibleNow);
  });
});
