/**
 * Random offline work with transfers, stock counts and consignments (issue 9), for the movements
 * property test: three phones (two people, one of them on two phones) with the real sync engine on
 * Dexie, through a faulty network, count one stock count together (one entry per scan or typed
 * count), transfer within and between warehouses, receive transfers with differences, take in,
 * sell and return a consignor's goods, and cancel some of it. Then the network heals, all sync,
 * the count is submitted, and the invariants are checked: every count entry on the server exactly
 * once (none lost, none doubled) and the counted places left holding what was counted; every
 * submitted document posted once, every cancelled one exactly reversed, no draft posted; every
 * balance (own, consignment and in transit apart) the sum of its moves and never below zero; the
 * consignor's stock touched by consignments only; the same rows on every phone as on the server.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { entityPath, permission, type Entity, type Line, type Row } from '../../../../src/contract/entity.ts';
import { moduleByKey } from '../../../../src/contract/modules.ts';
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
import type { MutationResult } from '../../../../src/contract/sync.ts';
import { createRow, stepDocument, ValidationError } from '../../../../src/storage/localWrites.ts';
import { faults, faultyTransport, FaultyNetwork, type Fault } from '../../../../tests/server/syncNetwork.ts';
import {
  comparable,
  openDevice,
  openPanel,
  recording,
  serverRows,
  trackQueued,
  type Device,
  type SyncWorld,
} from '../../../../tests/server/syncScenario.ts';
import { CountEntry, StockCount } from '../../entities/counts.ts';
import { Consignment } from '../../entities/inbound.ts';
import { Location, Party, Product, Warehouse } from '../../entities/masterData.ts';
import { Transfer, TransferArrival } from '../../entities/movements.ts';
import { Receipt, StockBalance, StockMove, StockValuation } from '../../entities/stock.ts';
import { mergeCountEntries } from '../../rules/countMerge.ts';

export { openWorld } from '../../../../tests/server/syncScenario.ts';

type Phone = 0 | 1 | 2;
const phone = fc.constantFrom<Phone>(0, 1, 2);
const target = fc.nat(5);
const quantity = fc.constantFrom(1000, 2000, 500, 3000, 1);

export type MoveStep =
  | { kind: 'count'; who: Phone; product: number; location: number; thousandths: number; scans: number }
  | { kind: 'transfer'; who: Phone; product: number; thousandths: number; between: boolean; andSubmit: boolean }
  | { kind: 'arrive'; who: Phone; target: number; short: number }
  | { kind: 'consign'; who: Phone; what: 'receive' | 'sale' | 'return'; product: number; thousandths: number }
  | { kind: 'submit'; who: Phone; target: number }
  | { kind: 'cancel'; who: Phone; target: number }
  | { kind: 'sync'; who: Phone | 'all' }
  | { kind: 'reload'; who: Phone };

export interface MoveScenario {
  steps: MoveStep[];
  faults: Fault[];
}

export const moveScenarioArbitrary: fc.Arbitrary<MoveScenario> = fc.record({
  steps: fc.array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('count' as const),
          who: phone,
          product: fc.nat(1),
          location: fc.nat(1),
          thousandths: fc.constantFrom(1000, 1000, 2500, -1000),
          scans: fc.integer({ min: 1, max: 4 }),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('transfer' as const),
          who: phone,
          product: fc.nat(1),
          thousandths: quantity,
          between: fc.boolean(),
          andSubmit: fc.boolean(),
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('arrive' as const), who: phone, target, short: fc.constantFrom(0, 0, 1000) }) },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('consign' as const),
          who: phone,
          what: fc.constantFrom('receive' as const, 'receive' as const, 'sale' as const, 'return' as const),
          product: fc.nat(1),
          thousandths: quantity,
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('submit' as const), who: phone, target }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), who: phone, target }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), who: fc.constantFrom<Phone | 'all'>(0, 1, 2, 'all') }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), who: phone }) },
    ),
    { minLength: 1, maxLength: 20 },
  ),
  faults: fc.array(fc.constantFrom(...faults), { maxLength: 20 }),
});

const count = (who: Phone, product: number, location: number, scans = 1, thousandths = 1000): MoveStep => ({
  kind: 'count',
  who,
  product,
  location,
  thousandths,
  scans,
});
const sync = (who: Phone | 'all'): MoveStep => ({ kind: 'sync', who });

export const moveScenarioExamples: MoveScenario[] = [
  // Three phones count the same shelf offline, answers lost and delivered twice.
  {
    steps: [count(0, 0, 0, 3), count(1, 0, 0, 2), count(2, 0, 0, 4), count(2, 0, 0, 1, -1000), sync('all'), count(0, 1, 1, 2), sync(0)],
    faults: ['dropResponse', 'duplicate', 'error500After', 'duplicate'],
  },
  // A transfer between warehouses dispatched, received one short, cancelled in the wrong order, then right.
  {
    steps: [
      { kind: 'transfer', who: 0, product: 0, thousandths: 3000, between: true, andSubmit: true },
      sync(0),
      { kind: 'arrive', who: 1, target: 0, short: 1000 },
      { kind: 'cancel', who: 1, target: 1 },
      sync('all'),
      { kind: 'cancel', who: 1, target: 0 },
      sync('all'),
    ],
    faults: [],
  },
  // The consignor's goods in, sold and returned beyond what is held (refused), while our own stock moves bin to bin.
  {
    steps: [
      { kind: 'consign', who: 2, what: 'receive', product: 1, thousandths: 2000 },
      { kind: 'consign', who: 2, what: 'sale', product: 1, thousandths: 1000 },
      { kind: 'consign', who: 1, what: 'return', product: 1, thousandths: 2000 },
      { kind: 'transfer', who: 0, product: 1, thousandths: 1000, between: false, andSubmit: true },
      sync('all'),
    ],
    faults: ['dropRequest', 'delay'],
  },
];

/** What the scenario set up in its panel over REST before anyone went offline. */
interface Setup {
  code: string;
  central: string;
  branch: string;
  locations: string[];
  branchBin: string;
  products: string[];
  consignor: string;
  countId: string;
}

