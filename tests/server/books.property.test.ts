/**
 * The books under attack, at random (issue 22): two panels with warehousing, accounting and sales,
 * and a sequence of writes over REST and sync that try what broke the books before — a line id of
 * another document (submitted or not, of this panel or the other) on a new or edited draft,
 * amounts and quantities around 2^53 and the columns' limits (and past them), modules switched
 * off between a submit and its cancel, impossible dates and times. Most are refused; whatever is
 * applied, no answer is a 5xx, and the books-and-stock audit (server/books/audit.ts) finds the
 * documents, the stock moves, the balances and the journal still agreeing, in both panels.
 *
 *   BOOKS_PROPERTY_RUNS=200 npx vitest run --project server tests/server/books.property.test.ts
 *
 * (10 runs by default; BOOKS_PROPERTY_SEED replays one. The same variable sizes accounting's own
 * property test, modules/MarketAccounting/tests/server/books.property.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Entity, type Row } from '../../src/contract/entity.ts';
import { panelEndpoints } from '../../src/contract/panels.ts';
import type { Mutation } from '../../src/contract/sync.ts';
import { auditBooks, type AuditDifference } from '../../server/books/audit.ts';
import { CashBox } from '../../modules/MarketAccounting/entities/books.ts';
import { Voucher } from '../../modules/MarketAccounting/entities/documents.ts';
import { accountId } from '../../modules/MarketAccounting/server/books.ts';
import { Module } from '../../modules/NagemManagement/entities/catalogue.ts';
import { Customer } from '../../modules/NagemManagement/entities/customers.ts';
import { Sale } from '../../modules/NagemManagement/entities/sale.ts';
import { Location, Party, Product, Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { Receipt } from '../../modules/WarehousingMVM/entities/stock.ts';
import { startTestServer, type CallResult, type TestServer } from './harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { syncClient, type SyncClient } from './syncFixture.ts';

const RUNS = Number(process.env.BOOKS_PROPERTY_RUNS ?? 10);
const SEED = process.env.BOOKS_PROPERTY_SEED === undefined ? undefined : Number(process.env.BOOKS_PROPERTY_SEED);
const ALL_MODULES = ['PanelManagement', 'WarehousingMVM', 'MarketAccounting', 'NagemManagement'];

interface World {
  panel: PanelCaller;
  sync: SyncClient;
  mutationId: number;
  warehouseId: string;
  locationId: string;
  productId: string;
  supplierId: string;
  cashBoxId: string;
  moduleId: string;
  customerId: string;
  code: string;
}

let server: TestServer;
const worlds: World[] = [];

async function openWorld(name: string): Promise<World> {
  const panel = await openPanel(server, await server.createAccount(), name, ALL_MODULES);
  await panel.call({ method: 'POST', path: '/api/MarketAccounting/books' });
  const warehouse = await createRow(panel, Warehouse, { name: 'مرکزی', code: 'C1' });
  const location = await createRow(panel, Location, { warehouseId: warehouse.id, code: 'A-01', kind: 'bin' });
  const product = await createRow(panel, Product, { name: 'چای', code: 'TEA', unit: 'pack' });
  const supplier = await createRow(panel, Party, { name: 'تأمین‌کننده', kinds: ['supplier'] });
  const box = await createRow(panel, CashBox, { name: 'صندوق' });
  const module = await createRow(panel, Module, { name: 'CRM', code: 'CRM', price: 1_000, billing: 'yearly', active: true });
  const customer = await createRow(panel, Customer, { kind: 'company', name: 'شرکت پارس' });
  return {
    panel,
    sync: syncClient(panel),
    mutationId: 0,
    warehouseId: warehouse.id,
    locationId: location.id,
    productId: product.id,
    supplierId: supplier.id,
    cashBoxId: box.id,
    moduleId: module.id,
    customerId: customer.id,
    code: panel.code,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  worlds.push(await openWorld('دفاتر یک'), await openWorld('دفاتر دو'));
}, 120_000);
afterAll(async () => {
  await server.close();
});

// ——— What the attacks are made of ———

/** Rials: ordinary, and around 2^53 and the bigint column's limit, as numbers while safe and as text beyond. */
const amount = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 5_000_000 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<number | string>(
      0,
      1,
      -1,
      2 ** 53 - 1,
      2 ** 53,
      '9007199254740993',
      '18000000000000001',
      '9223372036854775807',
      '9223372036854775808',
      '99999999999999999999',
      1.5,
      'NaN',
    ),
  },
);
/** Quantities: exact thousandths, and the numeric(18,3) column's edge and past it. */
const quantity = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 50_000 }).map((n) => (n / 1000).toFixed(3)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('0.001', '0.0005', '0', '-1', '999999999999999.999', '999999999999999', '1000000000000000', '1e3', '۲٫۵'),
  },
);
/** Dates: ordinary, impossible, and times without an offset. */
const date = fc.oneof(
  { weight: 5, arbitrary: fc.constant('2026-11-22') },
  { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '2026-11-22T10:00:00', '1404-12-30', '', '2026-11-31') },
);
/** A line id: a new one, or one already used somewhere (this panel or the other, any document). */
const lineRef = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat(60) });
const panelIndex = fc.nat(1);
const via = fc.constantFrom<'rest' | 'sync'>('rest', 'rest', 'sync');

