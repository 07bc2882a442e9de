/**
 * Panel backup and restore (server/panels/panelBackup.ts, decision 022): a panel with data in every
 * module — roles and members, the audit log; warehousing's documents with their lines and the
 * stock they moved, one receipt cancelled; accounting's vouchers (one cancelled), receipts and
 * cheques with the ledger they posted; human resources' places, rules, personnel and punches; sales
 * and support's agent, customer, a sale invoiced with VAT (another cancelled) and its payment,
 * setup steps and subscriptions, a support request with its thread; numbering — is downloaded by
 * its owner, restored on another server (a fresh database) by another person, and every list of
 * the restored panel equals the original's, its change log hands every row to a new device, the
 * books audit (issue 22) finds nothing on either, its reports (trial balance, profit and loss,
 * balances, stock and its value, sales figures, customers' balances, supporters' loads) equal the
 * original's, and every document series continues where the original's does. A damaged file, a
 * file of another format, and a backup asked for by a member who is not the owner are refused.
 */
import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { permission, type Entity, type Row } from '../../src/contract/entity.ts';
import { entities, entityByKey } from '../../src/contract/modules.ts';
import { panelEndpoints, type RestoredPanelSummary } from '../../src/contract/panels.ts';
import { PANEL_HEADER } from '../../src/contract/service.ts';
import { BankAccount, CashBox, Party } from '../../modules/MarketAccounting/entities/books.ts';
import { Payment, Voucher } from '../../modules/MarketAccounting/entities/documents.ts';
import { allRows, code, step } from '../../modules/MarketAccounting/tests/server/books.ts';
import { balancesBy, profitAndLoss } from '../../modules/MarketAccounting/rules/reports.ts';
import { trialBalanceOf } from '../../modules/MarketAccounting/server/reports.ts';
import { Place, Rule, Personnel } from '../../modules/HumanResource/entities/masterData.ts';
import { Punch } from '../../modules/HumanResource/entities/punch.ts';
import { Agent, Module, SalesSetting } from '../../modules/NagemManagement/entities/catalogue.ts';
import { Customer, Payment as CustomerPayment } from '../../modules/NagemManagement/entities/customers.ts';
import { Sale, SetupStep } from '../../modules/NagemManagement/entities/sale.ts';
import { Request, RequestMessage } from '../../modules/NagemManagement/entities/support.ts';
import { agentMonths, pipeline } from '../../modules/NagemManagement/rules/salesFigures.ts';
import { supporterLoads } from '../../modules/NagemManagement/rules/supporters.ts';
import { customerBalance } from '../../modules/NagemManagement/rules/timeline.ts';
import { booksAuditEndpoint, type BooksAuditResult } from '../../src/contract/booksAudit.ts';
import { auditPanel, thousandths } from '../../server/books/audit.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { acceptedMember, addMember, callerIn, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient } from './syncFixture.ts';

const MODULES = ['PanelManagement', 'WarehousingMVM', 'MarketAccounting', 'HumanResource', 'NagemManagement'];
const of = (key: string): Entity => entityByKey(key)!;

let original: TestServer;
let fresh: TestServer;
let owner: PanelCaller;
let backup: Buffer;
/** The restored panel on the fresh server, as the person who restored it. */
let copy: PanelCaller;