const warehousing = moduleByKey('WarehousingMVM')!;
const everything = warehousing.entities.flatMap((e) => [
  permission(e, 'read'),
  ...(e.serverOnly ? [] : [permission(e, 'create'), permission(e, 'update'), permission(e, 'delete')]),
  ...(e.document ? [permission(e, 'submit'), permission(e, 'cancel')] : []),
]);

async function setUp(world: SyncWorld): Promise<Setup> {
  const code = await openPanel(world, { modules: ['PanelManagement', 'WarehousingMVM'], permissions: everything });
  const call = async (entity: Entity, values: Record<string, unknown>, submit = false) => {
    const who = { token: world.people[0].tokens.access_token, headers: { [PANEL_HEADER]: code } };
    const answer = await world.server.call<Row>(
      { method: 'POST', path: entityPath(entity) },
      { ...who, body: { id: randomUUID(), ...values } },
    );
    if (answer.status !== 201) throw new Error(`could not create ${entity.key}: ${JSON.stringify(answer.body)}`);
    const row = answer.body.data!;
    if (submit) {
      const done = await world.server.call(
        { method: 'POST', path: `${entityPath(entity)}/${row.id}/submit` },
        { ...who, body: { version: row.version } },
      );
      if (done.status !== 200) throw new Error(`could not submit ${entity.key}: ${JSON.stringify(done.body)}`);
    }
    return row.id;
  };
  const central = await call(Warehouse, { name: 'مرکزی', code: 'C1' });
  const branch = await call(Warehouse, { name: 'شعبه', code: 'B1' });
  const locations = [
    await call(Location, { warehouseId: central, code: 'A-01', kind: 'bin' }),
    await call(Location, { warehouseId: central, code: 'A-02', kind: 'bin' }),
  ];
  const branchBin = await call(Location, { warehouseId: branch, code: 'B-01', kind: 'bin' });
  const products = [
    await call(Product, { name: 'چای', code: 'TEA', unit: 'pack' }),
    await call(Product, { name: 'برنج', code: 'RICE', unit: 'kg' }),
  ];
  const consignor = await call(Party, { name: 'امانت‌گذار', kinds: ['consignor'] });
  await call(
    Receipt,
    {
      direction: 'in',
      date: '2026-11-20',
      warehouseId: central,
      lines: [
        { id: randomUUID(), productId: products[0], quantity: '6', unitPrice: 1000, locationId: locations[0] },
        { id: randomUUID(), productId: products[1], quantity: '4', unitPrice: 777, locationId: locations[1] },
      ],
    },
    true,
  );
  const countId = await call(StockCount, { date: '2026-11-23', warehouseId: central, lines: [{ id: randomUUID(), counter: 'همه' }] });
  return { code, central, branch, locations, branchBin, products, consignor, countId };
}

