/**
 * Transfers, stock counts and consignments against the real server: a move within a warehouse in
 * one step; between warehouses dispatched into transit and received with differences; a count's
 * entries summed and its differences posted as adjustments; a consignor's stock kept apart from
 * own stock, sold and returned.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import type { EntityListResponse, Row } from '../../../../src/contract/entity.ts';
import { entityPath, type Entity } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { CountEntry, StockCount } from '../../entities/counts.ts';
import { Cargo, Consignment } from '../../entities/inbound.ts';
import { Location, Party, Product, Warehouse } from '../../entities/masterData.ts';
import { Transfer, TransferArrival } from '../../entities/movements.ts';
import { Receipt, StockBalance, StockValuation } from '../../entities/stock.ts';

let server: TestServer;
let panel: PanelCaller;
let central: Row;
let branch: Row;
let a1: Row;
let a2: Row;
let b1: Row;
let tea: Row;
let consignor: Row;

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount(), 'انبار', ['WarehousingMVM']);
  central = await createRow(panel, Warehouse, { name: 'مرکزی', code: 'C1' });
  branch = await createRow(panel, Warehouse, { name: 'شعبه', code: 'B1' });
  a1 = await createRow(panel, Location, { warehouseId: central.id, code: 'A-01', kind: 'bin' });
  a2 = await createRow(panel, Location, { warehouseId: central.id, code: 'A-02', kind: 'bin' });
  b1 = await createRow(panel, Location, { warehouseId: branch.id, code: 'B-01', kind: 'bin' });
  tea = await createRow(panel, Product, { name: 'چای', code: 'TEA', unit: 'pack', purchasePrice: 500 });
  consignor = await createRow(panel, Party, { name: 'امانت‌دار', kinds: ['consignor'] });
  const opening = await createRow(panel, Receipt, {
    direction: 'in',
    date: '2026-11-20',
    warehouseId: central.id,
    lines: [{ id: randomUUID(), productId: tea.id, quantity: '10', unitPrice: 1000, locationId: a1.id }],
  });
  await step(Receipt, opening, 'submit');
});
afterAll(async () => {
  await server.close();
});

async function step(entity: Entity, doc: Row, what: 'submit' | 'cancel') {
  const current = await panel.call<Row>(rest.get(entity, doc.id));
  return panel.call<Row>(
    { method: 'POST', path: `${entityPath(entity)}/${doc.id}/${what}` },
    { body: { version: current.body.data!.version } },
  );
}

async function balances(): Promise<Row[]> {
  const list = await panel.call<EntityListResponse>(rest.list(StockBalance), { query: { 'filter.productId': tea.id, pageSize: '100' } });
  return list.body.data!.items;
}

async function at(
  warehouse: Row,
  location: Row | null,
  extra: { inTransit?: boolean; ownerId?: string } = {},
): Promise<string | undefined> {
  return (await balances()).find(
    (b) =>
      b.warehouseId === warehouse.id &&
      (b.locationId ?? null) === (location?.id ?? null) &&
      (b.inTransit === true) === (extra.inTransit ?? false) &&
      (b.ownerId ?? null) === (extra.ownerId ?? null),
  )?.quantity as string | undefined;
}

async function value(warehouse: Row): Promise<number> {
  const list = await panel.call<EntityListResponse>(rest.list(StockValuation), { query: { 'filter.productId': tea.id } });
  return Number(list.body.data!.items.find((v) => v.warehouseId === warehouse.id)?.value ?? 0);
}

describe('transfers', () => {
  it('move stock from bin to bin within a warehouse in one step', async () => {
    const doc = await createRow(panel, Transfer, {
      date: '2026-11-21',
      fromWarehouseId: central.id,
      toWarehouseId: central.id,
      lines: [{ id: randomUUID(), productId: tea.id, quantity: '3', fromLocationId: a1.id, toLocationId: a2.id }],
    });
    expect((await step(Transfer, doc, 'submit')).body.data).toMatchObject({ status: 'submitted', number: expect.stringMatching(/^TR-/) });
    expect([await at(central, a1), await at(central, a2)]).toEqual(['7.000', '3.000']);
    expect(await value(central)).toBe(10_000);
  });

  it('between warehouses are dispatched into transit and received with the difference recorded', async () => {
    const doc = await createRow(panel, Transfer, {
      date: '2026-11-21',
      fromWarehouseId: central.id,
      toWarehouseId: branch.id,
      lines: [{ id: randomUUID(), productId: tea.id, quantity: '4', fromLocationId: a1.id, toLocationId: b1.id }],
    });
    expect((await step(Transfer, doc, 'submit')).status).toBe(200);
    expect(await at(central, a1)).toBe('3.000');
    expect(await at(branch, null, { inTransit: true })).toBe('4.000');
    expect(await at(branch, b1)).toBeUndefined();
    expect([await value(central), await value(branch)]).toEqual([6_000, 4_000]);

    const arrival = await createRow(panel, TransferArrival, {
      transferId: doc.id,
      date: '2026-11-22',
      lines: [{ id: randomUUID(), productId: tea.id, quantity: '3', locationId: b1.id }],
    });
    expect((await step(TransferArrival, arrival, 'submit')).status).toBe(200);
    expect(await at(branch, null, { inTransit: true })).toBe('0.000');
    expect(await at(branch, b1)).toBe('3.000');
    // One unit short: it leaves the books with its share of the value.
    expect(await value(branch)).toBe(3_000);
    expect((await panel.call<Row>(rest.get(Transfer, doc.id))).body.data).toMatchObject({ arrivalId: arrival.id });

    const again = await createRow(panel, TransferArrival, {
      transferId: doc.id,
      date: '2026-11-22',
      lines: [{ id: randomUUID(), productId: tea.id, quantity: '1', locationId: b1.id }],
    });
    expect((await step(TransferArrival, again, 'submit')).body.errorData?.code).toBe(Code.NotPossibleNow);
    expect((await step(Transfer, doc, 'cancel')).body.errorData?.code).toBe(Code.NotPossibleNow);
    expect((await step(TransferArrival, arrival, 'cancel')).status).toBe(200);
    expect(await at(branch, null, { inTransit: true })).toBe('4.000');
    expect((await step(Transfer, doc, 'cancel')).status).toBe(200);
    expect(await at(central, a1)).toBe('7.000');
    expect([await value(central), await value(branch)]).toEqual([10_000, 0]);
  });
});

describe('stock counts', () => {
  it('sum every entry of every phone and post the differences; entries are written once, and only to a draft', async () => {
    const count = await createRow(panel, StockCount, {
      date: '2026-11-23',
      warehouseId: central.id,
      zeroUncounted: true,
      lines: [{ id: randomUUID(), counter: 'همه' }],
    });
    const entry = (quantity: string, location: Row, device: string) =>
      createRow(panel, CountEntry, { countId: count.id, productId: tea.id, locationId: location.id, quantity, device });
    for (let i = 0; i < 5; i++) await entry('1', a1, 'phone 1');
    await entry('1', a1, 'phone 2');
    await entry('-1', a1, 'phone 2');
    const mistaken = await entry('1', a1, 'phone 3');
    const edit = await panel.call(rest.update(CountEntry, mistaken.id), { body: { version: 1, quantity: '5' } });
    expect(edit.body.errorData?.code).toBe(Code.NotPossibleNow);
    // a1 had 7 and a2 had 3: counted 6 at a1, nothing at a2.
    const submitted = await step(StockCount, count, 'submit');
    expect(submitted.body).toMatchObject({ data: { status: 'submitted' } });
    expect([await at(central, a1), await at(central, a2)]).toEqual(['6.000', '0.000']);
    const late = await panel.call(rest.create(CountEntry), {
      body: { countId: count.id, productId: tea.id, locationId: a1.id, quantity: '1' },
    });
    expect(late.body.errorData?.code).toBe(Code.NotPossibleNow);
    expect((await step(StockCount, count, 'cancel')).status).toBe(200);
    expect([await at(central, a1), await at(central, a2)]).toEqual(['7.000', '3.000']);
  });
});

describe('consignments', () => {
  it('keep the consignor’s stock apart: our issues cannot take it, and it is sold and returned from its own balance', async () => {
    const line = (quantity: string) => ({ id: randomUUID(), productId: tea.id, quantity, unitPrice: 700, locationId: a2.id });
    const received = await createRow(panel, Consignment, {
      kind: 'receive',
      date: '2026-11-23',
      partyId: consignor.id,
      warehouseId: central.id,
      lines: [line('5')],
    });
    expect((await step(Consignment, received, 'submit')).status).toBe(200);
    expect(await at(central, a2, { ownerId: consignor.id })).toBe('5.000');
    expect(await at(central, a2)).toBe('3.000');
    expect(await value(central)).toBe(10_000);
    const ours = await createRow(panel, Receipt, {
      direction: 'out',
      date: '2026-11-23',
      warehouseId: central.id,
      lines: [{ id: randomUUID(), productId: tea.id, quantity: '4', locationId: a2.id }],
    });
    expect((await step(Receipt, ours, 'submit')).body.errorData?.code).toBe(Code.NotPossibleNow);
    const sold = await createRow(panel, Consignment, {
      kind: 'sale',
      date: '2026-11-23',
      partyId: consignor.id,
      warehouseId: central.id,
      lines: [line('2')],
    });
    const returned = await createRow(panel, Consignment, {
      kind: 'return',
      date: '2026-11-23',
      partyId: consignor.id,
      warehouseId: central.id,
      lines: [line('4')],
    });
    expect((await step(Consignment, sold, 'submit')).status).toBe(200);
    expect((await step(Consignment, returned, 'submit')).body.errorData?.code).toBe(Code.NotPossibleNow);
    expect(await at(central, a2, { ownerId: consignor.id })).toBe('3.000');
    expect(await value(central)).toBe(10_000);
  });
});

describe('cargos', () => {
  it('close only once the goods receipt of what was accepted is submitted', async () => {
    const cargo = await createRow(panel, Cargo, {
      expectedDate: '2026-11-24',
      warehouseId: central.id,
      plate: '12ب345-67',
      waybill: 'WB-1',
      lines: [{ id: randomUUID(), productId: tea.id, expected: '5', received: '5', damaged: '1', unitPrice: 900 }],
    });
    expect((await step(Cargo, cargo, 'submit')).body.errorData?.code).toBe(Code.NotPossibleNow);
    const receipt = await createRow(panel, Receipt, {
      direction: 'in',
      date: '2026-11-24',
      warehouseId: central.id,
      reference: 'WB-1',
      lines: [{ id: randomUUID(), productId: tea.id, quantity: '4', unitPrice: 900, locationId: a1.id }],
    });
    await step(Receipt, receipt, 'submit');
    await panel.call(rest.update(Cargo, cargo.id), { body: { version: 1, receiptId: receipt.id } });
    expect((await step(Cargo, cargo, 'submit')).status).toBe(200);
  });
});
