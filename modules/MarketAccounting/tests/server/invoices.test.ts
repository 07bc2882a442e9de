/**
 * Invoices of goods (decision 043): a purchase brings goods in at its net cost against the
 * supplier's payable and VAT receivable; a sale takes them out at the average cost with the cost of
 * goods sold, charges the customer's receivable with revenue and VAT, and the settled part is
 * paid in the same step; a return takes back no more than was sold less earlier returns; a cancel
 * reverses stock and books exactly; with warehousing off only the books move. The books audit
 * finds nothing afterwards.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Entity, type Line, type Row } from '../../../../src/contract/entity.ts';
import { entityByKey } from '../../../../src/contract/modules.ts';
import { Notification } from '../../../../src/contract/entities/panelManagement.ts';
import { auditBooks } from '../../../../server/books/audit.ts';
import { reminderDays, runReminders } from '../../../../server/notifications/reminders.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { pullAll, syncClient } from '../../../../tests/server/syncFixture.ts';
import { BankAccount, CashBox, Party } from '../../entities/books.ts';
import { Cheque, Payment } from '../../entities/documents.ts';
import { Invoice } from '../../entities/invoices.ts';
import { settlementIdOf, WALK_IN_PARTY_ID } from '../../server/invoiceHooks.ts';
import { allRows, balances, code, journal, net, refusal, roleCode, step } from './books.ts';

const of = (key: string): Entity => entityByKey(`WarehousingMVM/${key}`)!;
const account = (role: string) => code(roleCode(role));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 300_000);
afterAll(async () => {
  await server.close();
});

async function audit(panel: PanelCaller) {
  const result = await auditBooks(server.db, { panel: panel.code });
  return result.panels[0]!.differences;
}

async function shop(name: string, modules = ['MarketAccounting', 'WarehousingMVM']) {
  const panel = await openPanel(server, await server.createAccount(), name, modules);
  const cashBox = await createRow(panel, CashBox, { name: 'صندوق ۱' });
  const bank = await createRow(panel, BankAccount, { bank: 'ملت', accountNumber: '123456' });
  const customer = await createRow(panel, Party, { name: 'علی رضایی' });
  const supplier = await createRow(panel, Party, { name: 'پخش البرز' });
  return { panel, cashBox, bank, customer, supplier };
}

async function submitted(panel: PanelCaller, values: Record<string, unknown>): Promise<Row> {
  const doc = await createRow(panel, Invoice, { date: '2026-11-22', ...values });
  const answer = await step(panel, Invoice, doc.id, 'submit');
  expect(answer.body.errorData ?? null).toBeNull();
  return doc;
}

const line = (values: Record<string, unknown>) => ({ id: randomUUID(), description: 'کالا', ...values });

async function onHand(panel: PanelCaller, productId: string): Promise<number> {
  return (await allRows(panel, of('StockBalance'))).filter((b) => b.productId === productId).reduce((s, b) => s + Number(b.quantity), 0);
}

describe('invoices of goods', () => {
  it('moves stock and books in one step, takes back a return within what was sold, and cancels exactly', async () => {
    const { panel, cashBox, customer, supplier } = await shop('فروشگاه فاکتور');
    const warehouse = await createRow(panel, of('Warehouse'), { name: 'انبار', code: 'W1' });
    const locationId = (await createRow(panel, of('Location'), { warehouseId: warehouse.id, code: 'A-01', kind: 'bin' })).id;
    const product = await createRow(panel, of('Product'), { name: 'چای', code: 'TEA', unit: 'piece', salePrice: 150_000 });
    const place = { productId: product.id, warehouseId: warehouse.id, locationId };

    // Bought: 10 at 100,000, 10 % VAT, on credit.
    const purchase = await submitted(panel, {
      kind: 'purchase',
      partyId: supplier.id,
      lines: [line({ ...place, quantity: '10', unitPrice: 100_000, vatRate: '10' })],
    });
    expect(await onHand(panel, product.id)).toBe(10);
    let all = await balances(panel);
    expect(net(all, (b) => b.accountId === account('inventory'))).toBe(1_000_000);
    expect(net(all, (b) => b.accountId === account('vatReceivable'))).toBe(100_000);
    expect(net(all, (b) => b.partyId === supplier.id)).toBe(-1_100_000);

    // Sold: 3 at 150,000 less 10,000 on the line and 20,000 on the invoice; 10 % VAT; 200,000 in cash.
    const saleLine = line({ ...place, quantity: '3', unitPrice: 150_000, discount: 10_000, vatRate: '10' });
    const sale = await submitted(panel, {
      kind: 'sale',
      partyId: customer.id,
      discount: 20_000,
      cashAmount: 200_000,
      cashBoxId: cashBox.id,
      dueDate: '2026-12-22',
      lines: [saleLine],
    });
    // 450,000 − 30,000 = 420,000 net, 42,000 VAT, 462,000 total.
    expect((await panel.call<Row>({ method: 'GET', path: `/api/MarketAccounting/Invoice/${sale.id}` })).body.data).toMatchObject({
      status: 'submitted',
      total: 462_000,
    });
    expect(await onHand(panel, product.id)).toBe(7);
    all = await balances(panel);
    expect(net(all, (b) => b.accountId === account('revenue'))).toBe(-420_000);
    expect(net(all, (b) => b.accountId === account('vatPayable'))).toBe(-42_000);
    expect(net(all, (b) => b.accountId === account('costOfSales'))).toBe(300_000);
    expect(net(all, (b) => b.accountId === account('inventory'))).toBe(700_000);
    expect(net(all, (b) => b.accountId === account('cash'))).toBe(200_000);
    expect(net(all, (b) => b.partyId === customer.id)).toBe(262_000);
    expect(net(all)).toBe(0);

    // A return of one: back in at the cost it left at, the sale reversed in proportion.
    const ret = await submitted(panel, {
      kind: 'saleReturn',
      partyId: customer.id,
      returnOf: sale.id,
      lines: [line({ ...place, quantity: '1', unitPrice: 140_000, vatRate: '10', returnOfLine: saleLine.id })],
    });
    expect(await onHand(panel, product.id)).toBe(8);
    all = await balances(panel);
    expect(net(all, (b) => b.accountId === account('salesReturns'))).toBe(140_000);
    expect(net(all, (b) => b.accountId === account('costOfSales'))).toBe(200_000);
    expect(net(all, (b) => b.partyId === customer.id)).toBe(262_000 - 154_000);

    // Three more would be more than the two left.
    const tooMany = await createRow(panel, Invoice, {
      kind: 'saleReturn',
      date: '2026-11-23',
      partyId: customer.id,
      returnOf: sale.id,
      lines: [line({ ...place, quantity: '3', unitPrice: 140_000, returnOfLine: saleLine.id })],
    });
    const refused = await step(panel, Invoice, tooMany.id, 'submit');
    expect(refusal(refused)).toMatchObject({
      code: 9106,
      fields: { 'lines.0.quantity': 'range' },
      detail: { reason: 'moreThanInvoiced', lines: [{ line: 0, invoiced: '3.000', returned: '1.000', asked: '3.000' }] },
    });

    // The sale cannot be cancelled while a return of it stands; after the return's cancel it can.
    expect(refusal(await step(panel, Invoice, sale.id, 'cancel'))).toMatchObject({ code: 9106, detail: { reason: 'hasReturns' } });
    expect((await step(panel, Invoice, ret.id, 'cancel')).status).toBe(200);
    expect((await step(panel, Invoice, sale.id, 'cancel')).status).toBe(200);
    expect(await onHand(panel, product.id)).toBe(10);
    all = await balances(panel);
    for (const role of ['revenue', 'vatPayable', 'costOfSales', 'cash', 'salesReturns'])
      expect(net(all, (b) => b.accountId === account(role))).toBe(0);
    expect(net(all, (b) => b.partyId === customer.id)).toBe(0);
    expect(net(all, (b) => b.accountId === account('inventory'))).toBe(1_000_000);
    expect(await audit(panel)).toEqual([]);
    void purchase;
  }, 120_000);

  it('refuses a sale of more than is on hand, naming the shortfall, and leaves it a draft', async () => {
    const { panel, customer } = await shop('فروشگاه کمبود');
    const warehouse = await createRow(panel, of('Warehouse'), { name: 'انبار', code: 'W1' });
    const product = await createRow(panel, of('Product'), { name: 'قند', code: 'SUG', unit: 'piece' });
    const doc = await createRow(panel, Invoice, {
      kind: 'sale',
      date: '2026-11-22',
      partyId: customer.id,
      lines: [line({ productId: product.id, warehouseId: warehouse.id, quantity: '2', unitPrice: 50_000 })],
    });
    const answer = await step(panel, Invoice, doc.id, 'submit');
    expect(refusal(answer)).toMatchObject({
      code: 9106,
      detail: { shortfalls: [{ productId: product.id, warehouseId: warehouse.id, needed: '2.000', available: '0.000', short: '2.000' }] },
    });
    expect((await panel.call<Row>({ method: 'GET', path: `/api/MarketAccounting/Invoice/${doc.id}` })).body.data!.status).toBe('draft');
    expect(await audit(panel)).toEqual([]);
  });

  it('with warehousing off moves only the books; a walk-in customer pays in full by card', async () => {
    const { panel, bank } = await shop('دفتر خدمات', ['MarketAccounting']);
    const refusedCredit = await createRow(panel, Invoice, {
      kind: 'sale',
      date: '2026-11-22',
      lines: [line({ description: 'نصب', quantity: '1', unitPrice: 1_000_000, vatRate: '0' })],
    });
    expect(refusal(await step(panel, Invoice, refusedCredit.id, 'submit'))).toMatchObject({ code: 9401, fields: { partyId: 'required' } });

    await submitted(panel, {
      kind: 'sale',
      cardAmount: 1_090_000,
      bankAccountId: bank.id,
      lines: [
        line({ description: 'نصب', quantity: '1', unitPrice: 1_000_000, vatRate: '0' }),
        line({ description: 'سیم', quantity: '2', unitPrice: 45_000, vatRate: '0', dutyRate: '0' }),
      ],
    });
    const all = await balances(panel);
    expect(net(all, (b) => b.accountId === account('revenue'))).toBe(-1_090_000);
    expect(net(all, (b) => b.accountId === account('bank'))).toBe(1_090_000);
    expect(net(all, (b) => b.partyId === WALK_IN_PARTY_ID)).toBe(0);
    expect(net(all, (b) => b.accountId === account('inventory'))).toBe(0);
    expect(await audit(panel)).toEqual([]);
  });
});

describe('the settled part of an invoice as its receipt or payment', () => {
  const lineOf = (price: number) => line({ description: 'خدمت', quantity: '1', unitPrice: price, vatRate: '0' });
  const get = async (panel: PanelCaller, entity: Entity, id: string) =>
    (await panel.call<Row>({ method: 'GET', path: `${entityPath(entity)}/${id}` })).body.data!;

  it('a settled sale submits its receipt in the same step, linked both ways; cancelling the sale cancels both, never the receipt alone', async () => {
    const { panel, cashBox, bank, customer } = await shop('فروشگاه رسید', ['MarketAccounting']);
    const sale = await submitted(panel, {
      kind: 'sale',
      partyId: customer.id,
      cashAmount: 300_000,
      cashBoxId: cashBox.id,
      cardAmount: 200_000,
      bankAccountId: bank.id,
      dueDate: '2026-12-22',
      lines: [lineOf(1_000_000)],
    });
    const invoice = await get(panel, Invoice, sale.id);
    expect(invoice).toMatchObject({ status: 'submitted', total: 1_000_000, paymentId: settlementIdOf(sale.id) });
    const receipt = await get(panel, Payment, String(invoice.paymentId));
    expect(receipt).toMatchObject({
      status: 'submitted',
      direction: 'in',
      partyId: customer.id,
      invoiceId: sale.id,
      note: invoice.number,
      partyAccount: 'receivable',
    });
    expect(String(receipt.number)).toMatch(/^RP-/);
    expect((receipt.lines as Line[]).map((l) => [l.method, Number(l.amount)])).toEqual([
      ['cash', 300_000],
      ['card', 200_000],
    ]);

    // The invoice's journal charges the customer; the receipt's pays in cash and by card.
    const lines = await journal(panel);
    const of = (id: string) => lines.filter((l) => l.sourceId === id);
    expect(of(sale.id).some((l) => l.accountId === account('cash') || l.accountId === account('bank'))).toBe(false);
    expect(net(of(sale.id), (l) => l.partyId === customer.id)).toBe(1_000_000);
    expect(net(of(receipt.id), (l) => l.partyId === customer.id)).toBe(-500_000);
    expect(net(of(receipt.id), (l) => l.accountId === account('cash') && l.cashBoxId === cashBox.id)).toBe(300_000);
    expect(net(of(receipt.id), (l) => l.accountId === account('bank') && l.bankAccountId === bank.id)).toBe(200_000);
    let all = await balances(panel);
    expect(net(all, (b) => b.partyId === customer.id && b.accountId === account('receivable'))).toBe(500_000);
    expect(net(all, (b) => b.accountId === account('revenue'))).toBe(-1_000_000);
    expect(await audit(panel)).toEqual([]);
    // The audit recomputes the receipt from its own row: told it settles a payable, it names the receipt's party line.
    await server.db.query(`UPDATE ${Payment.table} SET party_account = 'payable' WHERE id = $1`, [receipt.id]);
    expect(await audit(panel)).toEqual([
      expect.objectContaining({
        check: 'MarketAccounting.postingsFromSources',
        document: { type: Payment.key, id: receipt.id, number: receipt.number },
        problem: 'line 1 of the posting is not what the document says',
      }),
    ]);
    await server.db.query(`UPDATE ${Payment.table} SET party_account = 'receivable' WHERE id = $1`, [receipt.id]);

    // The receipt alone cannot be cancelled: the refusal names its invoice.
    expect(refusal(await step(panel, Payment, receipt.id, 'cancel'))).toMatchObject({
      code: 9106,
      detail: { reason: 'madeByInvoice', invoiceId: sale.id, invoice: invoice.number },
    });
    expect((await get(panel, Payment, receipt.id)).status).toBe('submitted');

    expect((await step(panel, Invoice, sale.id, 'cancel')).status).toBe(200);
    expect((await get(panel, Payment, receipt.id)).status).toBe('cancelled');
    all = await balances(panel);
    for (const accountId of new Set(all.map((b) => String(b.accountId)))) expect(net(all, (b) => b.accountId === accountId)).toBe(0);
    expect(net(all, (b) => b.partyId === customer.id)).toBe(0);
    expect(await audit(panel)).toEqual([]);
  });

  it('a sales return refunds against the receivable it took back, a purchase pays the payable; on credit makes none', async () => {
    const { panel, cashBox, customer, supplier } = await shop('فروشگاه بازپرداخت', ['MarketAccounting']);
    const soldLine = lineOf(400_000);
    const sale = await submitted(panel, {
      kind: 'sale',
      partyId: customer.id,
      cashAmount: 400_000,
      cashBoxId: cashBox.id,
      lines: [soldLine],
    });
    const ret = await submitted(panel, {
      kind: 'saleReturn',
      partyId: customer.id,
      returnOf: sale.id,
      cashAmount: 400_000,
      cashBoxId: cashBox.id,
      lines: [{ ...lineOf(400_000), returnOfLine: soldLine.id }],
    });
    const refund = await get(panel, Payment, settlementIdOf(ret.id));
    expect(refund).toMatchObject({ status: 'submitted', direction: 'out', partyAccount: 'receivable', invoiceId: ret.id });
    const purchase = await submitted(panel, {
      kind: 'purchase',
      partyId: supplier.id,
      cashAmount: 100_000,
      cashBoxId: cashBox.id,
      lines: [lineOf(250_000)],
    });
    expect(await get(panel, Payment, settlementIdOf(purchase.id))).toMatchObject({ direction: 'out', partyAccount: 'payable' });
    const onCredit = await submitted(panel, { kind: 'purchase', partyId: supplier.id, dueDate: '2027-01-01', lines: [lineOf(50_000)] });
    expect((await get(panel, Invoice, onCredit.id)).paymentId).toBeNull();

    const all = await balances(panel);
    expect(net(all, (b) => b.partyId === customer.id && b.accountId === account('payable'))).toBe(0);
    expect(net(all, (b) => b.partyId === customer.id && b.accountId === account('receivable'))).toBe(0);
    expect(net(all, (b) => b.partyId === supplier.id && b.accountId === account('payable'))).toBe(-200_000);
    expect(net(all, (b) => b.accountId === account('cash'))).toBe(-100_000);
    expect(await audit(panel)).toEqual([]);
  });

  it('an offline sale pushed twice makes one receipt, which the device then pulls', async () => {
    const { panel, cashBox } = await shop('فروشگاه آفلاین', ['MarketAccounting']);
    const device = syncClient(panel);
    const id = randomUUID();
    const values = { kind: 'sale', date: '2026-11-22', cashAmount: 90_000, cashBoxId: cashBox.id, lines: [lineOf(90_000)] };
    const batch = [
      { mutationId: 1, entity: Invoice.key, op: 'create' as const, id, values },
      { mutationId: 2, entity: Invoice.key, op: 'submit' as const, id, baseVersion: 1, dependsOn: 1 },
    ];
    const first = await device.push(batch);
    const again = await device.push(batch);
    expect(first.body.data!.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    // The replay is answered as the first push was (the rows as they stand now).
    const answers = (r: typeof first) => r.body.data!.results.map(({ status, code }) => [status, code]);
    expect(answers(again)).toEqual(answers(first));
    const receipts = (await allRows(panel, Payment)).filter((p) => p.invoiceId === id);
    expect(receipts.map((p) => [p.id, p.status])).toEqual([[settlementIdOf(id), 'submitted']]);
    const { changes } = await pullAll(device);
    expect(changes.some((c) => c.entity === Payment.key && c.row?.id === settlementIdOf(id))).toBe(true);
    expect(changes.find((c) => c.entity === Invoice.key && c.row?.id === id)?.row).toMatchObject({ paymentId: settlementIdOf(id) });
    expect(await audit(panel)).toEqual([]);
  });
});

describe('cheques as the settlement of an invoice', () => {
  const lineOf = (price: number) => line({ description: 'کالا', quantity: '1', unitPrice: price, vatRate: '0' });
  const cheque = (values: Record<string, unknown>) => ({ id: randomUUID(), bank: 'ملی', ...values });

  it('a sale receives cheques in hand with their due dates; a moved cheque holds the sale; a purchase issues one, voided with it', async () => {
    const { panel, cashBox, bank, customer, supplier } = await shop('فروشگاه چک', ['MarketAccounting']);
    const first = cheque({ serial: '123456', dueDate: '2026-12-28', amount: 600_000 });
    const second = cheque({ serial: '123457', dueDate: '2027-01-28', amount: '300000' });
    const sale = await submitted(panel, {
      kind: 'sale',
      partyId: customer.id,
      cashAmount: 100_000,
      cashBoxId: cashBox.id,
      cheques: JSON.stringify([first, second]),
      lines: [lineOf(1_000_000)],
    });
    const receiptId = settlementIdOf(sale.id);
    const received = (await allRows(panel, Cheque)).filter((c) => c.paymentId === receiptId);
    expect(received.map((c) => [c.direction, c.serial, c.bank, c.dueDate, Number(c.amount), c.status, c.partyId]).sort()).toEqual([
      ['received', '123456', 'ملی', '2026-12-28', 600_000, 'inHand', customer.id],
      ['received', '123457', 'ملی', '2027-01-28', 300_000, 'inHand', customer.id],
    ]);
    let all = await balances(panel);
    expect(net(all, (b) => b.accountId === account('chequesInHand'))).toBe(900_000);
    expect(net(all, (b) => b.partyId === customer.id)).toBe(0);
    expect(await audit(panel)).toEqual([]);

    // Deposited: the sale can no longer be cancelled, as its receipt could not.
    const deposited = received.find((c) => c.serial === '123456')!;
    const moved = await panel.call<Row>(rest.update(Cheque, deposited.id), {
      body: { version: deposited.version, status: 'deposited', statusDate: '2026-11-25', bankAccountId: bank.id },
    });
    expect(moved.body.errorData ?? null).toBeNull();
    expect(refusal(await step(panel, Invoice, sale.id, 'cancel'))).toMatchObject({ code: 9106, detail: { reason: 'chequesMoved' } });

    // A purchase pays by one cheque drawn on our bank account; cancelling it voids the cheque.
    const issued = cheque({ serial: '998877', dueDate: '2026-12-30', amount: 250_000 });
    const purchase = await submitted(panel, {
      kind: 'purchase',
      partyId: supplier.id,
      bankAccountId: bank.id,
      cheques: JSON.stringify([issued]),
      lines: [lineOf(250_000)],
    });
    const [ours] = (await allRows(panel, Cheque)).filter((c) => c.paymentId === settlementIdOf(purchase.id));
    expect(ours).toMatchObject({ direction: 'issued', serial: '998877', dueDate: '2026-12-30', status: 'inHand', bankAccountId: bank.id });
    all = await balances(panel);
    expect(net(all, (b) => b.accountId === account('chequesPayable'))).toBe(-250_000);
    expect(net(all, (b) => b.partyId === supplier.id)).toBe(0);
    expect((await step(panel, Invoice, purchase.id, 'cancel')).status).toBe(200);
    expect((await allRows(panel, Cheque)).find((c) => c.id === ours!.id)).toMatchObject({ voided: true });
    all = await balances(panel);
    expect(net(all, (b) => b.accountId === account('chequesPayable'))).toBe(0);
    expect(net(all, (b) => b.partyId === supplier.id)).toBe(0);
    expect(await audit(panel)).toEqual([]);
  });

  it('reminds the panel of a cheque taken on a sale the day before it is due, as of any cheque', async () => {
    const { panel, customer } = await shop('فروشگاه یادآوری', ['MarketAccounting']);
    const now = new Date(server.clock.now());
    const { tomorrow } = reminderDays(now);
    await submitted(panel, {
      kind: 'sale',
      partyId: customer.id,
      cheques: JSON.stringify([cheque({ serial: '445566', dueDate: tomorrow, amount: 70_000 })]),
      lines: [lineOf(70_000)],
    });
    await runReminders(server.db, now);
    const notes = await allRows(panel, Notification);
    const [made] = (await allRows(panel, Cheque)).filter((c) => c.serial === '445566');
    expect(notes.filter((n) => n.kind === 'MarketAccounting/chequeDue').map((n) => n.rowId)).toEqual([made!.id]);
  });

  it('refuses cheques that are not a list, an incomplete cheque, an issued cheque without our bank account and more than the total', async () => {
    const { panel, customer, supplier } = await shop('فروشگاه چک ناقص', ['MarketAccounting']);
    const garbled = await panel.call<Row>(rest.create(Invoice), {
      body: { id: randomUUID(), kind: 'sale', date: '2026-11-22', cheques: '{"not":"a list"}', lines: [lineOf(10)] },
    });
    expect(refusal(garbled)).toMatchObject({ code: 9401, fields: { cheques: 'format' } });

    const incomplete = await createRow(panel, Invoice, {
      kind: 'sale',
      date: '2026-11-22',
      partyId: customer.id,
      cheques: JSON.stringify([cheque({ serial: '', dueDate: '2026-12-01', amount: 0 })]),
      lines: [lineOf(100_000)],
    });
    expect(refusal(await step(panel, Invoice, incomplete.id, 'submit'))).toMatchObject({
      code: 9401,
      fields: { 'cheques.0.serial': 'required', 'cheques.0.amount': 'range' },
    });

    const unbanked = await createRow(panel, Invoice, {
      kind: 'purchase',
      date: '2026-11-22',
      partyId: supplier.id,
      cheques: JSON.stringify([cheque({ serial: '1', dueDate: '2026-12-01', amount: 50_000 })]),
      lines: [lineOf(100_000)],
    });
    expect(refusal(await step(panel, Invoice, unbanked.id, 'submit'))).toMatchObject({ code: 9401, fields: { bankAccountId: 'required' } });

    const tooMuch = await createRow(panel, Invoice, {
      kind: 'sale',
      date: '2026-11-22',
      cheques: JSON.stringify([cheque({ serial: '1', dueDate: '2026-12-01', amount: 100_001 })]),
      lines: [lineOf(100_000)],
    });
    expect(refusal(await step(panel, Invoice, tooMuch.id, 'submit'))).toMatchObject({
      code: 9401,
      fields: { cashAmount: 'range' },
      detail: { total: 100_000, settled: 100_001 },
    });
    expect((await allRows(panel, Payment)).length).toBe(0);
  });
});