type Phones = [Device, Device, Device];

function openPhones(world: SyncWorld, code: string, network: FaultyNetwork, run: number): Phones {
  const people = [world.people[0], world.people[1], world.people[0]];
  return people.map((person, i) => {
    const answers = new Map<number, MutationResult['status']>();
    return openDevice({
      person,
      dbName: `movements-${run}-${i}`,
      transport: recording(
        faultyTransport(world.server, () => person.tokens.access_token, code, network),
        answers,
      ),
      queued: new Set(),
      answers,
      rowAtQueue: new Map(),
      settled: new Set(),
      targets: new Map(),
      ops: new Map(),
      priors: new Map(),
      settledHeld: new Set(),
    });
  }) as Phones;
}

interface Made {
  docs: { entity: Entity; id: string }[];
  betweens: string[];
  entries: Set<string>;
}

const pick = <T>(items: readonly T[], n: number) => (items.length ? items[items.length - 1 - (n % items.length)] : undefined);
const q = (thousandths: number) => fromThousandths(BigInt(thousandths));

async function step(phones: Phones, s: Setup, made: Made, st: MoveStep): Promise<void> {
  if (st.kind === 'sync') {
    await Promise.all((st.who === 'all' ? phones : [phones[st.who]]).map((d) => d.engine.syncNow()));
    return;
  }
  const device = phones[st.who];
  if (st.kind === 'reload') {
    device.engine.stop();
    device.db.close();
    phones[st.who] = openDevice(device);
    return;
  }
  const db = device.db;
  try {
    if (st.kind === 'count') {
      for (let i = 0; i < st.scans; i++) {
        const entry = await createRow(db, CountEntry, {
          countId: s.countId,
          productId: s.products[st.product],
          locationId: s.locations[st.location],
          quantity: q(st.thousandths),
          device: `phone ${st.who}`,
        });
        made.entries.add(entry.id);
      }
    } else if (st.kind === 'transfer') {
      const line = {
        id: randomUUID(),
        productId: s.products[st.product],
        quantity: q(st.thousandths),
        fromLocationId: s.locations[st.product],
        toLocationId: st.between ? s.branchBin : s.locations[1 - st.product],
      };
      const doc = await createRow(db, Transfer, {
        date: '2026-11-23',
        fromWarehouseId: s.central,
        toWarehouseId: st.between ? s.branch : s.central,
        lines: [line],
      });
      made.docs.push({ entity: Transfer, id: doc.id });
      if (st.between) made.betweens.push(doc.id);
      if (st.andSubmit) await stepDocument(db, Transfer, doc.id, 'submit');
    } else if (st.kind === 'arrive') {
      const transferId = pick(made.betweens, st.target);
      const transfer = transferId ? await db.rows(Transfer).get(transferId) : undefined;
      if (!transfer) return;
      const lines = ((transfer.lines as Line[] | undefined) ?? []).map((l) => {
        const received =
          compareQuantities(l.quantity, q(st.short)) > 0 ? addQuantities(l.quantity, negateQuantity(q(st.short))) : l.quantity;
        return { id: randomUUID(), productId: l.productId, quantity: received, locationId: s.branchBin };
      });
      const doc = await createRow(db, TransferArrival, { transferId, date: '2026-11-24', lines });
      made.docs.push({ entity: TransferArrival, id: doc.id });
      await stepDocument(db, TransferArrival, doc.id, 'submit');
    } else if (st.kind === 'consign') {
      const doc = await createRow(db, Consignment, {
        kind: st.what,
        date: '2026-11-23',
        partyId: s.consignor,
        warehouseId: s.central,
        lines: [
          { id: randomUUID(), productId: s.products[st.product], quantity: q(st.thousandths), unitPrice: 500, locationId: s.locations[1] },
        ],
      });
      made.docs.push({ entity: Consignment, id: doc.id });
      await stepDocument(db, Consignment, doc.id, 'submit');
    } else {
      const doc = pick(made.docs, st.target);
      if (doc) await stepDocument(db, doc.entity, doc.id, st.kind);
    }
  } catch (error) {
    // The phone refused the write itself (not here yet, not a draft, not submitted): nothing was queued.
    if (!(error instanceof ValidationError)) throw error;
  } finally {
    await trackQueued(device);
  }
}

