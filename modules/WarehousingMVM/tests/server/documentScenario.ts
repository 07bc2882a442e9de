/**
 * Random offline work with warehousing documents, for the documents property test and the soak
 * bench (issue 8): two people of one panel, each on a device with the real sync engine on Dexie
 * (fake-indexeddb), create receipts and issues with exact quantities, edit and delete drafts,
 * submit and cancel, through the faulty network of the sync property (tests/server/syncScenario.ts,
 * whose machinery this reuses); devices reload; people settle some sync problems. Then the
 * network heals, both sync, and the invariants are checked: the same rows everywhere; every
 * submitted receipt posted once (one move a line), every cancelled one reversed exactly, no draft
 * posted; every balance the exact sum of its moves, never below zero; every refused issue a draft
 * with its shortfall in the device's sync problems, holding back nothing of other rows.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Code } from '../../../../src/contract/codes.ts';
import { entityPath, permission, type Entity, type Line, type Row } from '../../../../src/contract/entity.ts';
import {
  addQuantities,
  compareQuantities,
  fromThousandths,
  isZeroQuantity,
  negateQuantity,
  ZERO,
  type Quantity,
} from '../../../../src/contract/quantity.ts';
import { PANEL_HEADER } from '../../../../src/contract/service.ts';
import { inWindow } from '../../../../src/contract/syncWindow.ts';
import { SYNC_STATE_KEY } from '../../../../src/storage/localRecords.ts';
import { createRow, deleteRow, stepDocument, updateRow, ValidationError } from '../../../../src/storage/localWrites.ts';
import { faults, FaultyNetwork, type Fault } from '../../../../tests/server/syncNetwork.ts';
import {
  checkQueue,
  closeDevices,
  comparable,
  healAndSync,
  openDevice,
  openDevices,
  openPanel,
  overtaken,
  serverRows,
  settleProblem,
  trackQueued,
  type Device,
  type SyncWorld,
  type Who,
} from '../../../../tests/server/syncScenario.ts';
import { Location, Product, Warehouse } from '../../entities/masterData.ts';
import { Receipt, StockBalance, StockMove, StockValuation } from '../../entities/stock.ts';
import type { Shortfall } from '../../server/stockPosting.ts';

export { openWorld, type SyncWorld } from '../../../../tests/server/syncScenario.ts';

const PRODUCTS = 3;
const LOCATIONS = 2;

/** One line as the scenario picks it: which product, which location (LOCATIONS: none), a batch or not, how many thousandths. */
export interface LineSpec {
  product: number;
  location: number;
  batch: string | null;
  thousandths: number;
  unitPrice: number;
}

export type DocStep =
  /** A new draft, submitted at once or not. */
  /** `old`: dated before the device's window of history (decision 050), so the device evicts it once it is settled. */
  | { kind: 'create'; who: Who; direction: 'in' | 'out'; lines: LineSpec[]; andSubmit: boolean; old?: boolean }
  | { kind: 'edit'; who: Who; target: number; lines: LineSpec[] | null; note: string | null }
  | { kind: 'delete'; who: Who; target: number }
  | { kind: 'submit'; who: Who; target: number }
  | { kind: 'cancel'; who: Who; target: number }
  | { kind: 'reload'; who: Who }
  | { kind: 'sync'; who: Who | 'both' }
  | { kind: 'settle'; who: Who; pick: number; how: 'retry' | 'takeServer' | 'discard' };

export interface DocScenario {
  steps: DocStep[];
  faults: Fault[];
}