async function fill(server: TestServer, panel: PanelCaller): Promise<void> {
  expect((await panel.call({ method: 'POST', path: '/api/MarketAccounting/books' })).status).toBe(200);
  const role = await createRow(panel, Role, { name: 'انباردار', permissions: [permission(of('WarehousingMVM/Product'), 'read')] });
  await createRow(panel, Role, { name: 'کمک انباردار', parentRoleId: role.id, permissions: [] });

  const [Warehouse, Location, Product, WhParty, Receipt] = ['Warehouse', 'Location', 'Product', 'Party', 'Receipt'].map((k) =>
    of(`WarehousingMVM/${k}`),
  ) as [Entity, Entity, Entity, Entity, Entity];
  const warehouse = await createRow(panel, Warehouse, { name: 'انبار مرکزی', code: 'W1' });
  const locationId = (await createRow(panel, Location, { warehouseId: warehouse.id, code: 'A-01', kind: 'bin' })).id;
  const tea = await createRow(panel, Product, { name: 'چای', code: 'TEA', unit: 'piece' });
  const rice = await createRow(panel, Product, { name: 'برنج', code: 'RICE', unit: 'piece' });
  const supplier = await createRow(panel, WhParty, { name: 'بازرگانی سحر', kinds: ['supplier'] });
  const goodsIn = await createRow(panel, Receipt, {
    direction: 'in',
    date: '2026-11-20',
    warehouseId: warehouse.id,
    partyId: supplier.id,
    lines: [
      { id: randomUUID(), productId: tea.id, quantity: '10', unitPrice: 150_000, locationId },
      { id: randomUUID(), productId: rice.id, quantity: '4.5', unitPrice: 910_000, locationId },
    ],
  });
  expect((await step(panel, Receipt, goodsIn.id, 'submit')).status).toBe(200);
  const goodsOut = await createRow(panel, Receipt, {
    direction: 'out',
    date: '2026-11-21',
    warehouseId: warehouse.id,
    lines: [{ id: randomUUID(), productId: tea.id, quantity: '3', locationId }],
  });
  expect((await step(panel, Receipt, goodsOut.id, 'submit')).status).toBe(200);
  await createRow(panel, Receipt, {
    direction: 'in',
    date: '2026-11-22',
    warehouseId: warehouse.id,
    lines: [{ id: randomUUID(), productId: rice.id, quantity: '1', unitPrice: 1, locationId }],
  });

  const customer = await createRow(panel, Party, { name: 'علی رضایی' });
  const box = await createRow(panel, CashBox, { name: 'صندوق فروشگاه' });
  const bank = await createRow(panel, BankAccount, { bank: 'ملت', accountNumber: '123456', sheba: 'IR06 2960 0000 0010 0324 2000 01' });
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
  expect((await step(panel, Payment, receipt.id, 'submit')).status).toBe(200);
  const voucher = await createRow(panel, Voucher, {
    date: '2026-11-22',
    description: 'هزینه اجاره',
    lines: [
      { id: randomUUID(), accountId: code('5202'), partyId: null, debit: 500_000, credit: 0 },
      { id: randomUUID(), accountId: code('1101'), partyId: null, debit: 0, credit: 500_000 },
    ],
  });
  expect((await step(panel, Voucher, voucher.id, 'submit')).status).toBe(200);
  const cancelled = await createRow(panel, Voucher, {
    date: '2026-11-22',
    description: 'اشتباه',
    lines: [
      { id: randomUUID(), accountId: code('5202'), partyId: null, debit: 1000, credit: 0 },
      { id: randomUUID(), accountId: code('1101'), partyId: null, debit: 0, credit: 1000 },
    ],
  });
  expect((await step(panel, Voucher, cancelled.id, 'submit')).status).toBe(200);
  expect((await step(panel, Voucher, cancelled.id, 'cancel')).status).toBe(200);

  const office = await createRow(panel, Place, { name: 'دفتر مرکزی', latitude: '35.700000', longitude: '51.400000', radius: 150 });
  const rule = await createRow(panel, Rule, {
    name: 'اداری',
    workDays: ['sat', 'sun'],
    shiftStart: '08:00',
    shiftEnd: '16:00',
    maxOfflineHours: 24,
  });
  const maryam = await createRow(panel, Personnel, {
    firstName: 'مریم',
    lastName: 'کریمی',
    code: 'P-1',
    placeIds: [office.id],
    ruleId: rule.id,
    methods: ['phoneFence'],
    offlineAccepted: true,
    active: true,
  });
  for (const [direction, at] of [
    ['in', '2026-11-22T04:45:00.000Z'],
    ['out', '2026-11-22T12:40:00.000Z'],
  ] as const) {
    const punch = await panel.call(rest.create(Punch), {
      body: { id: randomUUID(), personnelId: maryam.id, direction, source: 'manual', note: 'ثبت دستی', at },
    });
    expect(punch.status, JSON.stringify(punch.body)).toBe(201);
  }

  // Warehousing: a receipt submitted, then cancelled (its moves reversed).
  const cancelledIn = await createRow(panel, Receipt, {
    direction: 'in',
    date: '2026-11-22',
    warehouseId: warehouse.id,
    partyId: supplier.id,
    lines: [{ id: randomUUID(), productId: rice.id, quantity: '2', unitPrice: 900_000, locationId }],
  });
  expect((await step(panel, Receipt, cancelledIn.id, 'submit')).status).toBe(200);
  expect((await step(panel, Receipt, cancelledIn.id, 'cancel')).status).toBe(200);

  // Sales and support: an agent with a member's account, a customer of theirs, an invoiced sale
  // with VAT (one more cancelled), its payment and setup steps, a support request with its thread.
  const seller = await acceptedMember(server, panel, role.id);
  await createRow(panel, SalesSetting, { vatPercent: 9 });
  await createRow(panel, Agent, {
    name: 'نمایندگی تهران',
    kind: 'reseller',
    memberId: seller.id,
    region: 'تهران',
    commissionRate: '12.5',
    monthlyTarget: 50_000_000,
    active: true,
  });
  const crm = await createRow(panel, Module, { name: 'CRM', code: 'CRM-1', price: 2_000_000, billing: 'yearly', active: true });
  const hr = await createRow(panel, Module, { name: 'حضور و غیاب', code: 'HR-1', price: 700_000, billing: 'monthly', active: true });
  const company = await createRow(panel, Customer, {
    kind: 'company',
    name: 'شرکت پارس',
    province: 'تهران',
    city: 'تهران',
    source: 'agent',
    agentMemberId: seller.id,
    tags: ['طلایی'],
  });
  const sale = await createRow(panel, Sale, {
    customerId: company.id,
    date: '2026-11-22',
    stage: 'won',
    agentMemberId: seller.id,
    lines: [
      { id: randomUUID(), moduleId: crm.id, quantity: 3, unitPrice: 2_000_005, discount: 15 },
      { id: randomUUID(), moduleId: hr.id, quantity: 12, unitPrice: 700_000, discount: 0 },
    ],
  });
  const invoiced = await step(panel, Sale, sale.id, 'submit');
  expect(invoiced.status).toBe(200);
  expect(invoiced.body.data).toMatchObject({ net: 14_400_000, vat: 1_296_000, total: 15_696_000 });
  const dropped = await createRow(panel, Sale, {
    customerId: company.id,
    date: '2026-11-22',
    stage: 'won',
    lines: [{ id: randomUUID(), moduleId: hr.id, quantity: 1, unitPrice: 700_000 }],
  });
  expect((await step(panel, Sale, dropped.id, 'submit')).status).toBe(200);
  expect((await step(panel, Sale, dropped.id, 'cancel')).status).toBe(200);
  await createRow(panel, Sale, {
    customerId: company.id,
    date: '2026-11-23',
    stage: 'negotiating',
    lines: [{ id: randomUUID(), moduleId: crm.id, quantity: 1, unitPrice: 2_000_000 }],
  });
  await createRow(panel, CustomerPayment, {
    customerId: company.id,
    date: '2026-11-23',
    amount: 10_000_000,
    method: 'transfer',
    saleId: sale.id,
    note: 'قسط اول',
  });
  await createRow(panel, SetupStep, { saleId: sale.id, step: 'addModule', ownerId: seller.id, due: '2026-11-25', done: true });
  await createRow(panel, SetupStep, {
    saleId: sale.id,
    step: 'chartFlow',
    ownerId: seller.id,
    due: '2026-11-30',
    done: false,
    note: 'با مدیر مالی',
  });
  const request = await createRow(panel, Request, {
    customerId: company.id,
    subject: 'گزارش حضور باز نمی‌شود',
    description: 'از دیروز',
    category: 'technical',
    priority: 'high',
    status: 'inProgress',
    supporterId: seller.id,
  });
  await createRow(panel, RequestMessage, { requestId: request.id, kind: 'reply', body: 'در حال بررسی است.' });
  await createRow(panel, RequestMessage, { requestId: request.id, kind: 'note', body: 'مشکل از مرورگر قدیمی است.' });
}

