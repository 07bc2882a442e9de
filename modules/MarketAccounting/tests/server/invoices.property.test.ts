/**
 * Invoices under offline, duplicated delivery (issue 27): two devices of one shop queue random
 * sales and purchase invoices (goods and services, line and invoice discounts, VAT rates with
 * exempt lines, duties, settlement in cash, card, transfer or on credit, walk-in customers),
 * returns of earlier invoices (some asking more than is left to return) and cancels (some of
 * invoices a return stands on); each device sends its queue in batches of its own, interleaved at
 * random, some batches sent twice. Then the tax job sends what was queued to the local stand-in of
 * the tax system. Whatever was applied and whatever refused: the books audit finds nothing, the
 * trial balance balances, each product's stock is its opening plus what the submitted invoices
 * moved (worked out here from their lines), and every submitted sale, sales return and
 * cancellation of one is in the tax queue exactly once by its tax id and accepted.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity, Line, Row } from '../../../../src/contract/entity.ts';
import { entityByKey } from '../../../../src/contract/modules.ts';
import { fromThousandths, toThousandths } from '../../../../src/contract/quantity.ts';
import type { Mutation } from '../../../../src/contract/sync.ts';
import { auditBooks } from '../../../../server/books/audit.ts';
import { propertyRuns } from '../../../../tests/propertyRuns.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { syncClient } from '../../../../tests/server/syncFixture.ts';
import { BankAccount, CashBox, Party } from '../../entities/books.ts';
import { Invoice } from '../../entities/invoices.ts';
import { invoiceTotals } from '../../rules/invoiceMath.ts';
import { taxSystemEndpoints } from '../../rules/taxSystemEndpoints.ts';
import { trialBalanceOf } from '../../server/reports.ts';
import { newKeyPair, selfSignedCertificate } from '../../server/taxSystem/pkcs10.ts';
import { runTaxSystem } from '../../server/taxSystem/run.ts';
import type { QueueRow } from '../../server/taxSystem/store.ts';
import { allRows, step } from './books.ts';
import { startStandIn, type StandIn } from '../taxSystemStandIn.ts';

const RUNS = propertyRuns('INVOICES_PROPERTY_RUNS', 200, 10);
const DEVICES = 2;
const PRODUCTS = 3;
/** Party index PARTIES is the walk-in customer (no party). */
const PARTIES = 2;
const DATES = ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
/** What a rejected mutation may be told: a rule's refusal, never a failure of the server. */
const REFUSALS = [9101, 9106, 9202, 9303, 9401];

const of = (key: string): Entity => entityByKey(`WarehousingMVM/${key}`)!;

let server: TestServer;
let standIn: StandIn;
let key: { privateKey: string; certificate: string };
let panels = 0;

beforeAll(async () => {
  [server, standIn] = await Promise.all([startTestServer(), startStandIn()]);
  const { privateKey } = newKeyPair();
  key = {
    privateKey,
    certificate: selfSignedCertificate(
      privateKey,
      { commonName: 'Property Shop', nationalId: '10101234567' },
      new Date(server.clock.now()),
    ),
  };
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.close(), standIn?.close()]);
});

// ---- the scenario ------------------------------------------------------------------------------

const lineSpec = fc.record({
  /** PRODUCTS = a service (no product). */
  product: fc.nat(PRODUCTS),
  halves: fc.integer({ min: 1, max: 8 }),
  unitPrice: fc.constantFrom(10_000, 33_333, 125_000, 999_999),
  discount: fc.constantFrom(0, 0, 1_001, 4_000),
  vatRate: fc.constantFrom('10', '10', '9', '0'),
  dutyRate: fc.constantFrom(null, null, '0', '3'),
});

const invoiceOp = fc.record({
  kind: fc.constant('invoice' as const),
  type: fc.constantFrom('sale', 'sale', 'purchase'),
  party: fc.nat(PARTIES),
  date: fc.nat(DATES.length - 1),
  lines: fc.array(lineSpec, { minLength: 1, maxLength: 3 }),
  discount: fc.constantFrom(0, 0, 2_500),
  settle: fc.constantFrom('credit', 'cash', 'card', 'mixed', 'full'),
  submit: fc.constantFrom(true, true, true, false),
});