export interface MoveTally {
  entries: number;
  /** What the count found per place (sorted quantities). */
  counted: string[];
  submitted: number;
  cancelled: number;
  moves: number;
}

let runs = 0;

export async function runMoveScenario(world: SyncWorld, scenario: MoveScenario): Promise<MoveTally> {
  const setup = await setUp(world);
  const network = new FaultyNetwork(scenario.faults);
  const phones = openPhones(world, setup.code, network, ++runs);
  const made: Made = { docs: [], betweens: [], entries: new Set() };
  try {
    await Promise.all(phones.map((p) => p.engine.syncNow()));
    for (const st of scenario.steps) await step(phones, setup, made, st);
    network.heal();
    for (let round = 0; round < 3; round++) {
      for (const [i, p] of phones.entries()) {
        const outcome = await p.engine.syncNow();
        if (outcome !== 'synced')
          throw new Error(`phone ${i}: a healed sync answered ${outcome}: ${p.engine.getStatus().lastError?.message}`);
      }
    }
    const before = await serverRows(world, setup.code);
    const countRow = before.get(setup.countId)!.row;
    const submitted = await world.server.call(
      { method: 'POST', path: `${entityPath(StockCount)}/${setup.countId}/submit` },
      {
        token: world.people[0].tokens.access_token,
        headers: { [PANEL_HEADER]: setup.code },
        body: { version: countRow.version },
      },
    );
    if (submitted.status !== 200) throw new Error(`the count was not submitted: ${JSON.stringify(submitted.body)}`);
    for (const p of phones) await p.engine.syncNow();
    return await checkInvariants(world, setup, phones, made);
  } finally {
    for (const p of phones) {
      p.engine.stop();
      p.db.close();
      await p.db.delete();
    }
  }
}

const key = (r: Row) =>
  JSON.stringify([r.productId, r.warehouseId, r.locationId ?? null, r.batch ?? null, r.ownerId ?? null, r.inTransit === true]);
const moveKey = (r: Row | Record<string, unknown>) =>
  JSON.stringify([r.productId, r.warehouseId, r.locationId ?? null, r.batch ?? null, r.ownerId ?? null, r.inTransit === true, r.quantity]);
const sorted = (items: string[]) => [...items].sort();

