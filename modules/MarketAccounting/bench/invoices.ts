/**
 * bench:invoices (issue 27), its first part: 1,000 invoices pushed and posted through sync against
 * a real server process, on PGlite and on PostgreSQL. A shop's device worked offline: 1,000
 * invoices of 3 lines each (three sales in four: a walk-in customer paying cash in full, or a
 * customer paying part by card and the rest on credit; one in four a purchase on credit), each
 * created and submitted (its submit depending on its create), pushed in batches as the sync engine
 * sends them, one batch in flight. The server checks each, numbers it, moves its goods through
 * warehousing and posts its journal. Prints the push's throughput and the posting time per invoice
 * (each batch's time over its invoices, p50/p95; then submits pushed one at a time, p50/p95), and
 * runs the books-and-stock audit over the panel afterwards (a difference fails the bench).
 * The tax system is not configured here (its job would call the real system): its sending is the
 * third part, `taxSystem.ts`.
 *
 * Then (not in smoke mode, where each is smoke-tested on its own) the counter sale in Chromium
 * (`counterSale.ts`) and the sending to the tax system's stand-in (`taxSystem.ts`).
 *
 *   npm run bench:invoices
 *   npx tsx modules/MarketAccounting/bench/invoices.ts --smoke   # a batch and a bit, PGlite and PostgreSQL once
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { sized, smoke } from '../../../bench/benchArgs.ts';
import { accountWithPanel, call, machine, onPglite, onPostgres, startServer, stop } from '../../../bench/serverProcess.ts';
import { booksAuditEndpoint, type BooksAuditResult } from '../../../src/contract/booksAudit.ts';
import { PUSH_BATCH_MAX, syncEndpoints, type Mutation, type PushResponse } from '../../../src/contract/sync.ts';
import { BankAccount, CashBox, Party } from '../entities/books.ts';
import { Invoice } from '../entities/invoices.ts';
import { invoiceTotals } from '../rules/invoiceMath.ts';

const INVOICES = sized(1_000, Math.ceil(PUSH_BATCH_MAX / 2) + 1);
const ALONE = sized(100, 3);
const LINES = 3;
const PRODUCTS = 20;

// Warehousing's entities by key: accounting reaches warehousing only through its server exports.
const Warehouse = { key: 'WarehousingMVM/Warehouse' };
const Location = { key: 'WarehousingMVM/Location' };
const Product = { key: 'WarehousingMVM/Product' };
const Receipt = { key: 'WarehousingMVM/Receipt' };

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

interface Shop {
  url: string;
  token: string;
  code: string;
  warehouseId: string;
  locationId: string;
  products: string[];
  cashBoxId: string;
  bankAccountId: string;
  customerId: string;
  supplierId: string;
}

/** Pushes in batches, one in flight; answers each batch's milliseconds and mutations. Any refusal throws. */
async function push(shop: Shop, clientId: string, mutations: Mutation[]): Promise<{ ms: number; count: number }[]> {
  const batches: { ms: number; count: number }[] = [];
  for (let at = 0; at < mutations.length; at += PUSH_BATCH_MAX) {
    const batch = mutations.slice(at, at + PUSH_BATCH_MAX);
    const started = performance.now();
    const answer = await call<PushResponse>(shop.url, syncEndpoints.push, { clientId, mutations: batch }, shop.token, shop.code);
    batches.push({ ms: performance.now() - started, count: batch.length });
    const refused = answer.results.filter((r) => r.status !== 'applied');
    if (refused.length) throw new Error(`push refused ${refused.length}: ${JSON.stringify(refused[0])}`);
  }
  return batches;
}