const who = fc.constantFrom<Who>(0, 1);
/** Which receipt, counted back from the newest one created so far by either person. */
const target = fc.nat(5);
const lineSpec = (maxThousandths: number): fc.Arbitrary<LineSpec> =>
  fc.record({
    product: fc.nat(PRODUCTS - 1),
    location: fc.nat(LOCATIONS),
    batch: fc.constantFrom(null, null, null, 'L-1404'),
    // Exact quantities up to three decimals: 0.001 … maxThousandths/1000, often whole or halves.
    thousandths: fc.oneof(
      fc.integer({ min: 1, max: maxThousandths }),
      fc.integer({ min: 1, max: maxThousandths / 1000 }).map((n) => n * 1000),
      fc.constant(500),
    ),
    unitPrice: fc.constantFrom(0, 1, 999_999, 1_200_000, 37),
  });
const lines = (maxThousandths: number) => fc.array(lineSpec(maxThousandths), { minLength: 1, maxLength: 3 });

export const docScenarioArbitrary: fc.Arbitrary<DocScenario> = fc.record({
  steps: fc.array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('create' as const),
          who,
          direction: fc.constant('in' as const),
          lines: lines(20_000),
          andSubmit: fc.boolean(),
          old: fc.nat(3).map((n) => n === 0),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('create' as const),
          who,
          direction: fc.constant('out' as const),
          lines: lines(4_000),
          andSubmit: fc.boolean(),
          old: fc.nat(3).map((n) => n === 0),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('edit' as const),
          who,
          target,
          lines: fc.option(lines(10_000), { nil: null }),
          note: fc.option(fc.constantFrom('', 'شیفت شب', 'checked'), { nil: null }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), who, target }) },
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('submit' as const), who, target }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), who, target }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), who }) },
      { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const), who: fc.constantFrom<Who | 'both'>(0, 1, 'both') }) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('settle' as const),
          who,
          pick: fc.nat(3),
          how: fc.constantFrom('retry' as const, 'takeServer' as const, 'discard' as const),
        }),
      },
    ),
    { minLength: 1, maxLength: 24 },
  ),
  faults: fc.array(fc.constantFrom(...faults), { maxLength: 24 }),
});

const l = (product: number, quantity: number, location = 0, batch: string | null = null): LineSpec => ({
  product,
  location,
  batch,
  thousandths: quantity,
  unitPrice: 1_200_000,
});
const create = (w: Who, direction: 'in' | 'out', ...specs: LineSpec[]): DocStep => ({
  kind: 'create',
  who: w,
  direction,
  lines: specs,
  andSubmit: false,
});
const submit = (w: Who, t: number): DocStep => ({ kind: 'submit', who: w, target: t });
const cancel = (w: Who, t: number): DocStep => ({ kind: 'cancel', who: w, target: t });
const sync = (w: Who | 'both'): DocStep => ({ kind: 'sync', who: w });