/** The moves a submitted document posts (the count's are checked by what it leaves). */
function expectedMoves(entity: Entity, doc: Row, all: Map<string, Row>): Record<string, unknown>[] {
  const lines = (doc.lines as Line[] | undefined) ?? [];
  if (entity === Transfer) {
    const between = doc.fromWarehouseId !== doc.toWarehouseId;
    return lines.flatMap((l) => [
      {
        productId: l.productId,
        warehouseId: doc.fromWarehouseId,
        locationId: l.fromLocationId ?? null,
        quantity: negateQuantity(l.quantity),
      },
      {
        productId: l.productId,
        warehouseId: doc.toWarehouseId,
        locationId: between ? null : (l.toLocationId ?? null),
        inTransit: between,
        quantity: addQuantities(l.quantity, ZERO),
      },
    ]);
  }
  if (entity === TransferArrival) {
    const transfer = all.get(String(doc.transferId))!;
    return [
      ...((transfer.lines as Line[]) ?? []).map((l) => ({
        productId: l.productId,
        warehouseId: transfer.toWarehouseId,
        locationId: null,
        inTransit: true,
        quantity: negateQuantity(l.quantity),
      })),
      ...lines
        .filter((l) => !isZeroQuantity(l.quantity))
        .map((l) => ({
          productId: l.productId,
          warehouseId: transfer.toWarehouseId,
          locationId: l.locationId ?? null,
          quantity: addQuantities(l.quantity, ZERO),
        })),
    ];
  }
  if (entity === Consignment) {
    return lines.map((l) => ({
      productId: l.productId,
      warehouseId: doc.warehouseId,
      locationId: l.locationId ?? null,
      ownerId: doc.partyId,
      quantity: doc.kind === 'receive' ? addQuantities(l.quantity, ZERO) : negateQuantity(l.quantity),
    }));
  }
  return lines.map((l) => ({
    productId: l.productId,
    warehouseId: doc.warehouseId,
    locationId: l.locationId ?? null,
    quantity: doc.direction === 'in' ? addQuantities(l.quantity, ZERO) : negateQuantity(l.quantity),
  }));
}