/** Every row of every entity of the panel's modules, by entity key, sorted by id. */
async function everything(panel: PanelCaller): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const entity of entities().filter((e) => MODULES.includes(e.key.split('/')[0]!))) {
    const rows = await allRows(panel, entity);
    out[entity.key] = rows.sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }
  return out;
}

async function panelRecord(server: TestServer, code: string): Promise<{ id: string; code: string; name: string }> {
  const [record] = await server.db.query<{ id: string; code: string; name: string }>(
    'SELECT id::text AS id, code, name FROM panels WHERE code = $1',
    [code],
  );
  return record!;
}

/** The panel's numbering: each series' last number given, by entity and year. */
async function seriesOf(server: TestServer, code: string): Promise<{ entity: string; year: number; last: number }[]> {
  const { id } = await panelRecord(server, code);
  const rows = await server.db.query<{ entity: string; year: number; last_number: number }>(
    'SELECT entity, year, last_number FROM document_series WHERE panel_id = $1 ORDER BY entity, year',
    [id],
  );
  return rows.map((r) => ({ entity: r.entity, year: Number(r.year), last: Number(r.last_number) }));
}

const sumOf = (rows: readonly Row[], field: string) => rows.reduce((n, r) => n + BigInt(String(r[field] ?? 0)), 0n).toString();