const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('receipt' as const),
      panel: panelIndex,
      direction: fc.constantFrom<'in' | 'out'>('in', 'in', 'out'),
      quantity,
      price: amount,
      line: lineRef,
      date,
      submit: fc.boolean(),
      via,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('voucher' as const),
      panel: panelIndex,
      amount,
      skew: fc.constantFrom(0, 0, 0, 1),
      line: lineRef,
      date,
      submit: fc.boolean(),
      via,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      panel: panelIndex,
      units: fc.constantFrom<number | string>(1, 3, 100_000, 100_001, 0),
      price: amount,
      line: lineRef,
      date,
      submit: fc.boolean(),
      via,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), target: fc.nat(30), line: fc.nat(60), quantity }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('submit' as const), target: fc.nat(30) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), target: fc.nat(30) }) },
  // A module switched off (and the others back on) between a document's submit and its cancel.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('modules' as const),
      panel: panelIndex,
      off: fc.subarray(['WarehousingMVM', 'MarketAccounting', 'NagemManagement'], { minLength: 0, maxLength: 1 }),
    }),
  },
);

const scenario = fc.array(op, { minLength: 1, maxLength: 20 });
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

// ——— Running them ———

interface Doc {
  world: World;
  entity: Entity;
  id: string;
  lineIds: string[];
}

/** Every line id used so far, whoever used it: what the attacks reuse. */
const usedLines: string[] = [];
let answers: { what: string; status: number }[] = [];

function note(what: string, answer: CallResult): CallResult {
  const pushed = (answer.body.data as { results?: { status: string; code: number }[] } | null)?.results?.[0];
  answers.push({
    what: `${what}${pushed ? ` ${pushed.status} ${pushed.code}` : answer.status >= 400 ? ` ${JSON.stringify(answer.body.errorData?.code)} ${JSON.stringify(answer.body.data)}` : ''}`,
    status: answer.status,
  });
  return answer;
}

const pickLine = (n: number | null) =>
  n === null || !usedLines.length ? randomUUID() : usedLines[usedLines.length - 1 - (n % usedLines.length)]!;

async function write(world: World, entity: Entity, id: string, values: Record<string, unknown>, how: 'rest' | 'sync'): Promise<void> {
  if (how === 'rest') {
    note(`create ${entity.key}`, await world.panel.call(rest.create(entity), { body: { id, ...values } }));
    return;
  }
  const mutation: Mutation = { mutationId: ++world.mutationId, entity: entity.key, op: 'create', id, values };
  note(`push ${entity.key}`, await world.sync.push([mutation]));
}

async function step(world: World, entity: Entity, id: string, what: 'submit' | 'cancel'): Promise<void> {
  const current = await world.panel.call<Row>(rest.get(entity, id));
  note(`get ${entity.key}`, current);
  if (current.status !== 200 || !current.body.data) return;
  note(
    `${what} ${entity.key}`,
    await world.panel.call(
      { method: 'POST', path: `${entityPath(entity)}/${id}/${what}` },
      { body: { version: current.body.data.version } },
    ),
  );
}

async function setModules(world: World, off: readonly string[]): Promise<void> {
  note('modules', await world.panel.call(panelEndpoints.updateModules, { body: { modules: ALL_MODULES.filter((m) => !off.includes(m)) } }));
}

