/**
 * The books-and-stock audit (issue 22, decision 018) on a panel with every kind of document:
 * receipts in and out (opening stock among them), transfers within and between warehouses with
 * their arrival, a count, consignments, vouchers, receipts and payments with a cheque whose status
 * moves, and an invoiced sale; some cancelled. The audit finds nothing; then rows are changed
 * directly in the database, as a bug or a hand would, and the audit names each one and the
 * document behind it.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksAuditEndpoint, type BooksAuditResult } from '../../src/contract/booksAudit.ts';
import { Code } from '../../src/contract/codes.ts';
import { entityPath, type Entity, type Row } from '../../src/contract/entity.ts';
import { allPermissions } from '../../src/contract/modules.ts';
import { PANEL_HEADER } from '../../src/contract/service.ts';
import { auditBooks, type AuditDifference } from '../../server/books/audit.ts';
import { auditReport } from '../../server/books/auditReport.ts';
import { columnName } from '../../server/entities/columns.ts';
import { linesTable } from '../../server/entities/columns.ts';
import { BankAccount, CashBox, Party as AccParty } from '../../modules/MarketAccounting/entities/books.ts';
import { Cheque, Payment, Voucher } from '../../modules/MarketAccounting/entities/documents.ts';
import { AccountBalance, JournalLine } from '../../modules/MarketAccounting/entities/ledger.ts';
import { accountId } from '../../modules/MarketAccounting/server/books.ts';
import { Module } from '../../modules/NagemManagement/entities/catalogue.ts';
import { Customer } from '../../modules/NagemManagement/entities/customers.ts';
import { Sale } from '../../modules/NagemManagement/entities/sale.ts';
import { CountEntry, StockCount } from '../../modules/WarehousingMVM/entities/counts.ts';
import { Consignment } from '../../modules/WarehousingMVM/entities/inbound.ts';
import { Location, Party, Product, Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { Transfer, TransferArrival } from '../../modules/WarehousingMVM/entities/movements.ts';
import { Receipt, StockBalance, StockMove, StockValuation } from '../../modules/WarehousingMVM/entities/stock.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { testDatabaseUrl } from './testDatabase.ts';
import { addMember, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';

let server: TestServer;
let panel: PanelCaller;
let panelId: string;
const docs: Record<string, Row> = {};

async function step(entity: Entity, doc: Row, what: 'submit' | 'cancel'): Promise<Row> {
  const current = await panel.call<Row>(rest.get(entity, doc.id));
  const answer = await panel.call<Row>(
    { method: 'POST', path: `${entityPath(entity)}/${doc.id}/${what}` },
    { body: { version: current.body.data!.version } },
  );
  if (answer.status !== 200) throw new Error(`${what} of ${entity.key} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data!;
}

const line = (values: Record<string, unknown>) => ({ id: randomUUID(), ...values });

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount(), 'دفاتر', [
    'PanelManagement',
    'WarehousingMVM',
    'MarketAccounting',
    'NagemManagement',
  ]);
  [{ id: panelId }] = (await server.db.query<{ id: string }>('SELECT id::text AS id FROM panels WHERE code = $1', [panel.code])) as [
    { id: string },
  ];
  await panel.call({ method: 'POST', path: '/api/MarketAccounting/books' });
  const central = await createRow(panel, Warehouse, { name: 'مرکزی', code: 'C1' });
  const branch = await createRow(panel, Warehouse, { name: 'شعبه', code: 'B1' });
  const a1 = await createRow(panel, Location, { warehouseId: central.id, code: 'A-01', kind: 'bin' });
  const a2 = await createRow(panel, Location, { warehouseId: central.id, code: 'A-02', kind: 'bin' });
  const b1 = await createRow(panel, Location, { warehouseId: branch.id, code: 'B-01', kind: 'bin' });
  const tea = await createRow(panel, Product, { name: 'چای', code: 'TEA', unit: 'pack', purchasePrice: 500 });
  const supplier = await createRow(panel, Party, { name: 'تأمین‌کننده', kinds: ['supplier'] });
  const consignor = await createRow(panel, Party, { name: 'امانت‌دار', kinds: ['consignor'] });

  docs.receiptIn = await createRow(panel, Receipt, {
    direction: 'in',
    date: '2026-11-20',
    warehouseId: central.id,
    partyId: supplier.id,
    lines: [line({ productId: tea.id, quantity: '12.5', unitPrice: 1_001, locationId: a1.id })],
  });
  await step(Receipt, docs.receiptIn, 'submit');
  docs.cancelledIn = await createRow(panel, Receipt, {
    direction: 'in',
    date: '2026-11-20',
    warehouseId: central.id,
    partyId: supplier.id,
    lines: [line({ productId: tea.id, quantity: '2', unitPrice: 700, locationId: a2.id })],
  });
  await step(Receipt, docs.cancelledIn, 'submit');
  await step(Receipt, docs.cancelledIn, 'cancel');
  docs.receiptOut = await createRow(panel, Receipt, {
    direction: 'out',
    date: '2026-11-21',
    warehouseId: central.id,
    lines: [line({ productId: tea.id, quantity: '1.25', locationId: a1.id })],
  });
  await step(Receipt, docs.receiptOut, 'submit');
  docs.draft = await createRow(panel, Receipt, {
    direction: 'in',
    date: '2026-11-21',
    warehouseId: central.id,
    lines: [line({ productId: tea.id, quantity: '1', unitPrice: 5, locationId: a1.id })],
  });

  docs.binTransfer = await createRow(panel, Transfer, {
    date: '2026-11-21',
    fromWarehouseId: central.id,
    toWarehouseId: central.id,
    lines: [line({ productId: tea.id, quantity: '3', fromLocationId: a1.id, toLocationId: a2.id })],
  });
  await step(Transfer, docs.binTransfer, 'submit');
  docs.transfer = await createRow(panel, Transfer, {
    date: '2026-11-21',
    fromWarehouseId: central.id,
    toWarehouseId: branch.id,
    lines: [line({ productId: tea.id, quantity: '4', fromLocationId: a1.id, toLocationId: b1.id })],
  });
  await step(Transfer, docs.transfer, 'submit');
  docs.arrival = await createRow(panel, TransferArrival, {
    transferId: docs.transfer.id,
    date: '2026-11-22',
    lines: [line({ productId: tea.id, quantity: '3', locationId: b1.id })],
  });
  await step(TransferArrival, docs.arrival, 'submit');

  docs.count = await createRow(panel, StockCount, {
    date: '2026-11-23',
    warehouseId: central.id,
    locationId: a2.id,
    lines: [line({ counter: 'همه' })],
  });
  await createRow(panel, CountEntry, { countId: docs.count.id, productId: tea.id, locationId: a2.id, quantity: '2', device: 'phone' });
  await step(StockCount, docs.count, 'submit');

  docs.consignment = await createRow(panel, Consignment, {
    kind: 'receive',
    date: '2026-11-23',
    partyId: consignor.id,
    warehouseId: central.id,
    lines: [line({ productId: tea.id, quantity: '5', unitPrice: 700, locationId: a2.id })],
  });
  await step(Consignment, docs.consignment, 'submit');
  docs.consignmentSale = await createRow(panel, Consignment, {
    kind: 'sale',
    date: '2026-11-23',
    partyId: consignor.id,
    warehouseId: central.id,
    lines: [line({ productId: tea.id, quantity: '2', unitPrice: 700, locationId: a2.id })],
  });
  await step(Consignment, docs.consignmentSale, 'submit');
  await step(Consignment, docs.consignmentSale, 'cancel');

  const box = await createRow(panel, CashBox, { name: 'صندوق' });
  const bank = await createRow(panel, BankAccount, { bank: 'ملت', accountNumber: '1' });
  const party = await createRow(panel, AccParty, { name: 'مشتری' });
  docs.voucher = await createRow(panel, Voucher, {
    date: '2026-11-22',
    description: 'سند',
    lines: [
      line({ accountId: accountId('1101'), cashBoxId: box.id, debit: 900_000_000_000_001, credit: 0 }),
      line({ accountId: accountId('3101'), debit: 0, credit: 900_000_000_000_001 }),
    ],
  });
  await step(Voucher, docs.voucher, 'submit');
  docs.cancelledVoucher = await createRow(panel, Voucher, {
    date: '2026-11-22',
    lines: [
      line({ accountId: accountId('1101'), cashBoxId: box.id, debit: 50, credit: 0 }),
      line({ accountId: accountId('3101'), debit: 0, credit: 50 }),
    ],
  });
  await step(Voucher, docs.cancelledVoucher, 'submit');
  await step(Voucher, docs.cancelledVoucher, 'cancel');
  docs.payment = await createRow(panel, Payment, {
    direction: 'in',
    date: '2026-11-22',
    partyId: party.id,
    lines: [
      line({ method: 'cash', amount: 1_000, cashBoxId: box.id }),
      line({ method: 'card', amount: 2_000, bankAccountId: bank.id }),
      line({ method: 'cheque', amount: 3_000, chequeSerial: '12', dueDate: '2026-12-01' }),
    ],
  });
  await step(Payment, docs.payment, 'submit');
  const [cheque] = (await panel.call<{ items: Row[] }>(rest.list(Cheque))).body.data!.items;
  const moved = await panel.call(rest.update(Cheque, cheque!.id), {
    body: { version: cheque!.version, status: 'deposited', bankAccountId: bank.id, statusDate: '2026-11-25' },
  });
  expect(moved.status).toBe(200);

  const crm = await createRow(panel, Module, { name: 'CRM', code: 'CRM-1', price: 1_000, billing: 'yearly', active: true });
  const customer = await createRow(panel, Customer, { kind: 'company', name: 'شرکت پارس' });
  docs.sale = await createRow(panel, Sale, {
    customerId: customer.id,
    date: '2026-11-22',
    stage: 'won',
    lines: [line({ moduleId: crm.id, quantity: 3, unitPrice: 1_000_005, discount: 5 })],
  });
  await step(Sale, docs.sale, 'submit');
  docs.cancelledSale = await createRow(panel, Sale, {
    customerId: customer.id,
    date: '2026-11-22',
    stage: 'won',
    lines: [line({ moduleId: crm.id, quantity: 1, unitPrice: 10_000 })],
  });
  await step(Sale, docs.cancelledSale, 'submit');
  await step(Sale, docs.cancelledSale, 'cancel');
}, 120_000);
afterAll(async () => {
  await server.close();
});

async function differences(): Promise<AuditDifference[]> {
  const audit = await auditBooks(server.db, { panel: panel.code });
  expect(audit.panels).toHaveLength(1);
  return audit.panels[0]!.differences;
}

/** Runs `change` on the database, the audit, then puts the row back (each test leaves the books as it found them). */
async function whileChanged(change: string, undo: string, params: unknown[]): Promise<AuditDifference[]> {
  await server.db.query(change, params);
  try {
    return await differences();
  } finally {
    await server.db.query(undo, params);
  }
}