/**
 * The panel's reports, worked out the way the server and the screens work them out: the trial
 * balance (server/reports.ts), profit and loss by month and the balances of parties, boxes and bank
 * accounts (rules/reports.ts); stock on hand and its value by product and warehouse; the sales
 * pipeline, agents' months, invoiced totals and each customer's balance; supporters' loads.
 */
async function reports(server: TestServer, panel: PanelCaller) {
  const rows = async (key: string) => allRows(panel, of(key));
  const [balances, accounts] = [await rows('MarketAccounting/AccountBalance'), await rows('MarketAccounting/Account')];
  const months = [...new Set(balances.map((b) => String(b.month)))].sort();
  const byParty = (field: 'partyId' | 'cashBoxId' | 'bankAccountId' | 'accountId') =>
    Object.fromEntries([...balancesBy(balances, field)].map(([k, v]) => [k, v.toString()]).sort());
  const stockRows = await rows('WarehousingMVM/StockBalance');
  const valuations = await rows('WarehousingMVM/StockValuation');
  const stock = [...new Set(stockRows.map((b) => `${String(b.productId)}|${String(b.warehouseId)}`))].sort().map((key) => {
    const [productId, warehouseId] = key.split('|');
    const here = stockRows.filter((b) => b.productId === productId && b.warehouseId === warehouseId);
    const valued = valuations.filter((v) => v.productId === productId && (v.warehouseId === undefined || v.warehouseId === warehouseId));
    return {
      productId,
      warehouseId,
      quantity: here.reduce((n, b) => n + thousandths(b.quantity), 0n).toString(),
      value: sumOf(valued, 'value'),
    };
  });
  const sales = await rows('NagemManagement/Sale');
  const invoiced = sales.filter((s) => s.status === 'submitted');
  const payments = await rows('NagemManagement/Payment');
  const rates = new Map((await rows('NagemManagement/Agent')).map((a) => [String(a.memberId), a.commissionRate]));
  const customers = (await rows('NagemManagement/Customer')).map((c) => ({ id: c.id, ...customerBalance(c.id, sales, payments) }));
  return {
    trialBalance: await trialBalanceOf(server.db, (await panelRecord(server, panel.code)).id, null, null),
    profitAndLoss: profitAndLoss(balances, accounts, months),
    accounts: byParty('accountId'),
    parties: byParty('partyId'),
    cashBoxes: byParty('cashBoxId'),
    bankAccounts: byParty('bankAccountId'),
    stock,
    salesTotals: { invoiced: invoiced.length, net: sumOf(invoiced, 'net'), vat: sumOf(invoiced, 'vat'), total: sumOf(invoiced, 'total') },
    pipeline: pipeline(sales),
    agentMonths: agentMonths(sales, rates),
    customers,
    supporters: supporterLoads(await rows('NagemManagement/Request'), Date.parse('2026-11-26T00:00:00Z')),
  };
}
type Reports = Awaited<ReturnType<typeof reports>>;