/** Scenarios every run starts with: the races the random ones find only now and then (targets count back from the newest receipt). */
export const docScenarioExamples: DocScenario[] = [
  // Both issue from the same 5.000 offline: the second is refused with a shortfall of 1.000; a receipt queued after it still goes.
  {
    steps: [
      create(0, 'in', l(0, 5000)),
      submit(0, 0),
      sync(0),
      sync(1),
      create(0, 'out', l(0, 3000)),
      submit(0, 0),
      create(1, 'out', l(0, 3000)),
      submit(1, 0),
      create(1, 'in', l(1, 250)),
      submit(1, 0),
      sync(0),
      sync(1),
    ],
    faults: [],
  },
  // The issue is refused; the person retries it after goods arrive.
  {
    steps: [
      create(1, 'out', l(2, 1500, 1)),
      submit(1, 0),
      sync(1),
      create(0, 'in', l(2, 1500, 1)),
      submit(0, 0),
      sync(0),
      sync(1),
      { kind: 'settle', who: 1, pick: 0, how: 'retry' },
      sync(1),
    ],
    faults: [],
  },
  // Submit and cancel with lost answers, duplicates and 500s after the work, and a reload between.
  {
    steps: [
      create(0, 'in', l(0, 12_500), l(0, 1, 1, 'L-1404'), l(1, 999)),
      submit(0, 0),
      sync(0),
      { kind: 'reload', who: 0 },
      cancel(0, 0),
      sync(0),
      sync(0),
    ],
    faults: ['dropResponse', 'duplicate', 'error500After', 'duplicate', 'dropResponse', 'dropRequest'],
  },
  // Both submit the same draft offline; one cancels while the other edits it.
  {
    steps: [
      create(0, 'in', l(1, 2000)),
      sync(0),
      sync(1),
      submit(0, 0),
      submit(1, 0),
      sync('both'),
      sync('both'),
      cancel(0, 0),
      sync(0),
      sync(1),
    ],
    faults: ['duplicate'],
  },
  {
    steps: [
      create(1, 'in', l(0, 7)),
      sync(1),
      sync(0),
      { kind: 'edit', who: 0, target: 0, lines: [l(0, 8)], note: null },
      submit(1, 0),
      sync('both'),
      sync('both'),
    ],
    faults: [],
  },
  // Goods in, then out of everything, then the receipt is cancelled: refused, for the stock has left.
  {
    steps: [create(0, 'in', l(0, 1001)), submit(0, 0), create(0, 'out', l(0, 1001)), submit(0, 0), sync(0), cancel(0, 1), sync(0)],
    faults: ['dropResponse'],
  },
  // An issue refused for a shortfall, then changed to another product: the shortfall named the lines as submitted (the soak's seed 1 found the check reading today's lines).
  {
    steps: [create(0, 'out', l(0, 1)), submit(0, 0), sync(0), { kind: 'edit', who: 0, target: 0, lines: [l(1, 500)], note: null }, sync(0)],
    faults: [],
  },
  // The same, changed on the other device after the refusal, the refusal's answer lost and replayed.
  {
    steps: [
      { kind: 'create', who: 1, direction: 'out', lines: [l(0, 1000)], andSubmit: true },
      sync(0),
      create(0, 'out', l(0, 500)),
      sync('both'),
      { kind: 'edit', who: 0, target: 1, lines: [l(0, 500, 0, 'L-1404')], note: null },
    ],
    faults: ['none', 'none', 'dropResponse'],
  },
  // A refused issue submitted again, then its problem retried: the retry is held behind the second refusal, and shows with it (the soak's seed 1 found the check missing it).
  {
    steps: [
      create(1, 'out', l(0, 500)),
      submit(1, 0),
      sync('both'),
      submit(1, 0),
      { kind: 'settle', who: 1, pick: 0, how: 'retry' },
      { kind: 'edit', who: 0, target: 0, lines: null, note: null },
    ],
    faults: [],
  },
  // A draft deleted on one device while the other submits it.
  {
    steps: [create(0, 'in', l(0, 1000)), sync(0), sync(1), { kind: 'delete', who: 0, target: 0 }, submit(1, 0), sync(1), sync(0)],
    faults: [],
  },
];

/** What the scenario set up in its panel, created over REST before anyone goes offline. */
interface Stock {
  warehouseId: string;
  locations: string[];
  products: string[];
}

const readable = [Warehouse, Location, Product, StockMove, StockBalance, StockValuation];
const memberPermissions = [
  ...(['read', 'create', 'update', 'delete', 'submit', 'cancel'] as const).map((a) => permission(Receipt, a)),
  ...readable.map((e) => permission(e, 'read')),
];