describe('the books-and-stock audit', () => {
  it('finds nothing on a panel where every kind of document was submitted and some cancelled', async () => {
    const audit = await auditBooks(server.db, { panel: panel.code });
    expect(audit.panels[0]!.differences).toEqual([]);
    expect(audit.compared).toBeGreaterThan(40);
    expect(audit.checks).toEqual(
      expect.arrayContaining([
        'WarehousingMVM.stockBalances',
        'WarehousingMVM.movesFromDocuments',
        'MarketAccounting.accountBalances',
        'MarketAccounting.postingsFromSources',
        'NagemManagement.saleTotals',
      ]),
    );
  });

  it('names a stock balance changed by hand, and the document that last posted to it', async () => {
    const [balance] = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${StockBalance.table} WHERE panel_id = $1 AND ${columnName('ownerId')} IS NULL AND NOT ${columnName('inTransit')} ORDER BY id LIMIT 1`,
      [panelId],
    );
    const found = await whileChanged(
      `UPDATE ${StockBalance.table} SET quantity = quantity + 1 WHERE panel_id = $1 AND id = $2`,
      `UPDATE ${StockBalance.table} SET quantity = quantity - 1 WHERE panel_id = $1 AND id = $2`,
      [panelId, balance!.id],
    );
    expect(found).toEqual([
      expect.objectContaining({
        check: 'WarehousingMVM.stockBalances',
        entity: StockBalance.key,
        rowId: balance!.id,
        document: expect.objectContaining({ type: expect.stringMatching(/^WarehousingMVM\//) }),
      }),
    ]);
  });

  it('names a valuation whose value was changed', async () => {
    const [valuation] = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${StockValuation.table} WHERE panel_id = $1 LIMIT 1`,
      [panelId],
    );
    const found = await whileChanged(
      `UPDATE ${StockValuation.table} SET value = value + 7 WHERE panel_id = $1 AND id = $2`,
      `UPDATE ${StockValuation.table} SET value = value - 7 WHERE panel_id = $1 AND id = $2`,
      [panelId, valuation!.id],
    );
    expect(found).toEqual([expect.objectContaining({ check: 'WarehousingMVM.stockValuations', rowId: valuation!.id })]);
  });

  it('names a stock move that no longer says what its line says, with the receipt and its balance', async () => {
    const [move] = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${StockMove.table} WHERE panel_id = $1 AND ${columnName('sourceId')} = $2`,
      [panelId, docs.receiptOut!.id],
    );
    const found = await whileChanged(
      `UPDATE ${StockMove.table} SET quantity = quantity - 1 WHERE panel_id = $1 AND id = $2`,
      `UPDATE ${StockMove.table} SET quantity = quantity + 1 WHERE panel_id = $1 AND id = $2`,
      [panelId, move!.id],
    );
    const checks = found.map((d) => d.check).sort();
    expect(checks).toEqual(['WarehousingMVM.movesFromDocuments', 'WarehousingMVM.stockBalances', 'WarehousingMVM.stockValuations']);
    expect(found.find((d) => d.check === 'WarehousingMVM.movesFromDocuments')).toMatchObject({
      rowId: move!.id,
      document: { type: Receipt.key, id: docs.receiptOut!.id, number: docs.receiptOut!.number ?? expect.any(String) },
    });
  });

  it('names a submitted receipt whose line was rewritten (the moves still say the old quantity)', async () => {
    const table = linesTable(Receipt);
    const found = await whileChanged(
      `UPDATE ${table} SET quantity = quantity + 999 WHERE panel_id = $1 AND doc_id = $2`,
      `UPDATE ${table} SET quantity = quantity - 999 WHERE panel_id = $1 AND doc_id = $2`,
      [panelId, docs.receiptIn!.id],
    );
    expect(found.map((d) => [d.check, d.document?.id])).toEqual(
      expect.arrayContaining([['WarehousingMVM.movesFromDocuments', docs.receiptIn!.id]]),
    );
    // And the automatic voucher: its value no longer follows from the receipt's lines? It follows the moves, which did not change.
    expect(found.every((d) => d.document?.id === docs.receiptIn!.id)).toBe(true);
  });

  it('names a cancelled document whose reversal is missing', async () => {
    const moves = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${StockMove.table} WHERE panel_id = $1 AND ${columnName('sourceId')} = $2 AND quantity < 0`,
      [panelId, docs.cancelledIn!.id],
    );
    const found = await whileChanged(
      `UPDATE ${StockMove.table} SET deleted = true WHERE panel_id = $1 AND id = $2`,
      `UPDATE ${StockMove.table} SET deleted = false WHERE panel_id = $1 AND id = $2`,
      [panelId, moves[0]!.id],
    );
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'WarehousingMVM.movesFromDocuments',
          rowId: moves[0]!.id,
          document: expect.objectContaining({ id: docs.cancelledIn!.id }),
          problem: expect.stringMatching(/did not reverse/),
        }),
      ]),
    );
  });

  it('names a journal line changed by hand: its balance, its posting and its voucher', async () => {
    const [posted] = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${JournalLine.table} WHERE panel_id = $1 AND ${columnName('sourceId')} = $2 AND debit > 0`,
      [panelId, docs.voucher!.id],
    );
    const found = await whileChanged(
      `UPDATE ${JournalLine.table} SET debit = debit + 1 WHERE panel_id = $1 AND id = $2`,
      `UPDATE ${JournalLine.table} SET debit = debit - 1 WHERE panel_id = $1 AND id = $2`,
      [panelId, posted!.id],
    );
    expect(found.map((d) => d.check).sort()).toEqual([
      'MarketAccounting.accountBalances',
      'MarketAccounting.postingsBalance',
      'MarketAccounting.postingsFromSources',
    ]);
    // The balance names the last document that posted to it (here a later voucher on the same cash box); the posting names its own.
    for (const d of found.filter((x) => x.check !== 'MarketAccounting.accountBalances'))
      expect(d.document).toMatchObject({ type: Voucher.key, id: docs.voucher!.id });
    expect(found.find((d) => d.check === 'MarketAccounting.postingsFromSources')).toMatchObject({
      rowId: posted!.id,
      expected: expect.stringContaining('debit 900000000000001'),
    });
  });

  it('names an account balance changed by hand', async () => {
    const [balance] = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${AccountBalance.table} WHERE panel_id = $1 AND ${columnName('accountId')} = $2`,
      [panelId, accountId('3101')],
    );
    const found = await whileChanged(
      `UPDATE ${AccountBalance.table} SET credit = credit - 1 WHERE panel_id = $1 AND id = $2`,
      `UPDATE ${AccountBalance.table} SET credit = credit + 1 WHERE panel_id = $1 AND id = $2`,
      [panelId, balance!.id],
    );
    expect(found).toEqual([
      expect.objectContaining({ check: 'MarketAccounting.accountBalances', entity: AccountBalance.key, rowId: balance!.id }),
    ]);
  });

  it('names a cancelled sale whose automatic voucher was not reversed, and a sale whose total was changed', async () => {
    const reversal = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${JournalLine.table} WHERE panel_id = $1 AND ${columnName('sourceId')} = $2 ORDER BY ${columnName('seq')}`,
      [panelId, docs.cancelledSale!.id],
    );
    expect(reversal.length).toBe(6);
    const ids = reversal.map((r) => r.id);
    const found = await whileChanged(
      `UPDATE ${JournalLine.table} SET deleted = true WHERE panel_id = $1 AND id = ANY($2::uuid[]) AND debit = 0 AND credit > 0 AND ${columnName('accountId')} = $3`,
      `UPDATE ${JournalLine.table} SET deleted = false WHERE panel_id = $1 AND id = ANY($2::uuid[]) AND ${columnName('accountId')} = $3`,
      [panelId, ids, accountId('1103')],
    );
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'MarketAccounting.postingsFromSources',
          document: expect.objectContaining({ id: docs.cancelledSale!.id }),
          problem: expect.stringMatching(/not reversed/),
        }),
      ]),
    );

    const total = await whileChanged(
      `UPDATE ${Sale.table} SET total = total + 1 WHERE panel_id = $1 AND id = $2`,
      `UPDATE ${Sale.table} SET total = total - 1 WHERE panel_id = $1 AND id = $2`,
      [panelId, docs.sale!.id],
    );
    expect(total.map((d) => d.check).sort()).toEqual(['MarketAccounting.postingsFromSources', 'NagemManagement.saleTotals']);
  });

  it('prints each difference with its row and document, and one line when the books agree (npm run audit:books)', async () => {
    const [move] = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${StockMove.table} WHERE panel_id = $1 AND ${columnName('sourceId')} = $2`,
      [panelId, docs.receiptIn!.id],
    );
    await server.db.query(`UPDATE ${StockMove.table} SET value = value + 1 WHERE panel_id = $1 AND id = $2`, [panelId, move!.id]);
    try {
      const text = auditReport(await auditBooks(server.db, { panel: panel.code }));
      expect(text).toContain(`panel ${panel.code}`);
      expect(text).toContain(
        `document: ${Receipt.key} ${String(docs.receiptIn!.number ?? (await panel.call<Row>(rest.get(Receipt, docs.receiptIn!.id))).body.data!.number)}`,
      );
      expect(text).toContain(`row:      ${StockMove.key} ${move!.id}`);
      expect(text.split('\n').at(-1)).toMatch(/^books differ: \d+ differences in 1 of 1 panel /);
    } finally {
      await server.db.query(`UPDATE ${StockMove.table} SET value = value - 1 WHERE panel_id = $1 AND id = $2`, [panelId, move!.id]);
    }
    expect(auditReport(await auditBooks(server.db, { panel: panel.code }))).toMatch(
      /^books agree: 1 panel, \d+ rows compared by \d+ checks, no difference$/,
    );
  });

  it('is clean again after every change was put back, and audits every panel when none is named', async () => {
    expect(await differences()).toEqual([]);
    const all = await auditBooks(server.db);
    expect(all.panels.map((p) => p.code)).toContain(panel.code);
    expect(all.differences).toBe(0);
  });
});