const returnOp = fc.record({
  kind: fc.constant('return' as const),
  target: fc.nat(30),
  lines: fc.array(fc.record({ line: fc.nat(2), halves: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 2 }),
  later: fc.nat(1),
});

const cancelOp = fc.record({ kind: fc.constant('cancel' as const), target: fc.nat(30) });

const scenario = fc.record({
  opening: fc.array(fc.integer({ min: 0, max: 20 }), { minLength: PRODUCTS, maxLength: PRODUCTS }),
  ops: fc.array(fc.record({ device: fc.nat(DEVICES - 1), op: fc.oneof({ weight: 3, arbitrary: invoiceOp }, returnOp, cancelOp) }), {
    minLength: 1,
    maxLength: 14,
  }),
  deliveries: fc.array(fc.record({ device: fc.nat(DEVICES - 1), size: fc.integer({ min: 1, max: 6 }), replay: fc.boolean() }), {
    maxLength: 10,
  }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

// ---- the shop ----------------------------------------------------------------------------------

interface Shop {
  panel: PanelCaller;
  panelId: string;
  parties: Row[];
  cashBox: Row;
  bank: Row;
  warehouseId: string;
  locationId: string;
  products: Row[];
}

/** A shop registered with the tax system (its certificate at the stand-in), with opening stock of each product. */
async function openShop(opening: readonly number[]): Promise<Shop> {
  const panel = await openPanel(server, await server.createAccount(), 'فروشگاه آزمون', ['MarketAccounting', 'WarehousingMVM']);
  const panelId = (await server.db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [panel.code]))[0]!.id;
  const memoryId = `P${String(++panels).padStart(5, '0')}`;
  const settings = await panel.call(
    { method: 'PUT', path: taxSystemEndpoints.settings },
    { body: { memoryId, economicCode: '10101234567', endpoint: 'sandbox', ...key } },
  );
  expect(settings.status).toBe(200);
  standIn.register(memoryId, key.certificate);
  const parties = [await createRow(panel, Party, { name: 'علی رضایی' }), await createRow(panel, Party, { name: 'پخش البرز' })];
  const cashBox = await createRow(panel, CashBox, { name: 'صندوق' });
  const bank = await createRow(panel, BankAccount, { bank: 'ملت', accountNumber: '123456' });
  const warehouseId = (await createRow(panel, of('Warehouse'), { name: 'انبار', code: 'W1' })).id;
  const locationId = (await createRow(panel, of('Location'), { warehouseId, code: 'A-01', kind: 'bin' })).id;
  const products: Row[] = [];
  for (let i = 0; i < PRODUCTS; i++)
    products.push(await createRow(panel, of('Product'), { name: `کالا ${i}`, code: `P${i}`, unit: 'piece' }));
  const lines = opening.flatMap((n, i) =>
    n ? [{ id: randomUUID(), productId: products[i]!.id, quantity: String(n), unitPrice: 80_000, locationId }] : [],
  );
  if (lines.length) {
    const receipt = await createRow(panel, of('Receipt'), { direction: 'in', date: DATES[0], warehouseId, opening: true, lines });
    expect((await step(panel, of('Receipt'), receipt.id, 'submit')).status).toBe(200);
  }
  return { panel, panelId, parties, cashBox, bank, warehouseId, locationId, products };
}

/** What the test remembers of a document it queued. */
interface Queued {
  id: string;
  kind: string;
  partyId: string | null;
  date: number;
  lines: Line[];
}

const quantity = (halves: number) => fromThousandths(BigInt(halves) * 500n);

/** The settlement fields for `how`, of an invoice of `total` rials. */
function settlement(shop: Shop, how: string, total: bigint): Record<string, unknown> {
  const third = total / 3n;
  switch (how) {
    case 'cash':
      return { cashAmount: String(total / 2n), cashBoxId: shop.cashBox.id };
    case 'card':
      return { cardAmount: String(total), bankAccountId: shop.bank.id };
    case 'mixed':
      return { cashAmount: String(third), cashBoxId: shop.cashBox.id, transferAmount: String(total - third), bankAccountId: shop.bank.id };
    case 'full':
      return { cashAmount: String(total), cashBoxId: shop.cashBox.id };
    default:
      return {};
  }
}

/** Each device's queue of mutations, as the scenario's people made them offline. */
function queuesOf(shop: Shop, ops: Scenario['ops']): Omit<Mutation, 'mutationId'>[][] {
  const queues: Omit<Mutation, 'mutationId'>[][] = Array.from({ length: DEVICES }, () => []);
  const submitted: Queued[] = [];
  for (const { device, op } of ops) {
    const queue = queues[device]!;
    if (op.kind === 'invoice') {
      const partyId = op.party < PARTIES ? shop.parties[op.party]!.id : op.type === 'purchase' ? shop.parties[1]!.id : null;
      const lines: Line[] = op.lines.map((l, i) => ({
        id: randomUUID(),
        productId: l.product < PRODUCTS ? shop.products[l.product]!.id : null,
        description: l.product < PRODUCTS ? `کالا ${l.product}` : 'خدمت',
        code: l.product < PRODUCTS ? `P${l.product}` : null,
        quantity: quantity(l.halves),
        unitPrice: String(l.unitPrice + i),
        discount: String(l.discount),
        vatRate: l.vatRate,
        dutyRate: l.dutyRate,
        warehouseId: l.product < PRODUCTS ? shop.warehouseId : null,
        locationId: l.product < PRODUCTS ? shop.locationId : null,
      }));
      const total = invoiceTotals(lines, op.discount).total;
      const id = randomUUID();
      const values = {
        kind: op.type,
        date: DATES[op.date],
        partyId,
        discount: String(op.discount),
        ...settlement(shop, op.settle, total),
        lines,
      };
      queue.push({ entity: Invoice.key, op: 'create', id, values });
      const doc = { id, kind: op.type, partyId, date: op.date, lines };
      if (op.submit) {
        queue.push({ entity: Invoice.key, op: 'submit', id, baseVersion: 1 });
        submitted.push(doc);
      }
    } else if (op.kind === 'return') {
      // A return of an invoice submitted earlier (on either device: the other pulled it), of lines of it.
      const originals = submitted.filter((d) => d.kind === 'sale' || d.kind === 'purchase');
      const original = originals[op.target % Math.max(1, originals.length)];
      if (!original) continue;
      const lines: Line[] = op.lines.map((r) => {
        const from = original.lines[r.line % original.lines.length]!;
        return { ...from, id: randomUUID(), quantity: quantity(r.halves), discount: '0', returnOfLine: from.id };
      });
      const total = invoiceTotals(lines, 0).total;
      const id = randomUUID();
      const date = Math.min(DATES.length - 1, original.date + op.later);
      const kind = original.kind === 'sale' ? 'saleReturn' : 'purchaseReturn';
      const values = {
        kind,
        date: DATES[date],
        partyId: original.partyId,
        returnOf: original.id,
        ...(original.partyId ? {} : settlement(shop, 'full', total)),
        lines,
      };
      queue.push({ entity: Invoice.key, op: 'create', id, values });
      queue.push({ entity: Invoice.key, op: 'submit', id, baseVersion: 1 });
      submitted.push({ id, kind, partyId: original.partyId, date, lines });
    } else {
      const target = submitted[op.target % Math.max(1, submitted.length)];
      if (target) queue.push({ entity: Invoice.key, op: 'cancel', id: target.id, baseVersion: 2 });
    }
  }
  return queues;
}

// ---- one scenario ------------------------------------------------------------------------------

async function run({ opening, ops, deliveries }: Scenario) {
  const shop = await openShop(opening);
  const queues = queuesOf(shop, ops);
  const devices = Array.from({ length: DEVICES }, () => syncClient(shop.panel));
  const numbered = queues.map((q) => q.map((m, i) => ({ ...m, mutationId: i + 1 }) as Mutation));
  const sent = new Array<number>(DEVICES).fill(0);
  const refusedWith = new Set<number>();
  async function deliver(device: number, size: number, replay: boolean) {
    const batch = numbered[device]!.slice(sent[device]!, sent[device]! + size);
    if (!batch.length) return;
    const answer = await devices[device]!.push(batch);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const r of answer.body.data!.results) if (r.status === 'rejected') refusedWith.add(r.code);
    sent[device]! += batch.length;
    if (replay) {
      // The answer was lost: the same batch again is told the same, and nothing is posted or queued twice.
      const again = await devices[device]!.push(batch);
      expect(again.body.data!.results.map((r) => [r.status, r.code])).toEqual(answer.body.data!.results.map((r) => [r.status, r.code]));
    }
  }
  for (const d of deliveries) await deliver(d.device, d.size, d.replay);
  for (let device = 0; device < DEVICES; device++) await deliver(device, Infinity, false);
  expect([...refusedWith].filter((c) => !REFUSALS.includes(c))).toEqual([]);

  // The tax job sends what was queued, until nothing is left to send or ask about.
  const at = new Date(server.clock.now());
  for (let round = 0; round < 5; round++) {
    const figures = await runTaxSystem(server.db, server.config.jwtSecret, at, { endpoints: { sandbox: standIn.url } });
    expect(figures?.failed ?? 0).toBe(0);
    if (!figures?.sent && !figures?.accepted && !figures?.refused) break;
  }

  // The books audit finds nothing, and the trial balance balances.
  const audit = await auditBooks(server.db, { panel: shop.panel.code });
  expect(audit.panels[0]!.differences).toEqual([]);
  const trial = await trialBalanceOf(server.db, shop.panelId, null, null);
  expect(trial.debit).toBe(trial.credit);

  // Stock on hand is the opening plus what the invoices the server holds as submitted moved.
  const invoices = await allRows(shop.panel, Invoice);
  const held = invoices.filter((d) => d.status === 'submitted');
  const expected = shop.products.map((_, i) => BigInt(opening[i]!) * 1000n);
  for (const doc of held) {
    const sign = doc.kind === 'sale' || doc.kind === 'purchaseReturn' ? -1n : 1n;
    for (const l of doc.lines as Line[]) {
      const i = shop.products.findIndex((p) => p.id === l.productId);
      if (i >= 0) expected[i]! += sign * toThousandths(l.quantity)!;
    }
  }
  const balances = await allRows(shop.panel, of('StockBalance'));
  const onHand = shop.products.map((p) =>
    balances.filter((b) => b.productId === p.id).reduce((s, b) => s + toThousandths(b.quantity)!, 0n),
  );
  expect(onHand.map(fromThousandths)).toEqual(expected.map(fromThousandths));
  for (const b of balances) expect(toThousandths(b.quantity)! >= 0n, `balance ${JSON.stringify(b)}`).toBe(true);

  // Every registration the submitted and cancelled sales and sales returns call for, queued once and accepted.
  const queue = await server.db.query<QueueRow>('SELECT * FROM market_accounting_tax_queue WHERE panel_id = $1', [shop.panelId]);
  const wanted: string[] = [];
  for (const doc of invoices) {
    if (doc.kind !== 'sale' && doc.kind !== 'saleReturn') continue;
    if (doc.status === 'draft') {
      expect(doc.taxId ?? null).toBeNull();
      continue;
    }
    expect(doc.taxId, `${doc.kind} ${doc.status} has a tax id`).toBeTruthy();
    expect(doc.taxStatus).toBe('accepted');
    wanted.push(`${doc.id}:${doc.kind === 'sale' ? 'original' : 'return'}:${doc.taxId}`);
    if (doc.status === 'cancelled') wanted.push(`${doc.id}:cancellation`);
  }
  const queued = queue.map((r) => (r.kind === 'cancellation' ? `${r.source_id}:cancellation` : `${r.source_id}:${r.kind}:${r.tax_id}`));
  expect(queued.sort()).toEqual(wanted.sort());
  expect(new Set(queue.map((r) => r.tax_id)).size).toBe(queue.length);
  for (const row of queue) {
    expect(row.status, `${row.kind} ${row.tax_id}: ${JSON.stringify(row.reasons)}`).toBe('accepted');
    expect(standIn.received.get(row.tax_id)).toBe(1);
  }
  return { invoices: invoices.length, held: held.length, queued: queue.length };
}

describe('invoices from two offline devices, delivered in batches and replayed', () => {
  it(`keep stock, books and the tax queue in agreement, each invoice registered once (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, (s) => run(s).then(() => undefined)),
      { numRuns: RUNS },
    );
  }, 900_000);
});