async function run(ops: readonly Op[]): Promise<void> {
  const docs: Doc[] = [];
  const pick = (n: number) => (docs.length ? docs[docs.length - 1 - (n % docs.length)] : undefined);
  for (const o of ops) {
    if (o.kind === 'receipt' || o.kind === 'voucher' || o.kind === 'sale') {
      const world = worlds[o.panel]!;
      const id = randomUUID();
      const first = pickLine(o.line);
      let entity: Entity;
      let values: Record<string, unknown>;
      let lineIds = [first];
      if (o.kind === 'receipt') {
        entity = Receipt;
        values = {
          direction: o.direction,
          date: o.date,
          warehouseId: world.warehouseId,
          partyId: o.direction === 'in' ? world.supplierId : null,
          lines: [{ id: first, productId: world.productId, quantity: o.quantity, unitPrice: o.price, locationId: world.locationId }],
        };
      } else if (o.kind === 'voucher') {
        entity = Voucher;
        const second = randomUUID();
        lineIds = [first, second];
        const credit = typeof o.amount === 'number' && o.skew ? o.amount + o.skew : o.amount;
        values = {
          date: o.date,
          lines: [
            { id: first, accountId: accountId('1101'), cashBoxId: world.cashBoxId, debit: o.amount, credit: 0 },
            { id: second, accountId: accountId('3101'), debit: 0, credit },
          ],
        };
      } else {
        entity = Sale;
        values = {
          customerId: world.customerId,
          date: o.date,
          stage: 'won',
          lines: [{ id: first, moduleId: world.moduleId, quantity: o.units, unitPrice: o.price, discount: 0 }],
        };
      }
      await write(world, entity, id, values, o.via);
      usedLines.push(...lineIds);
      docs.push({ world, entity, id, lineIds });
      if (o.submit) await step(world, entity, id, 'submit');
    } else if (o.kind === 'edit') {
      // A draft's line given the id of a line of another document (perhaps a submitted one, perhaps in the other panel).
      const doc = pick(o.target);
      if (!doc) continue;
      const current = await doc.world.panel.call<Row>(rest.get(doc.entity, doc.id));
      note(`get ${doc.entity.key}`, current);
      const row = current.body.data;
      if (!row || row.status !== 'draft') continue;
      const lines = (row.lines as Row[]).map((l, i) =>
        i === 0 ? { ...l, id: pickLine(o.line), ...(doc.entity === Receipt ? { quantity: o.quantity } : {}) } : l,
      );
      note(
        `update ${doc.entity.key}`,
        await doc.world.panel.call(rest.update(doc.entity, doc.id), { body: { version: row.version, lines } }),
      );
    } else if (o.kind === 'submit' || o.kind === 'cancel') {
      const doc = pick(o.target);
      if (doc) await step(doc.world, doc.entity, doc.id, o.kind);
    } else {
      await setModules(worlds[o.panel]!, o.off);
    }
  }
  for (const world of worlds) await setModules(world, []);
}

async function auditBoth(): Promise<AuditDifference[]> {
  const found: AuditDifference[] = [];
  for (const world of worlds) found.push(...(await auditBooks(server.db, { panel: world.code })).panels.flatMap((p) => p.differences));
  return found;
}

describe('the books under random attack', () => {
  it(
    `agree with their documents after every scenario, and no answer is a 5xx (${RUNS} runs)`,
    async () => {
      const started = performance.now();
      let scenarios = 0;
      let requests = 0;
      const refused = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(scenario, async (ops) => {
          answers = [];
          await run(ops);
          scenarios++;
          requests += answers.length;
          for (const a of answers) refused.set(a.status, (refused.get(a.status) ?? 0) + 1);
          if (process.env.BOOKS_PROPERTY_DEBUG) console.log(JSON.stringify(answers));
          const failed = answers.filter((a) => a.status >= 500);
          if (failed.length) throw new Error(`answered 5xx: ${JSON.stringify(failed)}`);
          const differences = await auditBoth();
          if (differences.length)
            throw new Error(`the audit found ${differences.length} differences:\n${JSON.stringify(differences, null, 1)}`);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
      );
      const statuses = [...refused.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.log(
        `books property: ${scenarios} scenarios, ${requests} requests (${statuses}) in ${((performance.now() - started) / 1000).toFixed(1)} s on ${server.engine}; the audit found 0 differences`,
      );
      expect(await auditBoth()).toEqual([]);
    },
    60_000 + RUNS * 10_000,
  );
});