/** A shop's master data and plenty of opening stock, through sync (not timed). */
async function openShop(url: string): Promise<Shop> {
  const { token, panel } = await accountWithPanel(url, 'بنچ فاکتور', ['MarketAccounting', 'WarehousingMVM']);
  const shop: Shop = {
    url,
    token,
    code: panel.code,
    warehouseId: randomUUID(),
    locationId: randomUUID(),
    products: Array.from({ length: PRODUCTS }, () => randomUUID()),
    cashBoxId: randomUUID(),
    bankAccountId: randomUUID(),
    customerId: randomUUID(),
    supplierId: randomUUID(),
  };
  let id = 1;
  const create = (entity: string, rowId: string, values: Record<string, unknown>): Mutation => ({
    mutationId: id++,
    entity,
    op: 'create',
    id: rowId,
    values,
  });
  const receiptId = randomUUID();
  const setup = [
    create(Warehouse.key, shop.warehouseId, { name: 'انبار فروشگاه', code: 'W1', active: true }),
    create(Location.key, shop.locationId, { warehouseId: shop.warehouseId, code: 'A-01', kind: 'bin', active: true }),
    create(CashBox.key, shop.cashBoxId, { name: 'صندوق ۱' }),
    create(BankAccount.key, shop.bankAccountId, { bank: 'ملت', accountNumber: '123456' }),
    create(Party.key, shop.customerId, { name: 'علی رضایی' }),
    create(Party.key, shop.supplierId, { name: 'پخش البرز' }),
    ...shop.products.map((pid, i) =>
      create(Product.key, pid, { name: `کالای ${i}`, code: `P${String(i).padStart(4, '0')}`, unit: 'piece', active: true }),
    ),
    create(Receipt.key, receiptId, {
      direction: 'in',
      date: '2026-11-01',
      warehouseId: shop.warehouseId,
      opening: true,
      lines: shop.products.map((productId) => ({
        id: randomUUID(),
        productId,
        quantity: '100000',
        unitPrice: 80_000,
        locationId: shop.locationId,
      })),
    }),
  ];
  setup.push({ mutationId: id++, entity: Receipt.key, op: 'submit', id: receiptId, baseVersion: 1, dependsOn: id - 2 });
  await push(shop, randomUUID(), setup);
  return shop;
}

/** Invoice `i`'s values: three sales in four, one purchase. */
function invoice(shop: Shop, i: number): Record<string, unknown> {
  const purchase = i % 4 === 3;
  const lines = Array.from({ length: LINES }, (_, l) => ({
    id: randomUUID(),
    productId: shop.products[(i * LINES + l) % PRODUCTS],
    description: `کالای ${(i * LINES + l) % PRODUCTS}`,
    quantity: `${1 + ((i + l) % 4)}`,
    unitPrice: String(purchase ? 80_000 : 100_000 + 1_000 * ((i + l) % 17)),
    discount: l === 0 ? '5000' : '0',
    vatRate: l === 2 ? '0' : '10',
    warehouseId: shop.warehouseId,
    locationId: shop.locationId,
  }));
  const total = invoiceTotals(lines, 0).total;
  const values: Record<string, unknown> = { kind: purchase ? 'purchase' : 'sale', date: '2026-11-22', lines };
  if (purchase) return { ...values, partyId: shop.supplierId, dueDate: '2026-12-22' };
  if (i % 2 === 0) return { ...values, partyId: null, cashAmount: String(total), cashBoxId: shop.cashBoxId };
  return { ...values, partyId: shop.customerId, cardAmount: String(total / 2n), bankAccountId: shop.bankAccountId, dueDate: '2026-12-22' };
}

function invoices(shop: Shop, from: number, count: number, firstMutationId: number, submit: boolean): Mutation[] {
  let id = firstMutationId;
  return Array.from({ length: count }, (_, k) => {
    const invoiceId = randomUUID();
    const created = id++;
    const create: Mutation = { mutationId: created, entity: Invoice.key, op: 'create', id: invoiceId, values: invoice(shop, from + k) };
    return submit
      ? [create, { mutationId: id++, entity: Invoice.key, op: 'submit' as const, id: invoiceId, baseVersion: 1, dependsOn: created }]
      : [create];
  }).flat();
}