describe('GET /api/Panel/BooksAudit', () => {
  it('answers the owner the audit of their panel, with each difference and its document', async () => {
    const clean = await panel.call<BooksAuditResult>(booksAuditEndpoint);
    expect(clean.status).toBe(200);
    expect(clean.body.data).toMatchObject({ differences: [], compared: expect.any(Number), ranAt: expect.any(String) });
    expect(clean.body.data!.checks).toContain('WarehousingMVM.movesFromDocuments');
    const [balance] = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${StockBalance.table} WHERE panel_id = $1 LIMIT 1`,
      [panelId],
    );
    await server.db.query(`UPDATE ${StockBalance.table} SET quantity = quantity + 1 WHERE panel_id = $1 AND id = $2`, [
      panelId,
      balance!.id,
    ]);
    try {
      const found = await panel.call<BooksAuditResult>(booksAuditEndpoint);
      expect(found.body.data!.differences).toEqual([
        expect.objectContaining({
          check: 'WarehousingMVM.stockBalances',
          rowId: balance!.id,
          document: expect.objectContaining({ number: expect.any(String) }),
        }),
      ]);
    } finally {
      await server.db.query(`UPDATE ${StockBalance.table} SET quantity = quantity - 1 WHERE panel_id = $1 AND id = $2`, [
        panelId,
        balance!.id,
      ]);
    }
  });

  it('is the owner’s only: a member with every permission is refused, and another panel’s owner sees only their own panel', async () => {
    const member = await addMember(server, panel, await server.createAccount(), [...allPermissions()]);
    const refused = await member.call(booksAuditEndpoint);
    expect([refused.status, refused.body.errorData?.code]).toEqual([403, Code.InvalidOperation]);
    const stranger = await server.createAccount();
    const outside = await server.call(booksAuditEndpoint, { token: stranger.tokens.access_token, headers: { [PANEL_HEADER]: panel.code } });
    expect(outside.status).toBeGreaterThanOrEqual(400);
    expect(outside.status).toBeLessThan(500);
    const own = await openPanel(server, stranger, 'دیگری', ['PanelManagement', 'WarehousingMVM']);
    const answer = await own.call<BooksAuditResult>(booksAuditEndpoint);
    expect(answer.body.data).toMatchObject({ differences: [], compared: 0 });
  });
});

/** `npm run audit:books` as a process of its own, on the PostgreSQL schema this harness uses (PGlite in memory cannot be shared). */
async function auditCommand(...args: string[]): Promise<{ status: number; out: string }> {
  // The test's own database and schema on that server (a copy of the migrated template, or a schema of its own).
  const [{ schema, database }] = (await server.db.query<{ schema: string; database: string }>(
    'SELECT current_schema() AS schema, current_database() AS database',
  )) as [{ schema: string; database: string }];
  const url = new URL(testDatabaseUrl()!);
  url.pathname = `/${encodeURIComponent(database)}`;
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/auditBooks.ts', ...args], {
      env: { ...process.env, DATABASE_URL: url.toString() },
      timeout: 120_000,
    });
    return { status: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { status: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe.skipIf(!testDatabaseUrl())('npm run audit:books', () => {
  it('exits 0 with one line when the books agree, 1 with each difference, 2 for a panel that is not there', async () => {
    const clean = await auditCommand('--panel', panel.code);
    expect(clean).toMatchObject({ status: 0, out: expect.stringMatching(/^books agree: 1 panel, \d+ rows compared/) });
    const [balance] = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${AccountBalance.table} WHERE panel_id = $1 LIMIT 1`,
      [panelId],
    );
    await server.db.query(`UPDATE ${AccountBalance.table} SET debit = debit + 1 WHERE panel_id = $1 AND id = $2`, [panelId, balance!.id]);
    try {
      const differing = await auditCommand('--panel', panel.code);
      expect(differing.status).toBe(1);
      expect(differing.out).toContain(`row:      ${AccountBalance.key} ${balance!.id}`);
      expect(differing.out).toMatch(/books differ: 1 difference in 1 of 1 panel/);
    } finally {
      await server.db.query(`UPDATE ${AccountBalance.table} SET debit = debit - 1 WHERE panel_id = $1 AND id = $2`, [panelId, balance!.id]);
    }
    expect((await auditCommand('--panel', 'NO-SUCH-PANEL')).status).toBe(2);
  }, 300_000);
});
