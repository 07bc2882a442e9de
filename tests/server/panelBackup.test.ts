/**
 * Panel backup and restore (server/panels/panelBackup.ts, decision 022): a panel with data in every
 * module — roles and a member, the audit log, warehousing's documents with their lines and the
 * stock they moved, accounting's vouchers, receipts and cheques with the ledger they posted,
 * numbering, human resources' places, rules and personnel — is downloaded by its owner, restored on
 * another server (a fresh database) by another person, and every list of the restored panel equals
 * the original's, its change log hands every row to a new device, and the next document numbers
 * continue where the original's do. A damaged file, a file of another format, and a backup asked
 * for by a member who is not the owner are refused.
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
import { Place, Rule, Personnel } from '../../modules/HumanResource/entities/masterData.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { addMember, callerIn, createRow, openPanel, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient } from './syncFixture.ts';

const MODULES = ['PanelManagement', 'WarehousingMVM', 'MarketAccounting', 'HumanResource'];
const of = (key: string): Entity => entityByKey(key)!;

let original: TestServer;
let fresh: TestServer;
let owner: PanelCaller;
let backup: Buffer;

async function fill(panel: PanelCaller): Promise<void> {
  expect((await panel.call({ method: 'POST', path: '/api/MarketAccounting/books' })).status).toBe(200);
  const role = await createRow(panel, Role, { name: 'انباردار', permissions: [permission(of('WarehousingMVM/Product'), 'read')] });
  await createRow(panel, Role, { name: 'کمک انباردار', parentRoleId: role.id, permissions: [] });

  const [Warehouse, Location, Product, WhParty, Receipt] = ['Warehouse', 'Location', 'Product', 'Party', 'Receipt'].map((k) => of(`WarehousingMVM/${k}`)) as [Entity, Entity, Entity, Entity, Entity];
  const warehouse = await createRow(panel, Warehouse, { name: 'انبار مرکزی', code: 'W1' });
  const locationId = (await createRow(panel, Location, { warehouseId: warehouse.id, code: 'A-01', kind: 'bin' })).id;
  const tea = await createRow(panel, Product, { name: 'چای', code: 'TEA', unit: 'piece' });
  const rice = await createRow(panel, Product, { name: 'برنج', code: 'RICE', unit: 'piece' });
  const supplier = await createRow(panel, WhParty, { name: 'بازرگانی سحر', kinds: ['supplier'] });
  const goodsIn = await createRow(panel, Receipt, {
    direction: 'in', date: '2026-11-20', warehouseId: warehouse.id, partyId: supplier.id,
    lines: [
      { id: randomUUID(), productId: tea.id, quantity: '10', unitPrice: 150_000, locationId },
      { id: randomUUID(), productId: rice.id, quantity: '4.5', unitPrice: 910_000, locationId },
    ],
  });
  expect((await step(panel, Receipt, goodsIn.id, 'submit')).status).toBe(200);
  const goodsOut = await createRow(panel, Receipt, { direction: 'out', date: '2026-11-21', warehouseId: warehouse.id, lines: [{ id: randomUUID(), productId: tea.id, quantity: '3', locationId }] });
  expect((await step(panel, Receipt, goodsOut.id, 'submit')).status).toBe(200);
  await createRow(panel, Receipt, { direction: 'in', date: '2026-11-22', warehouseId: warehouse.id, lines: [{ id: randomUUID(), productId: rice.id, quantity: '1', unitPrice: 1, locationId }] });

  const customer = await createRow(panel, Party, { name: 'علی رضایی' });
  const box = await createRow(panel, CashBox, { name: 'صندوق فروشگاه' });
  const bank = await createRow(panel, BankAccount, { bank: 'ملت', accountNumber: '123456', sheba: 'IR06 2960 0000 0010 0324 2000 01' });
  const receipt = await createRow(panel, Payment, {
    direction: 'in', date: '2026-11-21', partyId: customer.id,
    lines: [
      { id: randomUUID(), method: 'cash', amount: 2_000_000, cashBoxId: box.id },
      { id: randomUUID(), method: 'card', amount: 3_000_000, bankAccountId: bank.id },
      { id: randomUUID(), method: 'cheque', amount: 10_000_000, chequeBank: 'صادرات', chequeSerial: '778899', dueDate: '2026-12-01' },
    ],
  });
  expect((await step(panel, Payment, receipt.id, 'submit')).status).toBe(200);
  const voucher = await createRow(panel, Voucher, {
    date: '2026-11-22', description: 'هزینه اجاره',
    lines: [{ id: randomUUID(), accountId: code('5202'), partyId: null, debit: 500_000, credit: 0 }, { id: randomUUID(), accountId: code('1101'), partyId: null, debit: 0, credit: 500_000 }],
  });
  expect((await step(panel, Voucher, voucher.id, 'submit')).status).toBe(200);
  const cancelled = await createRow(panel, Voucher, {
    date: '2026-11-22', description: 'اشتباه',
    lines: [{ id: randomUUID(), accountId: code('5202'), partyId: null, debit: 1000, credit: 0 }, { id: randomUUID(), accountId: code('1101'), partyId: null, debit: 0, credit: 1000 }],
  });
  expect((await step(panel, Voucher, cancelled.id, 'submit')).status).toBe(200);
  expect((await step(panel, Voucher, cancelled.id, 'cancel')).status).toBe(200);

  const office = await createRow(panel, Place, { name: 'دفتر مرکزی', latitude: '35.700000', longitude: '51.400000', radius: 150 });
  const rule = await createRow(panel, Rule, { name: 'اداری', workDays: ['sat', 'sun'], shiftStart: '08:00', shiftEnd: '16:00', maxOfflineHours: 24 });
  await createRow(panel, Personnel, { name: 'مریم کریمی', code: 'P-1', placeIds: [office.id], ruleId: rule.id, methods: ['phoneFence'], offlineAccepted: true, active: true });
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

beforeAll(async () => {
  original = await startTestServer();
  const account = await original.createAccount();
  owner = await openPanel(original, account, 'فروشگاه نمونه', MODULES);
  await fill(owner);
  const answer = await original.app.inject({ method: 'GET', url: panelEndpoints.backup.path, headers: { authorization: `Bearer ${account.tokens.access_token}`, [PANEL_HEADER]: owner.code } });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/gzip');
  expect(answer.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="pishkhan-${owner.code}-\\d{4}-\\d{2}-\\d{2}\\.pishkhan\\.gz"$`));
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
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'pishkhan-panel-backup', version: 1, panel: { name: 'فروشگاه نمونه', modules: expect.arrayContaining(MODULES) } });
    const tables = lines.filter((l) => l.startsWith('{"table"')).map((l) => JSON.parse(l).table as string);
    expect(tables).toEqual(expect.arrayContaining(['document_series', 'e_panel_management_activity', 'e_warehousing_mvm_receipt_line', 'e_warehousing_mvm_stock_move', 'e_market_accounting_journal_line']));
    // Each table comes after the ones it refers to.
    expect(tables.indexOf('e_warehousing_mvm_receipt')).toBeLessThan(tables.indexOf('e_warehousing_mvm_receipt_line'));
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true, rows: lines.filter((l) => l.startsWith('[')).length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('restores on another server as a new panel whose every list equals the original', async () => {
    const someoneElse = await fresh.createAccount();
    const restored = await restore(fresh, someoneElse, backup);
    expect(restored.status).toBe(201);
    const copy = callerIn(fresh, someoneElse, restored.body.data!.code);
    expect(restored.body.data!.name).toBe('فروشگاه نمونه');

    const [before, after] = [await everything(owner), await everything(copy)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const key of Object.keys(before)) expect({ key, rows: after[key] }).toEqual({ key, rows: before[key] });
    // The panel had something in each of them.
    for (const key of ['WarehousingMVM/StockBalance', 'WarehousingMVM/Receipt', 'MarketAccounting/JournalLine', 'MarketAccounting/AccountBalance', 'PanelManagement/Activity', 'HumanResource/Personnel']) {
      expect(before[key]!.length, key).toBeGreaterThan(0);
    }

    // A new device of the restored panel pulls every row.
    const pulled = await pullAll(syncClient(copy));
    const live = Object.values(after).reduce((n, rows) => n + rows.length, 0);
    expect(pulled.changes.filter((c) => !c.row.deleted).length).toBeGreaterThanOrEqual(live);

    // Numbering continues where the original's does.
    const next = async (panel: PanelCaller) => {
      const voucher = await createRow(panel, Voucher, {
        date: '2026-11-23',
        lines: [{ id: randomUUID(), accountId: code('5202'), partyId: null, debit: 10, credit: 0 }, { id: randomUUID(), accountId: code('1101'), partyId: null, debit: 0, credit: 10 }],
      });
      return (await step(panel, Voucher, voucher.id, 'submit')).body.data!.number;
    };
    expect(await next(copy)).toBe(await next(owner));
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
