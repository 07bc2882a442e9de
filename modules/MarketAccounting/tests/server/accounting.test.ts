/**
 * Accounting against the real server: the standard chart made on first use, vouchers refused
 * unless balanced, numbered per Jalali year, cancelled by their reverse, refused in a closed
 * period; receipts and payments by each way of paying; cheques through their statuses, each
 * change posting; Sheba checked; warehousing's receipts and issues posted automatically at their
 * stock value and reversed with them.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import type { Entity, Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints } from '../../../../src/contract/panels.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { entityByKey } from '../../../../src/contract/modules.ts';
import { Account, BankAccount, CashBox, Party, Settings, SETTINGS_ID } from '../../entities/books.ts';
import { Cheque, Payment, Voucher } from '../../entities/documents.ts';
import { mirrorPartyId } from '../../server/parties.ts';
import { allRows, balances, code, journal, net, refusal, roleCode, step } from './books.ts';

let server: TestServer;
let panel: PanelCaller;
let customer: Row;
let box: Row;
let bank: Row;

const line = (account: string, debit: number, credit: number, partyId: string | null = null) => ({
  id: randomUUID(),
  accountId: code(account),
  partyId,
  debit,
  credit,
});

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount(), 'فروشگاه نور', ['MarketAccounting', 'WarehousingMVM']);
  const books = await panel.call({ method: 'POST', path: '/api/MarketAccounting/books' });
  expect(books.status).toBe(200);
  customer = await createRow(panel, Party, { name: 'علی رضایی' });
  box = await createRow(panel, CashBox, { name: 'صندوق فروشگاه' });
  bank = await createRow(panel, BankAccount, { bank: 'ملت', accountNumber: '123456', sheba: 'IR06 2960 0000 0010 0324 2000 01' });
});
afterAll(async () => {
  await server.close();
});

describe('the books', () => {
  it('start with the standard chart as a tree, and the settings row', async () => {
    const accounts = await allRows(panel, Account);
    expect(accounts.length).toBeGreaterThan(25);
    expect(accounts.find((a) => a.code === '1101')).toMatchObject({ postable: true, parentId: code('11'), role: 'cash' });
    expect(accounts.find((a) => a.code === '11')).toMatchObject({ postable: false, parentId: code('1') });
    const settings = await panel.call<Row>(rest.get(Settings, SETTINGS_ID));
    expect(settings.body.data).toMatchObject({ closedUpTo: null });
    // Asking again writes nothing more.
    await panel.call({ method: 'POST', path: '/api/MarketAccounting/books' });
    expect(await allRows(panel, Account)).toHaveLength(accounts.length);
  });

  it("hand a panel's earlier choice of tomans over to the panel's own unit, once (decision 027)", async () => {
    const sql = readFileSync(join(import.meta.dirname, '../../server/migrations/001_money_unit_to_panel.sql'), 'utf8');
    const current = () => panel.call<{ moneyUnit: string }>(panelEndpoints.current);
    // A database from before: the settings row still has the column the declaration has left.
    await server.db.exec(`ALTER TABLE ${Settings.table} ADD COLUMN IF NOT EXISTS currency text`);
    await server.db.query(`UPDATE ${Settings.table} SET currency = 'toman' WHERE id = $1`, [SETTINGS_ID]);
    await server.db.query(`UPDATE panels SET details = details - 'moneyUnit' WHERE code = $1`, [panel.code]);
    await server.db.exec(sql);
    expect((await current()).body.data!.moneyUnit).toBe('toman');
    // A unit the panel has chosen since is never overwritten.
    await panel.call(panelEndpoints.updateDetails, { body: { moneyUnit: 'rial' } });
    await server.db.exec(sql);
    expect((await current()).body.data!.moneyUnit).toBe('rial');
    await server.db.exec(`ALTER TABLE ${Settings.table} DROP COLUMN currency`);
  });

  it('keep a Sheba as IR and 24 digits and refuse one whose check digits are wrong', async () => {
    expect(bank.sheba).toBe('IR062960000000100324200001');
    const bad = await panel.call(rest.create(BankAccount), {
      body: { id: randomUUID(), bank: 'ملی', accountNumber: '9', sheba: 'IR072960000000100324200001' },
    });
    expect(refusal(bad)).toMatchObject({ code: Code.BadRequest, fields: { sheba: 'format' } });
  });

  it('refuse deleting an account the server posts to', async () => {
    const cash = await panel.call<Row>(rest.get(Account, code('1101')));
    const gone = await panel.call(rest.remove(Account, code('1101')), { query: { version: String(cash.body.data!.version) } });
    expect(gone.body.errorData?.code).toBe(Code.NotPossibleNow);
  });
});

describe('vouchers', () => {
  it('are refused unless debits equal credits, and stay drafts', async () => {
    const draft = await createRow(panel, Voucher, {
      date: '2026-11-20',
      description: 'نابرابر',
      lines: [line('5202', 1000, 0), line('1101', 0, 900)],
    });
    const refused = await step(panel, Voucher, draft.id, 'submit');
    expect(refusal(refused)).toMatchObject({ code: Code.NotPossibleNow, detail: { reason: 'unbalanced', debit: 1000, credit: 900 } });
    expect((await panel.call<Row>(rest.get(Voucher, draft.id))).body.data!.status).toBe('draft');
  });

  it('refuse a group account and a line with both or neither side', async () => {
    const draft = await createRow(panel, Voucher, { date: '2026-11-20', lines: [line('11', 500, 0), line('1101', 0, 0)] });
    const refused = await step(panel, Voucher, draft.id, 'submit');
    expect(refusal(refused)).toMatchObject({ code: Code.BadRequest, fields: { 'lines.0.accountId': 'option', 'lines.1.debit': 'range' } });
  });

  it('post when balanced, numbered per Jalali year, and cancel by the exact reverse', async () => {
    const draft = await createRow(panel, Voucher, {
      date: '2026-11-20',
      description: 'اجاره آبان',
      lines: [line('5202', 30_000_000, 0), line('3101', 0, 30_000_000)],
    });
    const submitted = await step(panel, Voucher, draft.id, 'submit');
    expect(submitted.body.data).toMatchObject({ status: 'submitted', number: expect.stringMatching(/^JV-14\d\d-\d{5}$/) });
    const lines = await journal(panel, { 'filter.sourceId': draft.id });
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.month === '1405-08' && l.sourceNumber === submitted.body.data!.number)).toBe(true);
    expect(net(await balances(panel), (b) => b.accountId === code('5202'))).toBe(30_000_000);
    await step(panel, Voucher, draft.id, 'cancel');
    expect(net(await balances(panel), (b) => b.accountId === code('5202'))).toBe(0);
    expect(await journal(panel, { 'filter.sourceId': draft.id })).toHaveLength(4);
  });
});

describe('receipts, payments and cheques', () => {
  it('post the party against the cash box, the bank account and the cheques in hand', async () => {
    const receipt = await createRow(panel, Payment, {
      direction: 'in',
      date: '2026-11-21',
      partyId: customer.id,
      lines: [
        { id: randomUUID(), method: 'cash', amount: 2_000_000, cashBoxId: box.id },
        { id: randomUUID(), method: 'card', amount: 3_000_000, bankAccountId: bank.id },
        { id: randomUUID(), method: 'cheque', amount: 10_000_000, chequeBank: 'صادرات', chequeSerial: '778899', dueDate: '2026-12-01' },
      ],
    });
    const submitted = await step(panel, Payment, receipt.id, 'submit');
    expect(submitted.body.data).toMatchObject({ status: 'submitted', number: expect.stringMatching(/^RP-/) });
    const all = await balances(panel);
    expect(net(all, (b) => b.partyId === customer.id)).toBe(-15_000_000);
    expect(net(all, (b) => b.cashBoxId === box.id)).toBe(2_000_000);
    expect(net(all, (b) => b.bankAccountId === bank.id)).toBe(3_000_000);
    expect(net(all, (b) => b.accountId === code(roleCode('chequesInHand')))).toBe(10_000_000);
    const [cheque] = await allRows(panel, Cheque, { 'filter.paymentId': receipt.id });
    expect(cheque).toMatchObject({ direction: 'received', status: 'inHand', serial: '778899', amount: 10_000_000, partyId: customer.id });
  });

  it('refuse a line without what its way of paying needs', async () => {
    const receipt = await createRow(panel, Payment, {
      direction: 'in',
      date: '2026-11-21',
      partyId: customer.id,
      lines: [{ id: randomUUID(), method: 'cash', amount: 100 }],
    });
    const refused = await step(panel, Payment, receipt.id, 'submit');
    expect(refusal(refused)).toMatchObject({ code: Code.BadRequest, fields: { 'lines.0.cashBoxId': 'required' } });
  });

  it('move a cheque through deposit and clearing, each change posting, and refuse a jump', async () => {
    const receipt = await createRow(panel, Payment, {
      direction: 'in',
      date: '2026-11-21',
      partyId: customer.id,
      lines: [{ id: randomUUID(), method: 'cheque', amount: 4_000_000, chequeSerial: '111', dueDate: '2026-11-25' }],
    });
    await step(panel, Payment, receipt.id, 'submit');
    let [cheque] = await allRows(panel, Cheque, { 'filter.paymentId': receipt.id });
    const jump = await panel.call(rest.update(Cheque, cheque!.id), {
      body: { version: cheque!.version, status: 'cleared', bankAccountId: bank.id },
    });
    expect(refusal(jump)).toMatchObject({ code: Code.NotPossibleNow, fields: { status: 'option' } });
    const deposited = await panel.call<Row>(rest.update(Cheque, cheque!.id), {
      body: { version: cheque!.version, status: 'deposited', statusDate: '2026-11-25', bankAccountId: bank.id },
    });
    expect(deposited.body.data).toMatchObject({ status: 'deposited', statusDate: '2026-11-25' });
    // Cancelling the receipt is refused once its cheque has left the box.
    expect((await step(panel, Payment, receipt.id, 'cancel')).body.errorData?.code).toBe(Code.NotPossibleNow);
    [cheque] = await allRows(panel, Cheque, { 'filter.paymentId': receipt.id });
    await panel.call(rest.update(Cheque, cheque!.id), { body: { version: cheque!.version, status: 'cleared', statusDate: '2026-11-26' } });
    const lines = await journal(panel, { 'filter.sourceId': cheque!.id });
    expect(lines).toHaveLength(4);
    expect(net(lines, (l) => l.bankAccountId === bank.id)).toBe(4_000_000);
    expect(net(lines, (l) => l.accountId === code(roleCode('chequesInHand')))).toBe(-4_000_000);
  });

  it('bounce an issued cheque back onto the supplier’s running account', async () => {
    const supplier = await createRow(panel, Party, { name: 'پخش البرز' });
    const payment = await createRow(panel, Payment, {
      direction: 'out',
      date: '2026-11-21',
      partyId: supplier.id,
      lines: [
        { id: randomUUID(), method: 'cheque', amount: 7_000_000, chequeSerial: '5001', dueDate: '2026-11-30', bankAccountId: bank.id },
      ],
    });
    await step(panel, Payment, payment.id, 'submit');
    const [cheque] = await allRows(panel, Cheque, { 'filter.paymentId': payment.id });
    expect(cheque).toMatchObject({ direction: 'issued', status: 'inHand' });
    expect(net(await balances(panel), (b) => b.partyId === supplier.id)).toBe(7_000_000);
    await panel.call(rest.update(Cheque, cheque!.id), { body: { version: cheque!.version, status: 'bounced', statusDate: '2026-11-30' } });
    expect(net(await balances(panel), (b) => b.partyId === supplier.id)).toBe(0);
  });
});

describe('the closed period', () => {
  it('refuses vouchers dated in it and takes those after it', async () => {
    const settings = (await panel.call<Row>(rest.get(Settings, SETTINGS_ID))).body.data!;
    await panel.call(rest.update(Settings, SETTINGS_ID), { body: { version: settings.version, closedUpTo: '2026-10-31' } });
    const old = await createRow(panel, Voucher, { date: '2026-10-15', lines: [line('5203', 100, 0), line('1101', 0, 100)] });
    expect(refusal(await step(panel, Voucher, old.id, 'submit'))).toMatchObject({
      code: Code.NotPossibleNow,
      fields: { date: 'range' },
      detail: { closedUpTo: '2026-10-31' },
    });
    const fresh = await createRow(panel, Voucher, { date: '2026-11-01', lines: [line('5203', 100, 0), line('1101', 0, 100)] });
    expect((await step(panel, Voucher, fresh.id, 'submit')).status).toBe(200);
    const now = (await panel.call<Row>(rest.get(Settings, SETTINGS_ID))).body.data!;
    await panel.call(rest.update(Settings, SETTINGS_ID), { body: { version: now.version, closedUpTo: null } });
  });
});

describe('warehousing’s receipts and issues', () => {
  // Read by key, as the follower does: accounting does not depend on warehousing.
  const of = (key: string): Entity => entityByKey(`WarehousingMVM/${key}`)!;
  it('post inventory against the supplier’s payable, the cost of goods sold at average cost, and reverse with the source', async () => {
    const [Warehouse, Location, Product, WhParty, Receipt] = ['Warehouse', 'Location', 'Product', 'Party', 'Receipt'].map(of) as [
      Entity,
      Entity,
      Entity,
      Entity,
      Entity,
    ];
    const warehouse = await createRow(panel, Warehouse, { name: 'انبار', code: 'W1' });
    const locationId = (await createRow(panel, Location, { warehouseId: warehouse.id, code: 'A-01', kind: 'bin' })).id;
    const product = await createRow(panel, Product, { name: 'چای', code: 'TEA', unit: 'piece' });
    const supplier = await createRow(panel, WhParty, { name: 'بازرگانی سحر', kinds: ['supplier'] });
    const goodsIn = await createRow(panel, Receipt, {
      direction: 'in',
      date: '2026-11-22',
      warehouseId: warehouse.id,
      partyId: supplier.id,
      lines: [
        { id: randomUUID(), productId: product.id, quantity: '10', unitPrice: 150_000, locationId },
        { id: randomUUID(), productId: product.id, quantity: '10', unitPrice: 250_000, locationId },
      ],
    });
    await step(panel, Receipt, goodsIn.id, 'submit');
    const mirror = mirrorPartyId('WarehousingMVM/Party', supplier.id);
    expect((await panel.call<Row>(rest.get(Party, mirror))).body.data).toMatchObject({ name: 'بازرگانی سحر' });
    let all = await balances(panel);
    expect(net(all, (b) => b.accountId === code(roleCode('inventory')))).toBe(4_000_000);
    expect(net(all, (b) => b.partyId === mirror)).toBe(-4_000_000);
    const inLines = await journal(panel, { 'filter.sourceId': goodsIn.id });
    expect(inLines.every((l) => l.sourceType === 'WarehousingMVM/Receipt' && String(l.sourceNumber).startsWith('RC-'))).toBe(true);

    const goodsOut = await createRow(panel, Receipt, {
      direction: 'out',
      date: '2026-11-23',
      warehouseId: warehouse.id,
      lines: [{ id: randomUUID(), productId: product.id, quantity: '5', locationId }],
    });
    await step(panel, Receipt, goodsOut.id, 'submit');
    all = await balances(panel);
    expect(net(all, (b) => b.accountId === code(roleCode('costOfSales')))).toBe(1_000_000);
    expect(net(all, (b) => b.accountId === code(roleCode('inventory')))).toBe(3_000_000);

    await step(panel, Receipt, goodsOut.id, 'cancel');
    await step(panel, Receipt, goodsIn.id, 'cancel');
    all = await balances(panel);
    expect(net(all, (b) => b.accountId === code(roleCode('inventory')))).toBe(0);
    expect(net(all, (b) => b.accountId === code(roleCode('costOfSales')))).toBe(0);
    expect(net(all, (b) => b.partyId === mirror)).toBe(0);
    // The books still balance.
    expect(net(all)).toBe(0);
  });
});