interface Figures {
  engine: string;
  totalMs: number;
  perInvoice: number[];
  alone: number[];
  compared: number;
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<Figures> {
  const server = await startServer(env);
  try {
    const shop = await openShop(server.url);
    // The offline device's queue: each invoice created and submitted.
    const queue = invoices(shop, 0, INVOICES, 1, true);
    const started = performance.now();
    const batches = await push(shop, randomUUID(), queue);
    const totalMs = performance.now() - started;
    // Each batch holds half as many invoices as mutations.
    const perInvoice = batches.map((b) => b.ms / (b.count / 2));

    // Submits alone: the drafts pushed first, then each submit in a push of its own.
    const device = randomUUID();
    const drafts = invoices(shop, INVOICES, ALONE, 1, false);
    await push(shop, device, drafts);
    const alone: number[] = [];
    for (const [k, draft] of drafts.entries()) {
      const [batch] = await push(shop, device, [
        { mutationId: drafts.length + 1 + k, entity: Invoice.key, op: 'submit', id: draft.id, baseVersion: 1 },
      ]);
      alone.push(batch!.ms);
    }

    const audit = await call<BooksAuditResult>(shop.url, booksAuditEndpoint, undefined, shop.token, shop.code);
    if (audit.differences.length)
      throw new Error(`the books audit found ${audit.differences.length} differences: ${JSON.stringify(audit.differences.slice(0, 3))}`);
    const figures = { engine, totalMs, perInvoice, alone, compared: audit.compared };
    console.log(
      `  ${engine}: ${INVOICES} invoices in ${(totalMs / 1000).toFixed(2)} s; audit compared ${audit.compared.toLocaleString('en')} rows, no difference`,
    );
    return figures;
  } finally {
    await stop(server);
  }
}

const loadBefore = machine();
const results: Figures[] = [];
console.log(`invoices through sync: ${INVOICES} invoices × ${LINES} lines, created and submitted, batches of ${PUSH_BATCH_MAX} mutations`);
await onPglite(async (dataDir) => {
  results.push(await benchEngine('PGlite', { DATA_DIR: dataDir }));
});
await onPostgres(async (databaseUrl) => {
  results.push(await benchEngine('PostgreSQL', { DATABASE_URL: databaseUrl }));
});
console.log(`\nmachine before: ${loadBefore}; after: ${machine()}\n`);
console.log(
  [
    'engine'.padEnd(12),
    `push ${INVOICES.toLocaleString('en')}`.padStart(12),
    'invoices/s'.padStart(11),
    'ms/invoice p50'.padStart(15),
    'p95'.padStart(7),
    `alone (${ALONE}) p50`.padStart(16),
    'p95'.padStart(7),
  ].join(' '),
);
for (const r of results) {
  console.log(
    [
      r.engine.padEnd(12),
      `${(r.totalMs / 1000).toFixed(2)} s`.padStart(12),
      String(Math.round(INVOICES / (r.totalMs / 1000))).padStart(11),
      percentile(r.perInvoice, 0.5).toFixed(1).padStart(15),
      percentile(r.perInvoice, 0.95).toFixed(1).padStart(7),
      percentile(r.alone, 0.5).toFixed(1).padStart(16),
      percentile(r.alone, 0.95).toFixed(1).padStart(7),
    ].join(' '),
  );
}
console.log('(ms/invoice: each batch’s time over its invoices; alone: one submit per push, the round trip included)');
// Whether posting slows as the books fill: the first batches' cost per invoice beside the last ones'.
for (const r of results) {
  const tenth = Math.max(1, Math.floor(r.perInvoice.length / 10));
  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  console.log(
    `  ${r.engine}: ms/invoice in the first ${tenth} batch(es) ${mean(r.perInvoice.slice(0, tenth)).toFixed(1)}, in the last ${tenth} ${mean(r.perInvoice.slice(-tenth)).toFixed(1)}`,
  );
}

if (!smoke) {
  for (const part of ['counterSale.ts', 'taxSystem.ts']) {
    console.log('');
    const run = spawnSync(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, part), ...process.argv.slice(2)], {
      cwd: resolve(import.meta.dirname, '../../..'),
      stdio: 'inherit',
    });
    if (run.status !== 0) process.exitCode = run.status ?? 1;
  }
}