beforeAll(async () => {
  original = await startTestServer();
  const account = await original.createAccount();
  owner = await openPanel(original, account, 'فروشگاه نمونه', MODULES);
  await fill(original, owner);
  const answer = await original.app.inject({
    method: 'GET',
    url: panelEndpoints.backup.path,
    headers: { authorization: `Bearer ${account.tokens.access_token}`, [PANEL_HEADER]: owner.code },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/gzip');
  expect(answer.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="pishkhan-${owner.code}-\\d{4}-\\d{2}-\\d{2}\\.pishkhan\\.gz"$`),
  );
  backup = answer.rawPayload;
  fresh = await startTestServer();
}, 300_000);
afterAll(async () => {
  await original?.close();
  await fresh?.close();
});

async function restore(server: TestServer, person: TestAccount, file: Buffer) {
  const answer = await server.app.inject({
    method: 'POST',
    url: panelEndpoints.restore.path,
    headers: { authorization: `Bearer ${person.tokens.access_token}`, 'content-type': 'application/gzip' },
    payload: file,
  });
  return { status: answer.statusCode, body: answer.json() as { data: RestoredPanelSummary | null; errorData: { code: number } | null } };
}

describe('a panel backup', () => {
  it('is one versioned, checksummed file with every table of the panel', () => {
    const lines = gunzipSync(backup).toString('utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      format: 'pishkhan-panel-backup',
      version: 1,
      panel: { name: 'فروشگاه نمونه', modules: expect.arrayContaining(MODULES) },
    });
    const tables = lines.filter((l) => l.startsWith('{"table"')).map((l) => JSON.parse(l).table as string);
    expect(tables).toEqual(
      expect.arrayContaining([
        'document_series',
        'e_panel_management_activity',
        'e_warehousing_mvm_receipt_line',
        'e_warehousing_mvm_stock_move',
        'e_market_accounting_journal_line',
      ]),
    );
    // Each table comes after the ones it refers to.
    expect(tables.indexOf('e_warehousing_mvm_receipt')).toBeLessThan(tables.indexOf('e_warehousing_mvm_receipt_line'));
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      end: true,
      rows: lines.filter((l) => l.startsWith('[')).length,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('restores on another server as a new panel whose every list equals the original', async () => {
    const someoneElse = await fresh.createAccount();
    const restored = await restore(fresh, someoneElse, backup);
    expect(restored.status).toBe(201);
    copy = callerIn(fresh, someoneElse, restored.body.data!.code);
    expect(restored.body.data!.name).toBe('فروشگاه نمونه');

    const [before, after] = [await everything(owner), await everything(copy)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    // A person's notifications are their account's (decision 038): the restorer, another account,
    // reads none of the original owner's, though the backup carries them.
    const personal = new Set(
      entities()
        .filter((e) => e.personal !== undefined)
        .map((e) => e.key),
    );
    for (const key of Object.keys(before)) if (!personal.has(key)) expect({ key, rows: after[key] }).toEqual({ key, rows: before[key] });
    expect(after['PanelManagement/Notification']).toEqual([]);
    // The panel had something in each of them.
    for (const key of [
      'WarehousingMVM/StockBalance',
      'WarehousingMVM/StockValuation',
      'WarehousingMVM/Receipt',
      'MarketAccounting/JournalLine',
      'MarketAccounting/AccountBalance',
      'MarketAccounting/Cheque',
      'PanelManagement/Activity',
      'PanelManagement/Member',
      'HumanResource/Personnel',
      'HumanResource/Punch',
      'NagemManagement/Agent',
      'NagemManagement/Customer',
      'NagemManagement/Sale',
      'NagemManagement/Payment',
      'NagemManagement/Subscription',
      'NagemManagement/SetupStep',
      'NagemManagement/Request',
      'NagemManagement/RequestMessage',
    ]) {
      expect(before[key]!.length, key).toBeGreaterThan(0);
    }
    expect(before['WarehousingMVM/Receipt']!.map((r) => r.status).sort()).toEqual(['cancelled', 'draft', 'submitted', 'submitted']);
    expect(before['MarketAccounting/Voucher']!.filter((r) => r.status === 'cancelled').length).toBe(1);

    // A new device of the restored panel pulls every row.
    const pulled = await pullAll(syncClient(copy));
    const live = Object.values(after).reduce((n, rows) => n + rows.length, 0);
    expect(pulled.changes.filter((c) => !c.row.deleted).length).toBeGreaterThanOrEqual(live);
  });

  it('passes the books audit, as the original does, and its reports equal the original’s', async () => {
    for (const [server, panel] of [
      [original, owner],
      [fresh, copy],
    ] as const) {
      const audit = await panel.call<BooksAuditResult>(booksAuditEndpoint);
      expect(audit.status).toBe(200);
      expect({ panel: panel.code, differences: audit.body.data!.differences }).toEqual({ panel: panel.code, differences: [] });
      expect(audit.body.data!.checks).toEqual(
        expect.arrayContaining([
          'WarehousingMVM.stockBalances',
          'WarehousingMVM.movesFromDocuments',
          'MarketAccounting.accountBalances',
          'MarketAccounting.postingsFromSources',
          'NagemManagement.saleTotals',
        ]),
      );
      expect(audit.body.data!.compared).toBeGreaterThan(40);
      // The same audit run directly on the server's database.
      const record = await panelRecord(server, panel.code);
      expect((await auditPanel(server.db, record)).differences).toEqual([]);
    }
    const [before, after] = [await reports(original, owner), await reports(fresh, copy)];
    for (const key of Object.keys(before) as (keyof Reports)[])
      expect({ report: key, figures: after[key] }).toEqual({ report: key, figures: before[key] });
    // The reports are not empty: the books moved, stock is on hand, sales were invoiced.
    expect(before.trialBalance.rows.length).toBeGreaterThan(3);
    expect(before.trialBalance.rows.some((r) => r.debit !== 0 || r.credit !== 0)).toBe(true);
    expect(before.stock.length).toBeGreaterThan(0);
    expect(before.salesTotals).toMatchObject({ invoiced: 1, net: '14400000', vat: '1296000', total: '15696000' });
    expect(before.customers[0]).toMatchObject({ invoiced: 15_696_000, paid: 10_000_000 });
  });

  it('continues every document series where the original’s does', async () => {
    const [mine, theirs] = [await seriesOf(original, owner.code), await seriesOf(fresh, copy.code)];
    expect(theirs).toEqual(mine);
    expect(mine.map((s) => s.entity)).toEqual(
      expect.arrayContaining([Voucher.key, Payment.key, Sale.key, of('WarehousingMVM/Receipt').key]),
    );
    const next = async (panel: PanelCaller) => {
      const voucher = await createRow(panel, Voucher, {
        date: '2026-11-23',
        lines: [
          { id: randomUUID(), accountId: code('5202'), partyId: null, debit: 10, credit: 0 },
          { id: randomUUID(), accountId: code('1101'), partyId: null, debit: 0, credit: 10 },
        ],
      });
      const [product] = await allRows(panel, of('WarehousingMVM/Product'));
      const [warehouse] = await allRows(panel, of('WarehousingMVM/Warehouse'));
      const receipt = await createRow(panel, of('WarehousingMVM/Receipt'), {
        direction: 'in',
        date: '2026-11-23',
        warehouseId: warehouse!.id,
        lines: [{ id: randomUUID(), productId: product!.id, quantity: '1', unitPrice: 100 }],
      });
      const [customer] = await allRows(panel, Customer);
      const [module] = await allRows(panel, Module);
      const sale = await createRow(panel, Sale, {
        customerId: customer!.id,
        date: '2026-11-23',
        stage: 'won',
        lines: [{ id: randomUUID(), moduleId: module!.id, quantity: 1, unitPrice: 1_000 }],
      });
      const [party] = await allRows(panel, Party);
      const [box] = await allRows(panel, CashBox);
      const payment = await createRow(panel, Payment, {
        direction: 'in',
        date: '2026-11-23',
        partyId: party!.id,
        lines: [{ id: randomUUID(), method: 'cash', amount: 5_000, cashBoxId: box!.id }],
      });
      const numbers: string[] = [];
      for (const [entity, id] of [
        [Voucher, voucher.id],
        [of('WarehousingMVM/Receipt'), receipt.id],
        [Sale, sale.id],
        [Payment, payment.id],
      ] as const) {
        const submitted = await step(panel, entity, id, 'submit');
        expect(submitted.status, `${entity.key}: ${JSON.stringify(submitted.body)}`).toBe(200);
        numbers.push(String(submitted.body.data!.number));
      }
      return numbers;
    };
    const [ours, restored] = [await next(owner), await next(copy)];
    expect(restored).toEqual(ours);
    expect(ours.every((n) => /\d/.test(n))).toBe(true);
    // The numbers went on from the series: one more than the last the original had given.
    expect(await seriesOf(fresh, copy.code)).toEqual(await seriesOf(original, owner.code));
  });

  it('restores on the same server too, beside the original', async () => {
    const restored = await restore(original, owner.account, backup);
    expect(restored.status).toBe(201);
    expect(restored.body.data!.code).not.toBe(owner.code);
    const copy = callerIn(original, owner.account, restored.body.data!.code);
    expect((await allRows(copy, of('WarehousingMVM/StockBalance'))).length).toBeGreaterThan(0);
  });

  it('refuses a damaged file, a file of another format and a cut one', async () => {
    const person = await fresh.createAccount();
    const text = gunzipSync(backup).toString('utf8');
    const damaged = gzipSync(Buffer.from(text.replace('چای', 'قهوه')));
    const other = gzipSync(Buffer.from(text.replace('"format":"pishkhan-panel-backup"', '"format":"something-else"')));
    const cut = backup.subarray(0, Math.floor(backup.length / 2));
    for (const file of [damaged, other, cut, Buffer.from('not gzip at all')]) {
      const answer = await restore(fresh, person, file);
      expect(answer.status).toBe(400);
      expect(answer.body.errorData!.code).toBe(Code.BadRequest);
    }
    const panels = await fresh.call<unknown[]>(panelEndpoints.list, { token: person.tokens.access_token });
    expect(panels.body.data).toEqual([]);
  });

  it('is for the owner only', async () => {
    const member = await addMember(original, owner, await original.createAccount(), [permission(Role, 'read')]);
    const answer = await member.call(panelEndpoints.backup);
    expect(answer.status).toBe(403);
    expect(answer.body.errorData!.code).toBe(Code.InvalidOperation);
  });
});
