/**
 * Books and stock that never disagree with their documents (issue 22): each defect found from
 * outside, tried again through REST and sync. A line belongs to one document for life; money and
 * quantities are exact and a value that does not fit is refused naming its line and field; a
 * cancel reverses what the submit posted whatever modules are on; server-kept fields stay the
 * server's; impossible dates and places are refused; append-only rows stay; answers carry the
 * state after the change.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { permission, type Row } from '../../src/contract/entity.ts';
import { allPermissions } from '../../src/contract/modules.ts';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { Voucher } from '../../modules/MarketAccounting/entities/documents.ts';
import { Module } from '../../modules/NagemManagement/entities/catalogue.ts';
import { Customer } from '../../modules/NagemManagement/entities/customers.ts';
import { Sale } from '../../modules/NagemManagement/entities/sale.ts';
import { Request, RequestMessage } from '../../modules/NagemManagement/entities/support.ts';
import { CountEntry, StockCount } from '../../modules/WarehousingMVM/entities/counts.ts';
import { Personnel, Place } from '../../modules/HumanResource/entities/masterData.ts';
import { Punch } from '../../modules/HumanResource/entities/punch.ts';
import { Location, Party, Product, Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { OPENING_STOCK_GRANT, Receipt, StockValuation } from '../../modules/WarehousingMVM/entities/stock.ts';
import { allRows, balances, code, net, roleCode, step } from '../../modules/MarketAccounting/tests/server/books.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { addMember, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { syncClient } from './syncFixture.ts';

let server: TestServer;
let panel: PanelCaller;
let other: PanelCaller;
let warehouse: Row;
let shelf: Row;
let rice: Row;
let supplier: Row;

const modules = ['WarehousingMVM', 'MarketAccounting', 'NagemManagement', 'HumanResource'];

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount(), 'دفتر درست', modules);
  other = await openPanel(server, await server.createAccount(), 'دیگری', modules);
  warehouse = await createRow(panel, Warehouse, { name: 'مرکزی', code: 'C1' });
  shelf = await createRow(panel, Location, { warehouseId: warehouse.id, code: 'A-01', kind: 'shelf' });
  rice = await createRow(panel, Product, { name: 'برنج', code: 'RICE', unit: 'kg' });
  supplier = await createRow(panel, Party, { name: 'پخش البرز', kinds: ['supplier'] });
});
afterAll(async () => {
  await server.close();
});

const receiptLine = (quantity: string, unitPrice = 100_000, id: string = randomUUID()) => ({
  id,
  productId: rice.id,
  quantity,
  unitPrice,
  locationId: shelf.id,
});
const receiptValues = (lines: unknown[]) => ({
  direction: 'in',
  date: '2026-11-22',
  warehouseId: warehouse.id,
  partyId: supplier.id,
  lines,
});

async function submitted(lines: unknown[]): Promise<Row> {
  const draft = await createRow(panel, Receipt, receiptValues(lines));
  const answer = await step(panel, Receipt, draft.id, 'submit');
  expect(answer.status).toBe(200);
  return answer.body.data!;
}

describe('a line belongs to one document for life', () => {
  it('refuses a line id of a submitted receipt in a new draft, an edited draft and a pushed create, and the receipt keeps its lines', async () => {
    const lineId = randomUUID();
    const done = await submitted([receiptLine('2.5', 100_000, lineId)]);
    const stolen = receiptLine('999', 100_000, lineId);

    const created = await panel.call(rest.create(Receipt), { body: { id: randomUUID(), ...receiptValues([receiptLine('1'), stolen]) } });
    expect(created.status).toBe(409);
    expect(created.body.errorData?.code).toBe(Code.AlreadyExists);
    expect(created.body.data).toMatchObject({ fields: { 'lines.1.id': 'unique' } });

    const draft = await createRow(panel, Receipt, receiptValues([receiptLine('1')]));
    const edited = await panel.call(rest.update(Receipt, draft.id), { body: { version: draft.version, lines: [stolen] } });
    expect(edited.body.errorData?.code).toBe(Code.AlreadyExists);
    expect(edited.body.data).toMatchObject({ fields: { 'lines.0.id': 'unique' } });

    const pushed = await syncClient(panel).push([
      { mutationId: 1, entity: Receipt.key, op: 'create', id: randomUUID(), values: receiptValues([stolen]) },
      { mutationId: 2, entity: Receipt.key, op: 'update', id: draft.id, baseVersion: draft.version, values: { lines: [stolen] } },
    ]);
    expect(pushed.body.data!.results).toMatchObject([
      { status: 'rejected', code: Code.AlreadyExists, fields: { 'lines.0.id': 'unique' } },
      { status: 'rejected', code: Code.AlreadyExists, fields: { 'lines.0.id': 'unique' } },
    ]);

    const after = await panel.call<Row>(rest.get(Receipt, done.id));
    expect(after.body.data!.lines).toMatchObject([{ id: lineId, quantity: '2.500' }]);
    expect((await panel.call<Row>(rest.get(Receipt, draft.id))).body.data!.lines).toMatchObject([{ quantity: '1.000' }]);
  });

  it('refuses a line id that another panel uses', async () => {
    const lineId = randomUUID();
    await submitted([receiptLine('3', 100_000, lineId)]);
    const theirs = {
      ...receiptValues([]),
      warehouseId: (await createRow(other, Warehouse, { name: 'w', code: 'W' })).id,
      partyId: null,
      lines: [
        { id: lineId, productId: (await createRow(other, Product, { name: 'p', code: 'P', unit: 'kg' })).id, quantity: '1', unitPrice: 1 },
      ],
    };
    const created = await other.call(rest.create(Receipt), { body: { id: randomUUID(), ...theirs } });
    expect(created.body.errorData?.code).toBe(Code.AlreadyExists);
    expect(created.body.data).toMatchObject({ fields: { 'lines.0.id': 'unique' } });
  });

  it('keeps a submitted voucher balanced when another voucher names its lines', async () => {
    const [d, c] = [randomUUID(), randomUUID()];
    const voucher = await createRow(panel, Voucher, {
      date: '2026-11-20',
      lines: [
        { id: d, accountId: code('5202'), debit: 1000, credit: 0 },
        { id: c, accountId: code('1101'), debit: 0, credit: 1000 },
      ],
    });
    expect((await step(panel, Voucher, voucher.id, 'submit')).status).toBe(200);
    const thief = await panel.call(rest.create(Voucher), {
      body: { id: randomUUID(), date: '2026-11-20', lines: [{ id: d, accountId: code('5202'), debit: 5, credit: 0 }] },
    });
    expect(thief.body.errorData?.code).toBe(Code.AlreadyExists);
    const after = await panel.call<Row>(rest.get(Voucher, voucher.id));
    expect(after.body.data!.lines).toMatchObject([
      { id: d, debit: 1000 },
      { id: c, credit: 1000 },
    ]);
  });

  it('still lets a draft keep and edit its own lines', async () => {
    const own = receiptLine('1');
    const draft = await createRow(panel, Receipt, receiptValues([own]));
    const edited = await panel.call<Row>(rest.update(Receipt, draft.id), {
      body: { version: draft.version, lines: [{ ...own, quantity: '4' }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data!.lines).toMatchObject([{ id: own.id, quantity: '4.000' }]);
  });
});

describe('a cancel reverses every posting, whatever modules are on now (decision 017)', () => {
  it('reverses the goods receipt’s automatic voucher even while accounting is off', async () => {
    const owner = await openPanel(server, await server.createAccount(), 'خاموش و روشن', ['WarehousingMVM', 'MarketAccounting']);
    const w = await createRow(owner, Warehouse, { name: 'مرکزی', code: 'C1' });
    const p = await createRow(owner, Product, { name: 'چای', code: 'TEA', unit: 'kg' });
    const s = await createRow(owner, Party, { name: 'پخش', kinds: ['supplier'] });
    const goodsIn = async (quantity: string, unitPrice: number) => {
      const doc = await createRow(owner, Receipt, {
        direction: 'in',
        date: '2026-11-22',
        warehouseId: w.id,
        partyId: s.id,
        lines: [{ id: randomUUID(), productId: p.id, quantity, unitPrice }],
      });
      expect((await step(owner, Receipt, doc.id, 'submit')).status).toBe(200);
      return doc;
    };
    const setModules = async (list: string[]) => {
      const answer = await owner.call(panelEndpoints.updateModules, { body: { modules: list } });
      expect(answer.status).toBe(200);
    };
    await goodsIn('12', 100_000);
    const later = await goodsIn('5', 100_000);
    await setModules(['PanelManagement', 'WarehousingMVM']);
    expect((await step(owner, Receipt, later.id, 'cancel')).status).toBe(200);
    await setModules(['PanelManagement', 'WarehousingMVM', 'MarketAccounting']);

    const inventory = code(roleCode('inventory'));
    const books = await balances(owner);
    const stock = await allRows(owner, StockValuation);
    expect(net(books, (b) => b.accountId === inventory)).toBe(1_200_000);
    expect(stock.reduce((sum, v) => sum + Number(v.value), 0)).toBe(1_200_000);
  });
});

describe('server-kept fields', () => {
  it('refuse the opening flag from one without the opening-stock grant, over REST and sync, and the owner may set it', async () => {
    const clerk = await addMember(server, panel, await server.createAccount(), [
      permission(Receipt, 'create'),
      permission(Receipt, 'update'),
      permission(Receipt, 'read'),
      permission(Receipt, 'submit'),
    ]);
    const values = () => ({ ...receiptValues([receiptLine('1', 10_000_000)]), opening: true });
    const refused = await clerk.call(rest.create(Receipt), { body: { id: randomUUID(), ...values() } });
    expect(refused.status).toBe(403);
    expect(refused.body.errorData?.code).toBe(Code.InvalidOperation);
    expect(refused.body.data).toMatchObject({ fields: { opening: 'permission' } });

    const draft = await createRow(clerk, Receipt, receiptValues([receiptLine('1', 10_000_000)]));
    const edited = await clerk.call(rest.update(Receipt, draft.id), { body: { version: draft.version, opening: true } });
    expect(edited.body.data).toMatchObject({ fields: { opening: 'permission' } });
    const pushed = await syncClient(clerk).push([{ mutationId: 1, entity: Receipt.key, op: 'create', id: randomUUID(), values: values() }]);
    expect(pushed.body.data!.results[0]).toMatchObject({
      status: 'rejected',
      code: Code.InvalidOperation,
      fields: { opening: 'permission' },
    });
    // Saying what the server keeps anyway is no change.
    const same = await clerk.call(rest.create(Receipt), {
      body: { id: randomUUID(), ...receiptValues([receiptLine('1')]), opening: false },
    });
    expect(same.status).toBe(201);

    // The grant shows in the role matrix, and its holder (the owner) may set the flag, without a supplier only.
    expect(allPermissions()).toContain(permission(Receipt, OPENING_STOCK_GRANT));
    const opening = await createRow(panel, Receipt, { ...values(), partyId: null });
    expect((await step(panel, Receipt, opening.id, 'submit')).status).toBe(200);
    const withSupplier = await createRow(panel, Receipt, values());
    const refusedSubmit = await step(panel, Receipt, withSupplier.id, 'submit');
    expect(refusedSubmit.body.errorData?.code).toBe(Code.BadRequest);
    expect(refusedSubmit.body.data).toMatchObject({ fields: { opening: 'option' } });
  });
});

describe('answers after a change', () => {
  it('carry the permissions after a module is turned off or on', async () => {
    const owner = await openPanel(server, await server.createAccount(), 'ماژول‌ها', ['WarehousingMVM', 'HumanResource']);
    const off = await owner.call<CurrentPanel>(panelEndpoints.updateModules, { body: { modules: ['PanelManagement', 'WarehousingMVM'] } });
    expect(off.body.data!.modules).toEqual(['PanelManagement', 'WarehousingMVM']);
    expect(off.body.data!.permissions.some((p) => p.startsWith('HumanResource.'))).toBe(false);
    const on = await owner.call<CurrentPanel>(panelEndpoints.updateModules, {
      body: { modules: ['PanelManagement', 'WarehousingMVM', 'HumanResource'] },
    });
    expect(on.body.data!.permissions).toContain('HumanResource.Personnel.read');
    const current = await owner.call<CurrentPanel>(panelEndpoints.current);
    expect(on.body.data!.permissions).toEqual(current.body.data!.permissions);
  });
});

describe('exact money and quantities', () => {
  it('refuses a voucher whose debits are one rial more than its credits above 2^53, and posts a balanced one to the rial', async () => {
    const owner = await openPanel(server, await server.createAccount(), 'ریال به ریال', ['MarketAccounting']);
    expect((await owner.call({ method: 'POST', path: '/api/MarketAccounting/books' })).status).toBe(200);
    const side = (account: string, debit: number | string, credit: number | string) => ({
      id: randomUUID(),
      accountId: code(account),
      debit,
      credit,
    });
    const uneven = await createRow(owner, Voucher, {
      date: '2026-11-20',
      lines: [
        side('5202', 9_000_000_000_000_000, 0),
        side('5202', 9_000_000_000_000_001, 0),
        side('1101', 0, 9_000_000_000_000_000),
        side('1101', 0, 9_000_000_000_000_000),
      ],
    });
    const refused = await step(owner, Voucher, uneven.id, 'submit');
    expect(refused.body.errorData?.code).toBe(Code.NotPossibleNow);
    expect(refused.body.data).toMatchObject({ detail: { reason: 'unbalanced', debit: '18000000000000001', credit: '18000000000000000' } });

    const even = await createRow(owner, Voucher, {
      date: '2026-11-20',
      lines: [
        side('5202', 9_000_000_000_000_000, 0),
        side('5202', '9000000000000001', 0),
        side('1101', 0, 9_000_000_000_000_000),
        side('1101', 0, '9,000,000,000,000,001'),
      ],
    });
    expect(even.lines).toMatchObject([
      { debit: 9_000_000_000_000_000 },
      { debit: 9_000_000_000_000_001 },
      {},
      { credit: 9_000_000_000_000_001 },
    ]);
    expect((await step(owner, Voucher, even.id, 'submit')).status).toBe(200);
    const books = await balances(owner);
    const expense = books.filter((b) => b.accountId === code('5202'));
    expect(expense.map((b) => b.debit)).toEqual(['18000000000000001']);
    // A JSON number past 2^53 has lost its last digits on the way: refused, never rounded.
    const lossy = await owner.call(rest.create(Voucher), {
      body: { id: randomUUID(), date: '2026-11-20', lines: [side('5202', 18_000_000_000_000_001, 0)] },
    });
    expect(lossy.body.data).toMatchObject({ fields: { 'lines.0.debit': 'range' } });
  });

  it('works a sale of 3 × 3,000,000,000,000,001 with 10% VAT to the rial, and refuses one whose total does not fit, naming the line', async () => {
    const owner = await openPanel(server, await server.createAccount(), 'فروش بزرگ', ['NagemManagement', 'MarketAccounting']);
    const product = await createRow(owner, Module, { name: 'ERP', code: 'ERP', price: 1_000, billing: 'yearly', active: true });
    const customer = await createRow(owner, Customer, { kind: 'company', name: 'شرکت بزرگ' });
    const sale = await createRow(owner, Sale, {
      customerId: customer.id,
      date: '2026-11-22',
      stage: 'won',
      lines: [{ id: randomUUID(), moduleId: product.id, quantity: 3, unitPrice: 3_000_000_000_000_001 }],
    });
    expect(sale).toMatchObject({ net: 9_000_000_000_000_003, vat: 900_000_000_000_000, total: '9900000000000003' });
    const invoiced = await step(owner, Sale, sale.id, 'submit');
    expect(invoiced.status).toBe(200);
    const receivable = (await balances(owner)).filter((b) => b.accountId === code(roleCode('receivable')));
    expect(receivable.map((b) => b.debit)).toEqual(['9900000000000003']);

    const huge = await owner.call(rest.create(Sale), {
      body: {
        id: randomUUID(),
        customerId: customer.id,
        date: '2026-11-22',
        stage: 'won',
        lines: [{ id: randomUUID(), moduleId: product.id, quantity: 100_000, unitPrice: 9_000_000_000_000_000 }],
      },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.data).toMatchObject({ fields: { 'lines.0.unitPrice': 'range' }, detail: { reason: 'overflow' } });
  });

  it('refuses goods in whose value or resulting balance does not fit its column, naming the line and field, over REST and sync', async () => {
    const owner = await openPanel(server, await server.createAccount(), 'سرریز', ['WarehousingMVM', 'MarketAccounting']);
    const w = await createRow(owner, Warehouse, { name: 'مرکزی', code: 'C1' });
    const bin = await createRow(owner, Location, { warehouseId: w.id, code: 'B-1', kind: 'bin' });
    const p = await createRow(owner, Product, { name: 'پیچ', code: 'SCREW', unit: 'piece' });
    const goodsIn = (quantity: string, unitPrice: number | string) =>
      createRow(owner, Receipt, {
        direction: 'in',
        date: '2026-11-22',
        warehouseId: w.id,
        lines: [{ id: randomUUID(), productId: p.id, quantity, unitPrice, locationId: bin.id }],
      });

    const first = await goodsIn('999999999999999', 0);
    expect((await step(owner, Receipt, first.id, 'submit')).status).toBe(200);
    const second = await goodsIn('1', 0);
    const full = await step(owner, Receipt, second.id, 'submit');
    expect(full.status).toBe(400);
    expect(full.body.data).toMatchObject({ fields: { 'lines.0.quantity': 'range' }, detail: { reason: 'overflow' } });
    expect((await owner.call<Row>(rest.get(Receipt, second.id))).body.data!.status).toBe('draft');

    const dear = await goodsIn('999999999999999', 9_000_000_000_000_000);
    const tooDear = await step(owner, Receipt, dear.id, 'submit');
    expect(tooDear.status).toBe(400);
    expect(tooDear.body.data).toMatchObject({ fields: { 'lines.0.unitPrice': 'range' }, detail: { reason: 'overflow' } });
    const pushed = await syncClient(owner).push([
      { mutationId: 1, entity: Receipt.key, op: 'submit', id: dear.id, baseVersion: dear.version },
    ]);
    expect(pushed.body.data!.results[0]).toMatchObject({
      status: 'rejected',
      code: Code.BadRequest,
      fields: { 'lines.0.unitPrice': 'range' },
      detail: { reason: 'overflow' },
    });
  });
});

describe('append-only rows', () => {
  it('refuse deleting or editing a support reply, an internal note and a count entry, over REST and sync', async () => {
    const owner = await openPanel(server, await server.createAccount(), 'پشتیبانی و شمارش', ['NagemManagement', 'WarehousingMVM']);
    const customer = await createRow(owner, Customer, { kind: 'company', name: 'شرکت پشتیبانی' });
    const request = await createRow(owner, Request, { customerId: customer.id, subject: 'کند است', priority: 'normal', status: 'open' });
    const reply = await createRow(owner, RequestMessage, { requestId: request.id, kind: 'reply', body: 'بررسی می‌کنیم' });
    const note = await createRow(owner, RequestMessage, { requestId: request.id, kind: 'note', body: 'یادداشت داخلی' });
    const w = await createRow(owner, Warehouse, { name: 'مرکزی', code: 'C1' });
    const p = await createRow(owner, Product, { name: 'پیچ', code: 'SCREW', unit: 'piece' });
    const count = await createRow(owner, StockCount, { date: '2026-11-22', warehouseId: w.id });
    const entry = await createRow(owner, CountEntry, { countId: count.id, productId: p.id, quantity: '3', device: 'phone' });

    for (const [entity, row] of [
      [RequestMessage, reply],
      [RequestMessage, note],
      [CountEntry, entry],
    ] as const) {
      const removed = await owner.call(rest.remove(entity, row.id), { query: { version: String(row.version) } });
      expect(removed.body.errorData?.code).toBe(Code.NotPossibleNow);
      const edited = await owner.call(rest.update(entity, row.id), {
        body: { version: row.version, ...(entity === CountEntry ? { quantity: '4' } : { body: 'دیگر' }) },
      });
      expect(edited.body.errorData?.code).toBe(Code.NotPossibleNow);
      const pushed = await syncClient(owner).push([
        { mutationId: 1, entity: entity.key, op: 'delete', id: row.id, baseVersion: row.version },
      ]);
      expect(pushed.body.data!.results[0]).toMatchObject({ status: 'rejected', code: Code.NotPossibleNow });
      expect((await owner.call<Row>(rest.get(entity, row.id))).body.data).toMatchObject({ deleted: false, version: row.version });
    }
  });
});

describe('dates, times and places', () => {
  let owner: PanelCaller;
  let person: Row;
  beforeAll(async () => {
    owner = await openPanel(server, await server.createAccount(), 'ساعت و مکان', ['HumanResource', 'MarketAccounting']);
    const office = await createRow(owner, Place, { name: 'دفتر', latitude: '35.7', longitude: '51.4', radius: 150 });
    person = await createRow(owner, Personnel, {
      firstName: 'مریم',
      lastName: 'آزمون',
      code: 'P-1',
      placeIds: [office.id],
      methods: ['phoneFence'],
      active: true,
    });
  });
  const punch = (values: Record<string, unknown>) =>
    owner.call<Row>(rest.create(Punch), {
      body: {
        id: randomUUID(),
        personnelId: person.id,
        direction: 'in',
        source: 'manual',
        note: 'دستی',
        at: new Date(server.clock.now()).toISOString(),
        ...values,
      },
    });

  it('refuse an impossible calendar date, and read a time without an offset in the panel’s zone (Asia/Tehran)', async () => {
    const impossible = await punch({ at: '2026-02-30T10:00:00Z' });
    expect(impossible.body.data).toMatchObject({ fields: { at: 'format' } });
    expect((await punch({ at: '2026-11-22T24:00:00Z' })).body.data).toMatchObject({ fields: { at: 'format' } });
    const local = await punch({ at: '2026-11-21T10:00:00' });
    expect(local.status).toBe(201);
    expect(local.body.data!.at).toBe('2026-11-21T06:30:00.000Z');
    const persian = await punch({ at: '۲۰۲۶-۱۱-۲۰T۱۰:۰۰:۰۰+۰۳:۳۰' });
    expect(persian.body.data!.at).toBe('2026-11-20T06:30:00.000Z');
  });

  it('refuse a punch at a place that is not on Earth', async () => {
    for (const [latitude, longitude] of [
      ['200', '51.4'],
      ['NaN', '51.4'],
      ['35.7', 'Infinity'],
      ['-91', '0'],
      ['0', '180.5'],
    ]) {
      const answer = await punch({ latitude, longitude });
      expect(answer.body.errorData?.code, `${latitude}, ${longitude}`).toBe(Code.BadRequest);
    }
    expect((await punch({ latitude: '-90', longitude: '180' })).status).toBe(201);
  });

  it('number a document in the fiscal year of its date, not of the day it is submitted', async () => {
    expect((await owner.call({ method: 'POST', path: '/api/MarketAccounting/books' })).status).toBe(200);
    // The test clock is in 1405; 2026-03-01 is 1404-12-10.
    const voucher = await createRow(owner, Voucher, {
      date: '2026-03-01',
      lines: [
        { id: randomUUID(), accountId: code('5202'), debit: 1000, credit: 0 },
        { id: randomUUID(), accountId: code('1101'), debit: 0, credit: 1000 },
      ],
    });
    const submitted = await step(owner, Voucher, voucher.id, 'submit');
    expect(submitted.body.data!.number).toBe('JV-1404-00001');
    const current = await createRow(owner, Voucher, {
      date: '2026-11-22',
      lines: [
        { id: randomUUID(), accountId: code('5202'), debit: 1000, credit: 0 },
        { id: randomUUID(), accountId: code('1101'), debit: 0, credit: 1000 },
      ],
    });
    expect((await step(owner, Voucher, current.id, 'submit')).body.data!.number).toBe('JV-1405-00001');
  });
});