async function openStockPanel(world: SyncWorld): Promise<{ code: string; stock: Stock }> {
  const code = await openPanel(world, { modules: ['PanelManagement', 'WarehousingMVM'], permissions: memberPermissions });
  const make = async (entity: Entity, values: Record<string, unknown>) => {
    const answer = await world.server.call<Row>(
      { method: 'POST', path: entityPath(entity) },
      { token: world.people[0].tokens.access_token, headers: { [PANEL_HEADER]: code }, body: { id: randomUUID(), ...values } },
    );
    if (answer.status !== 201) throw new Error(`could not create ${entity.key}: ${JSON.stringify(answer.body)}`);
    return answer.body.data!.id;
  };
  const warehouseId = await make(Warehouse, { name: 'انبار مرکزی', code: 'C1' });
  const locations = [
    await make(Location, { warehouseId, code: 'A-01', kind: 'shelf' }),
    await make(Location, { warehouseId, code: 'B-02', kind: 'bin' }),
  ];
  const products = [
    await make(Product, { name: 'برنج', code: 'RICE', unit: 'kg' }),
    await make(Product, { name: 'روغن', code: 'OIL', unit: 'l' }),
    await make(Product, { name: 'پیچ', code: 'SCREW', unit: 'piece' }),
  ];
  return { code, stock: { warehouseId, locations, products } };
}

function linesOf(stock: Stock, specs: LineSpec[]): Line[] {
  return specs.map((s) => ({
    id: randomUUID(),
    productId: stock.products[s.product % PRODUCTS]!,
    quantity: fromThousandths(BigInt(s.thousandths)),
    unitPrice: s.unitPrice,
    locationId: s.location < LOCATIONS ? stock.locations[s.location]! : null,
    batch: s.batch,
  }));
}

const pick = (ids: readonly string[], n: number) => (ids.length ? ids[ids.length - 1 - (n % ids.length)] : undefined);

/** A date before every window of history the scenario's devices keep (Receipt and StockMove: 12 months). */
const OLD_DATE = '2025-01-10';

async function step(devices: [Device, Device], stock: Stock, createdIds: string[], s: DocStep): Promise<void> {
  if (s.kind === 'sync') {
    await Promise.all((s.who === 'both' ? devices : [devices[s.who]]).map((d) => d.engine.syncNow()));
    return;
  }
  const device = devices[s.who];
  if (s.kind === 'reload') {
    device.engine.stop();
    device.db.close();
    devices[s.who] = openDevice(device);
    return;
  }
  try {
    if (s.kind === 'create') {
      const row = await createRow(device.db, Receipt, {
        direction: s.direction,
        date: s.old ? OLD_DATE : '2026-11-22',
        warehouseId: stock.warehouseId,
        lines: linesOf(stock, s.lines),
      });
      createdIds.push(row.id);
      await trackQueued(device);
      if (s.andSubmit) await stepDocument(device.db, Receipt, row.id, 'submit');
    } else if (s.kind === 'settle') {
      await settleProblem(device, s.pick, s.how);
    } else {
      const id = pick(createdIds, s.target);
      if (!id) return;
      if (s.kind === 'edit')
        await updateRow(device.db, Receipt, id, {
          ...(s.lines ? { lines: linesOf(stock, s.lines) } : {}),
          ...(s.note !== null ? { note: s.note } : {}),
        });
      else if (s.kind === 'delete') await deleteRow(device.db, Receipt, id);
      else await stepDocument(device.db, Receipt, id, s.kind);
    }
  } catch (error) {
    // The device refused the write itself (not here yet, not a draft, not submitted): nothing was queued.
    if (!(error instanceof ValidationError)) throw error;
  } finally {
    await trackQueued(device);
  }
}

/** What a scenario ended with on the server, for the soak bench to show what was exercised. */
export interface DocTally {
  drafts: number;
  submitted: number;
  cancelled: number;
  moves: number;
  /** Issues refused for a shortfall, as the devices' sync problems hold them. */
  shortfalls: number;
}

/** Runs one scenario in a fresh panel; throws with what broke when an invariant does not hold. */
export async function runDocScenario(world: SyncWorld, scenario: DocScenario): Promise<DocTally> {
  const { code, stock } = await openStockPanel(world);
  const network = new FaultyNetwork(scenario.faults);
  const devices = openDevices(world, code, network);
  const createdIds: string[] = [];
  try {
    for (const s of scenario.steps) await step(devices, stock, createdIds, s);
    await healAndSync(network, devices);
    return await checkDocInvariants(world, code, devices);
  } finally {
    await closeDevices(devices);
  }
}