async function checkInvariants(world: SyncWorld, s: Setup, phones: Phones, made: Made): Promise<MoveTally> {
  const server = await serverRows(world, s.code);
  const live = (entity: Entity) => [...server.values()].filter((c) => c.entity === entity.key && !c.row.deleted).map((c) => c.row);
  const byId = new Map([...server.values()].map((c) => [c.row.id, c.row]));
  const moves = live(StockMove);
  const balances = live(StockBalance);

  // 1. Every count entry made on any phone is on the server once; nothing else is.
  const entries = live(CountEntry);
  const ids = entries.map((e) => e.id);
  if (new Set(ids).size !== ids.length) throw new Error('a count entry is on the server twice');
  const lost = [...made.entries].filter((id) => !byId.has(id));
  if (lost.length) throw new Error(`${lost.length} count entries were lost: ${lost.join(', ')}`);
  const extra = ids.filter((id) => !made.entries.has(id));
  if (extra.length) throw new Error(`${extra.length} count entries nobody made: ${extra.join(', ')}`);

  // 2. The count left each counted place holding what was counted there (the sum of its entries, never below zero).
  const merged = [...mergeCountEntries(entries as never[]).values()];
  for (const place of merged) {
    const counted = compareQuantities(place.quantity, ZERO) < 0 ? ZERO : place.quantity;
    const held = balances.find(
      (b) =>
        b.productId === place.productId &&
        b.warehouseId === s.central &&
        (b.locationId ?? null) === place.locationId &&
        !b.ownerId &&
        b.inTransit !== true,
    );
    if (compareQuantities(held?.quantity ?? ZERO, counted) !== 0)
      throw new Error(`counted ${counted} of ${place.productId} at ${place.locationId}, the balance holds ${String(held?.quantity)}`);
  }

  // 3. Each submitted document posted once, each cancelled one reversed exactly, no draft anything.
  const bySource = new Map<string, Row[]>();
  for (const m of moves) bySource.set(String(m.sourceId), [...(bySource.get(String(m.sourceId)) ?? []), m]);
  let submitted = 0;
  let cancelled = 0;
  for (const entity of [Receipt, Transfer, TransferArrival, Consignment]) {
    for (const doc of live(entity)) {
      const posted = sorted((bySource.get(doc.id) ?? []).map(moveKey));
      const forward = expectedMoves(entity, doc, byId);
      const expected =
        doc.status === 'draft'
          ? []
          : sorted([
              ...forward.map(moveKey),
              ...(doc.status === 'cancelled' ? forward.map((m) => moveKey({ ...m, quantity: negateQuantity(m.quantity) })) : []),
            ]);
      if (JSON.stringify(posted) !== JSON.stringify(expected))
        throw new Error(
          `${entity.name} ${doc.id} (${String(doc.status)}) posted ${JSON.stringify(posted)}, expected ${JSON.stringify(expected)}`,
        );
      if (doc.status === 'cancelled' && (bySource.get(doc.id) ?? []).reduce((sum, m) => sum + Number(m.value ?? 0), 0) !== 0)
        throw new Error(`${entity.name} ${doc.id}: its reversal leaves value`);
      if (doc.status === 'submitted') submitted++;
      if (doc.status === 'cancelled') cancelled++;
    }
  }

  // 4. Balances: each the sum of its moves, never below zero; a consignor's stock moved by consignments only; valuations of own stock only.
  const movesAt = new Map<string, Quantity>();
  for (const m of moves) {
    movesAt.set(key(m), addQuantities(movesAt.get(key(m)) ?? ZERO, m.quantity));
    if (m.ownerId && m.sourceType !== Consignment.key) throw new Error(`a ${String(m.sourceType)} moved the consignor's stock`);
  }
  const balanceAt = new Map(balances.map((b) => [key(b), b]));
  for (const [k, sum] of movesAt) {
    const balance = balanceAt.get(k);
    if (!balance || compareQuantities(balance.quantity, sum) !== 0)
      throw new Error(`balance ${k} is ${String(balance?.quantity)}, its moves sum to ${sum}`);
  }
  for (const b of balances)
    if (compareQuantities(b.quantity, ZERO) < 0) throw new Error(`balance ${key(b)} is below zero: ${String(b.quantity)}`);
  const valuationKey = (r: Row) => JSON.stringify([r.productId, r.warehouseId]);
  for (const v of live(StockValuation)) {
    const own = balances.filter((b) => !b.ownerId && valuationKey(b) === valuationKey(v));
    const quantity = addQuantities(ZERO, ...own.map((b) => b.quantity));
    if (compareQuantities(v.quantity, quantity) !== 0)
      throw new Error(`valuation ${valuationKey(v)} holds ${String(v.quantity)}, its own balances ${quantity}`);
    const value = moves.filter((m) => !m.ownerId && valuationKey(m) === valuationKey(v)).reduce((sum, m) => sum + Number(m.value ?? 0), 0);
    if (Number(v.value) !== value) throw new Error(`valuation ${valuationKey(v)} is worth ${String(v.value)}, its moves ${value}`);
  }

  // 5. The same rows on every phone as on the server.
  for (const [i, p] of phones.entries()) {
    const shown = i === 1 ? await serverRows(world, s.code, 1) : server;
    if ((await p.db.outbox.count()) !== 0) throw new Error(`phone ${i} still has queued writes`);
    for (const entity of [CountEntry, Transfer, TransferArrival, Consignment, StockMove, StockBalance, StockValuation]) {
      const order = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.id).localeCompare(String(b.id));
      const doc = (r: Row) => ({ ...comparable(entity, r), ...(entity.document ? { status: r.status, lines: r.lines } : {}) });
      const local = JSON.stringify(
        (await p.db.rows(entity).toArray())
          .filter((r) => !r.deleted)
          .map(doc)
          .sort(order),
      );
      const remote = JSON.stringify(
        [...shown.values()]
          .filter((c) => c.entity === entity.key && !c.row.deleted)
          .map((c) => doc(c.row))
          .sort(order),
      );
      if (local !== remote)
        throw new Error(`phone ${i} holds other ${entity.name} rows than the server:\n phone: ${local}\n server: ${remote}`);
    }
  }
  return { entries: entries.length, counted: merged.map((p) => p.quantity).sort(), submitted, cancelled, moves: moves.length };
}