/** A document row as compared between device and server: its fields, lifecycle and lines. */
function comparableDoc(entity: Entity, row: Row): Record<string, unknown> {
  const lifecycle = entity.document
    ? { status: row.status, number: row.number ?? null, amendedFrom: row.amendedFrom ?? null, lines: row.lines }
    : {};
  return { ...comparable(entity, row), ...lifecycle };
}

const placeKey = (r: Row) => JSON.stringify([r.productId, r.warehouseId, r.locationId ?? null, r.batch ?? null]);
const sum = (quantities: unknown[]): Quantity => addQuantities(ZERO, ...quantities);

async function checkDocInvariants(world: SyncWorld, code: string, devices: [Device, Device]): Promise<DocTally> {
  const server = await serverRows(world, code);
  const live = (entity: Entity) => [...server.values()].filter((c) => c.entity === entity.key && !c.row.deleted).map((c) => c.row);
  const receipts = live(Receipt);
  const moves = live(StockMove);
  const balances = live(StockBalance);
  const valuations = live(StockValuation);

  // 1. The same rows on both devices as on the server, and each document in a state it may be in.
  // With windows of history (decision 050): every server row in the device's window is on it, and
  // whatever else it holds (a row a settled problem kept) is the server's row as it is.
  for (const [index, device] of devices.entries()) {
    const name = `device ${index}`;
    await checkQueue(device, name);
    const shown = index === 0 ? server : await serverRows(world, code, index);
    const windows = (await device.db.syncState.get(SYNC_STATE_KEY))?.windows;
    for (const entity of [Receipt, StockMove, StockBalance, StockValuation]) {
      const byId = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.id).localeCompare(String(b.id));
      const rows = (await device.db.rows(entity).toArray()).filter((r) => !r.deleted);
      const held = new Set(rows.map((r) => r.id));
      const remoteRows = [...shown.values()].filter((c) => c.entity === entity.key && !c.row.deleted).map((c) => c.row);
      const remote = remoteRows
        .filter((r) => held.has(r.id) || inWindow(entity, r, windows?.[entity.key]))
        .map((r) => comparableDoc(entity, r));
      const local = rows.map((r) => comparableDoc(entity, r));
      const [a, b] = [JSON.stringify(local.sort(byId)), JSON.stringify(remote.sort(byId))];
      if (a !== b) throw new Error(`${name} holds other ${entity.name} rows than the server:\n device: ${a}\n server: ${b}`);
    }
  }
  for (const doc of receipts) {
    const consistent =
      (doc.status === 'draft' && doc.number === null) ||
      ((doc.status === 'submitted' || doc.status === 'cancelled') && typeof doc.number === 'string' && Boolean(doc.submittedAt));
    if (!consistent) throw new Error(`receipt ${doc.id} is ${String(doc.status)} with number ${String(doc.number)}`);
  }
  const numbers = receipts.flatMap((d) => (d.number ? [d.number] : []));
  if (new Set(numbers).size !== numbers.length) throw new Error(`two receipts share a number: ${numbers.join(', ')}`);

  // 2. No lost, no doubled: each submitted receipt posted one move a line, each cancelled one also its exact reversal, no draft anything.
  const bySource = new Map<string, Row[]>();
  for (const move of moves) bySource.set(String(move.sourceId), [...(bySource.get(String(move.sourceId)) ?? []), move]);
  const receiptIds = new Set(receipts.map((d) => d.id));
  for (const source of bySource.keys()) if (!receiptIds.has(source)) throw new Error(`stock moves of ${source}, which is no live receipt`);
  for (const doc of receipts) {
    const posted = bySource.get(doc.id) ?? [];
    const docLines = doc.lines as Line[];
    const sign = doc.direction === 'in' ? 1 : -1;
    const expected = docLines
      .map((line) =>
        JSON.stringify([
          line.productId,
          doc.warehouseId,
          line.locationId ?? null,
          line.batch ?? null,
          sign > 0 ? line.quantity : negateQuantity(line.quantity),
        ]),
      )
      .sort();
    const asPosted = (m: Row) => JSON.stringify([m.productId, m.warehouseId, m.locationId ?? null, m.batch ?? null, m.quantity]);
    const forward = posted
      .filter((m) => compareQuantities(m.quantity, ZERO) * sign > 0)
      .map(asPosted)
      .sort();
    const back = posted.filter((m) => compareQuantities(m.quantity, ZERO) * sign < 0);
    const what = `receipt ${doc.id} (${String(doc.direction)}, ${String(doc.status)})`;
    if (doc.status === 'draft') {
      if (posted.length) throw new Error(`${what} is a draft with ${posted.length} stock moves`);
      continue;
    }
    if (posted.length !== docLines.length * (doc.status === 'cancelled' ? 2 : 1))
      throw new Error(`${what}: ${posted.length} stock moves for ${docLines.length} lines`);
    if (JSON.stringify(forward) !== JSON.stringify(expected))
      throw new Error(`${what} posted ${JSON.stringify(forward)}, its lines are ${JSON.stringify(expected)}`);
    if (doc.status === 'cancelled') {
      const net = new Map<string, Quantity>();
      for (const m of posted) net.set(placeKey(m), addQuantities(net.get(placeKey(m)) ?? ZERO, m.quantity));
      if ([...net.values()].some((q) => !isZeroQuantity(q)) || back.length !== docLines.length)
        throw new Error(`${what}: its reversal is not exact: ${JSON.stringify(posted.map(asPosted))}`);
      if (posted.reduce((s, m) => s + Number(m.value ?? 0), 0) !== 0) throw new Error(`${what}: its reversal leaves value`);
    } else if (back.length) throw new Error(`${what} has ${back.length} reversing moves`);
  }

  // 3. Balances right: each is the exact sum of its moves, none below zero; a valuation is the sum over its locations, and its value the moves'.
  const movesAt = new Map<string, Row[]>();
  for (const m of moves) movesAt.set(placeKey(m), [...(movesAt.get(placeKey(m)) ?? []), m]);
  const balanceAt = new Map(balances.map((b) => [placeKey(b), b]));
  for (const [key, at] of movesAt) if (!balanceAt.has(key)) throw new Error(`no balance for ${key}, where ${at.length} moves posted`);
  for (const [key, balance] of balanceAt) {
    const expected = sum((movesAt.get(key) ?? []).map((m) => m.quantity));
    if (compareQuantities(balance.quantity, expected) !== 0)
      throw new Error(`balance ${key} is ${String(balance.quantity)}, its moves sum to ${expected}`);
    if (compareQuantities(balance.quantity, ZERO) < 0)
      throw new Error(`balance ${key} is ${String(balance.quantity)}, below zero in a warehouse that does not allow it`);
  }
  const valuationKey = (r: Row) => JSON.stringify([r.productId, r.warehouseId]);
  for (const valuation of valuations) {
    const key = valuationKey(valuation);
    const quantity = sum(balances.filter((b) => valuationKey(b) === key).map((b) => b.quantity));
    if (compareQuantities(valuation.quantity, quantity) !== 0)
      throw new Error(`valuation ${key} holds ${String(valuation.quantity)}, its balances ${quantity}`);
    const value = moves.filter((m) => valuationKey(m) === key).reduce((s, m) => s + Number(m.value ?? 0), 0);
    if (Number(valuation.value) !== value) throw new Error(`valuation ${key} is worth ${String(valuation.value)}, its moves ${value}`);
  }
  const valued = new Set(valuations.map(valuationKey));
  for (const m of moves) if (!valued.has(valuationKey(m))) throw new Error(`no valuation for ${valuationKey(m)}`);

  // 4. A refused issue stays a draft (unless a later submit went through), its shortfall in sync problems, holding back nothing of other rows.
  const byId = new Map(receipts.map((d) => [d.id, d]));
  let refused = 0;
  for (const [index, device] of devices.entries()) {
    const name = `device ${index}`;
    const problems = new Map((await device.db.problems.toArray()).map((p) => [p.mutationId, p]));
    // Writes held behind a problem of their own row (or settled with one), which no refused issue of another row holds.
    const heldByTheirRow = new Set([...device.settledHeld, ...[...problems.values()].flatMap((p) => p.held.map((h) => h.mutationId))]);
    for (const [mutationId, problem] of problems) {
      if (problem.op !== 'submit' || problem.code !== Code.NotPossibleNow) continue;
      const shortfalls = (problem.detail as { shortfalls?: Shortfall[] } | undefined)?.shortfalls;
      if (!shortfalls?.length) continue;
      const doc = byId.get(problem.id);
      refused++;
      for (const s of shortfalls) {
        if (compareQuantities(s.short, ZERO) <= 0 || compareQuantities(addQuantities(s.available, s.short), s.needed) !== 0) {
          throw new Error(`${name}: problem ${mutationId} names a shortfall that is none: ${JSON.stringify(s)}`);
        }
        // The lines the submit was checked against: the issue as this device submitted it (a refused
        // draft may have been changed since, here or on another device).
        const submitted = (device.rowAtQueue.get(mutationId) ?? doc)?.lines as Line[] | undefined;
        if (
          submitted &&
          !submitted.some(
            (line) => line.productId === s.productId && (line.locationId ?? null) === s.locationId && (line.batch ?? null) === s.batch,
          )
        ) {
          throw new Error(`${name}: problem ${mutationId} names a shortfall of no line of its issue: ${JSON.stringify(s)}`);
        }
      }
      const laterSubmit = devices.some((d) =>
        [...d.answers].some(([m, status]) => status === 'applied' && d.targets.get(m) === problem.id && d.ops.get(m) === 'submit'),
      );
      if (doc && !laterSubmit && doc.status !== 'draft')
        throw new Error(`${name}: refused issue ${problem.id} is ${String(doc.status)} on the server`);
      for (const other of device.queued) {
        if (other > mutationId && device.targets.get(other) !== problem.id && !device.answers.has(other) && !heldByTheirRow.has(other)) {
          throw new Error(`${name}: mutation ${other} of another row was held behind refused issue ${mutationId}`);
        }
      }
    }
    // Every refused submit of an issue carried its shortfalls to the device.
    for (const [mutationId, status] of device.answers) {
      if (status !== 'rejected' || device.ops.get(mutationId) !== 'submit' || device.settled.has(mutationId)) continue;
      // Held behind an earlier refused write of its own row, it shows with that problem.
      if (heldByTheirRow.has(mutationId)) continue;
      const problem = problems.get(mutationId);
      // Submitted since on the other device: the refusal is settled, not lost (decision 029).
      if (!problem && (await overtaken(device, mutationId))) continue;
      if (!problem) throw new Error(`${name}: refused submit ${mutationId} is not in sync problems`);
      if (
        problem.code === Code.NotPossibleNow &&
        byId.get(problem.id)?.direction === 'out' &&
        !(problem.detail as { shortfalls?: unknown[] } | undefined)?.shortfalls?.length
      ) {
        throw new Error(`${name}: refused issue ${mutationId} came without its shortfalls: ${JSON.stringify(problem)}`);
      }
    }
  }
  const count = (status: string) => receipts.filter((d) => d.status === status).length;
  return { drafts: count('draft'), submitted: count('submitted'), cancelled: count('cancelled'), moves: moves.length, shortfalls: refused };
}
