/**
 * Random offline-work scenarios for the sync property test and the soak bench: two people, each
 * on a device with the real sync engine and its own Dexie database (fake-indexeddb), work offline
 * in one fresh panel of the real server in-process; their syncs go through a faulty network;
 * devices reload; people settle some sync problems. Then the network heals, both sync, and the
 * invariants are checked: the same rows everywhere, every applied write applied exactly once,
 * every rejected write in sync problems (unless the person settled it), nothing left queued.
 */
import fc from 'fast-check';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { entityPath, permission, type Entity, type Row } from '../../src/contract/entity.ts';
import type { CurrentPanel } from '../../src/contract/panels.ts';
import { panelEndpoints } from '../../src/contract/panels.ts';
import { PANEL_HEADER } from '../../src/contract/service.ts';
import { syncEndpoints, type MutationOp, type MutationResult, type PullResponse } from '../../src/contract/sync.ts';
import { createRow, deleteRow, updateRow, ValidationError } from '../../src/storage/localWrites.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import type { OutboxEntry } from '../../src/storage/localRecords.ts';
import { SyncEngine } from '../../src/storage/SyncEngine.ts';
import { pageLock } from '../../src/storage/syncLock.ts';
import { discardProblem, retryProblem, takeServerVersion } from '../../src/storage/syncProblems.ts';
import { reachedBy } from '../../src/storage/syncResults.ts';
import type { SyncTransport } from '../../src/storage/syncTransport.ts';
import { clear, throttleKey } from '../../server/auth/throttle.ts';
import { lookupLimit } from '../../server/access/memberHooks.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { faults, faultyTransport, FaultyNetwork, type Fault } from './syncNetwork.ts';

export interface SyncWorld {
  server: TestServer;
  people: [TestAccount, TestAccount];
}

/** One server (in-memory PGlite) and two accounts, shared by every scenario; each scenario opens its own panel. */
export async function openWorld(): Promise<SyncWorld> {
  const server = await startTestServer();
  const people: [TestAccount, TestAccount] = [await server.createAccount(), await server.createAccount()];
  return { server, people };
}

export type Who = 0 | 1;
export type Step =
  | { kind: 'create'; who: Who; name: string; description: string; parent: number | null }
  | { kind: 'update'; who: Who; target: number; name: string | null; description: string | null }
  /** Several writes in a row to one row by one person (each queued on top of the last), ending in a delete or not. */
  | { kind: 'burst'; who: Who; target: number; descriptions: string[]; thenDelete: boolean }
  | { kind: 'delete'; who: Who; target: number }
  | { kind: 'reload'; who: Who }
  | { kind: 'sync'; who: Who | 'both' }
  | { kind: 'settle'; who: Who; pick: number; how: 'retry' | 'takeServer' | 'discard' };

export interface Scenario {
  steps: Step[];
  faults: Fault[];
}

const who = fc.constantFrom<Who>(0, 1);
// Few names, so the two people often pick the same one (a unique field: 9107).
const roleName = fc.constantFrom('انبار', 'فروش', 'Cashiers', 'Support');
const text = fc.constantFrom('', 'شیفت صبح', 'night shift', 'ي و ك', '۱۲۳', 'انبار مرکزی', 'Front desk', 'پشتیبانی تلفنی');

export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  steps: fc.array(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('create' as const),
          who,
          name: roleName,
          description: text,
          parent: fc.option(fc.nat(7), { nil: null }),
        }),
      },
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('update' as const),
          who,
          target: fc.nat(7),
          name: fc.option(roleName, { nil: null }),
          description: fc.option(text, { nil: null }),
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), who, target: fc.nat(7) }) },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('burst' as const),
          who,
          target: fc.nat(7),
          descriptions: fc.array(text, { minLength: 2, maxLength: 4 }),
          thenDelete: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), who }) },
      { weight: 5, arbitrary: fc.record({ kind: fc.constant('sync' as const), who: fc.constantFrom<Who | 'both'>(0, 1, 'both') }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('settle' as const),
          who,
          pick: fc.nat(3),
          how: fc.constantFrom('retry' as const, 'takeServer' as const, 'discard' as const),
        }),
      },
    ),
    { minLength: 1, maxLength: 20 },
  ),
  faults: fc.array(fc.constantFrom(...faults), { maxLength: 24 }),
});

const c = (name: string, who: Who, parent: number | null = null): Step => ({ kind: 'create', who, name, description: '', parent });
const edit = (who: Who, target: number, description: string): Step => ({ kind: 'update', who, target, name: null, description });
const sync = (who: Who | 'both'): Step => ({ kind: 'sync', who });

const burst = (who: Who, target: number, descriptions: string[], thenDelete = false): Step => ({
  kind: 'burst',
  who,
  target,
  descriptions,
  thenDelete,
});
const settle = (who: Who, how: 'retry' | 'takeServer' | 'discard'): Step => ({ kind: 'settle', who, pick: 0, how });

/** Scenarios every run starts with: the races the random ones find only now and then. */
export const scenarioExamples: Scenario[] = [
  // Issue 15, 1: B's two queued edits of a row A changed meanwhile; the second must not land over A's.
  {
    steps: [
      c('Cashiers', 0),
      sync('both'),
      sync('both'),
      edit(0, 0, 'A: handles refunds'),
      burst(1, 0, ['B: first draft', 'B: second draft']),
      sync(0),
      sync(1),
    ],
    faults: [],
  },
  {
    steps: [
      c('Cashiers', 0),
      sync('both'),
      sync('both'),
      edit(0, 0, 'A: handles refunds'),
      burst(1, 0, ['B: first draft'], true),
      sync(0),
      sync(1),
    ],
    faults: [],
  },
  // The same, the batch split by lost answers and duplicates; then B retries on top of A's.
  {
    steps: [
      c('Cashiers', 0),
      sync('both'),
      sync('both'),
      edit(0, 0, 'A'),
      burst(1, 0, ['B1', 'B2', 'B3']),
      sync(0),
      sync(1),
      settle(1, 'retry'),
    ],
    faults: ['dropResponse', 'duplicate', 'dropRequest'],
  },
  // Issue 15, 2: B's edit refused; A deletes the row; B settles: the row must stay deleted.
  {
    steps: [
      c('Cashiers', 0),
      sync('both'),
      sync('both'),
      edit(0, 0, 'A'),
      edit(1, 0, 'B'),
      sync(0),
      sync(1),
      { kind: 'delete', who: 0, target: 0 },
      sync(0),
      sync(1),
      settle(1, 'takeServer'),
    ],
    faults: [],
  },
  {
    steps: [
      c('Cashiers', 0),
      sync('both'),
      sync('both'),
      edit(0, 0, 'A'),
      edit(1, 0, 'B'),
      sync(0),
      sync(1),
      { kind: 'delete', who: 0, target: 0 },
      sync(0),
      sync(1),
      settle(1, 'discard'),
      c('Cashiers', 1),
    ],
    faults: [],
  },
  // Both delete the same row: the second delete is done, not a problem.
  {
    steps: [
      c('Support', 0),
      sync('both'),
      sync('both'),
      { kind: 'delete', who: 0, target: 0 },
      { kind: 'delete', who: 1, target: 0 },
      sync(0),
      sync(1),
    ],
    faults: [],
  },
  // Both edit the same row offline: the second is stale (9303); one retries on top, one discards.
  {
    steps: [
      c('فروش', 0),
      sync('both'),
      sync('both'),
      edit(0, 0, 'night shift'),
      edit(1, 0, 'شیفت صبح'),
      sync(0),
      sync(1),
      { kind: 'settle', who: 1, pick: 0, how: 'retry' },
    ],
    faults: [],
  },
  {
    steps: [
      c('فروش', 0),
      sync('both'),
      sync('both'),
      edit(0, 0, 'a'),
      edit(1, 0, 'b'),
      sync('both'),
      { kind: 'settle', who: 1, pick: 0, how: 'discard' },
      { kind: 'settle', who: 0, pick: 0, how: 'takeServer' },
    ],
    faults: [],
  },
  // One deletes while the other edits; a parent is deleted under its child.
  {
    steps: [
      c('انبار', 0),
      c('Support', 0, 0),
      sync(0),
      sync(1),
      { kind: 'delete', who: 1, target: 0 },
      edit(0, 1, 'x'),
      { kind: 'delete', who: 0, target: 1 },
      sync('both'),
      sync('both'),
    ],
    faults: [],
  },
  // Answers lost after the server applied, a duplicate, 500s, and a reload before the retry.
  {
    steps: [c('Cashiers', 1), edit(1, 0, 'Front desk'), sync(1), { kind: 'reload', who: 1 }, sync(1), edit(1, 0, 'x'), sync('both')],
    faults: ['dropResponse', 'duplicate', 'error500After', 'error500', 'dropRequest', 'delay'],
  },
  // The same unique name chosen on both devices.
  {
    steps: [c('فروش', 0), c('فروش', 1), sync('both'), sync('both'), { kind: 'settle', who: 1, pick: 0, how: 'retry' }],
    faults: ['duplicate', 'duplicate'],
  },
];

export interface Device {
  person: TestAccount;
  dbName: string;
  db: PanelDb;
  engine: SyncEngine;
  transport: SyncTransport;
  /** Every mutation id this device ever queued. */
  queued: Set<number>;
  /** The first answer seen for each mutation id; replays must repeat it. */
  answers: Map<number, MutationResult['status']>;
  /** The row as this device showed it just after queuing each mutation (what the server checks it against, if its base holds). */
  rowAtQueue: Map<number, Row | undefined>;
  /** Rejected mutations the person settled (retried, took the server's, discarded). */
  settled: Set<number>;
  /** The row each queued mutation writes, and how. */
  targets: Map<number, string>;
  ops: Map<number, MutationOp>;
  /** The entity each queued mutation writes (a document's refused step may be overtaken: decision 029). */
  entityKeys?: Map<number, string>;
  /** Each queued mutation's earlier writes of the same row, still queued when it was made: its base counts on them. */
  priors: Map<number, number[]>;
  /** Mutations never sent because they were held behind a rejected one, later settled by the person. */
  settledHeld: Set<number>;
}

let dbCounter = 0;

export function openDevice(device: Omit<Device, 'db' | 'engine'>): Device {
  const db = new PanelDb(device.dbName, { indexedDB, IDBKeyRange });
  const engine = new SyncEngine({ db, transport: device.transport, lock: pageLock, random: () => 0.5 });
  return { ...device, db, engine };
}

export function recording(transport: SyncTransport, answers: Map<number, MutationResult['status']>): SyncTransport {
  return {
    pull: transport.pull,
    async push(request) {
      const response = await transport.push(request);
      for (const result of response.results) {
        const first = answers.get(result.mutationId);
        if (first && first !== result.status) throw new Error(`mutation ${result.mutationId} was answered ${first}, then ${result.status}`);
        answers.set(result.mutationId, result.status);
      }
      return response;
    },
  };
}

export async function trackQueued(device: Device): Promise<void> {
  const outbox = await device.db.outbox.orderBy('mutationId').toArray();
  for (const entry of outbox) {
    if (device.queued.has(entry.mutationId)) continue;
    device.queued.add(entry.mutationId);
    device.targets.set(entry.mutationId, entry.id);
    device.ops.set(entry.mutationId, entry.op);
    (device.entityKeys ??= new Map()).set(entry.mutationId, entry.entity);
    device.priors.set(
      entry.mutationId,
      outbox.filter((e) => e.id === entry.id && e.mutationId < entry.mutationId).map((e) => e.mutationId),
    );
    const entity = device.db.entityOf(entry.entity);
    device.rowAtQueue.set(entry.mutationId, entity ? await device.db.rows(entity).get(entry.id) : undefined);
  }
}

export interface PanelOptions {
  modules: string[];
  /** What person 1's role grants. */
  permissions: string[];
}

const rolesPanel: PanelOptions = {
  modules: ['PanelManagement'],
  permissions: [...(['read', 'create', 'update', 'delete'] as const).map((a) => permission(Role, a)), permission(Member, 'read')],
};

/** Opens a fresh panel: person 0 owns it; person 1 joins with a role that may do anything with roles and read people (or what `options` grant). */
export async function openPanel(world: SyncWorld, options: PanelOptions = rolesPanel): Promise<string> {
  const [owner, member] = world.people;
  const registered = await world.server.call<CurrentPanel>(panelEndpoints.register, {
    token: owner.tokens.access_token,
    body: { name: 'پیشخوان آزمون', icon: 'store', modules: options.modules },
  });
  const code = registered.body.data!.code;
  const asOwner = { token: owner.tokens.access_token, headers: { [PANEL_HEADER]: code } };
  // One owner invites someone into every scenario's panel, far past the hourly lookup limit,
  // which is not what these scenarios test.
  await clear(world.server.db, [throttleKey(lookupLimit, owner.userId)]);
  const role = await world.server.call<Row>(
    { method: 'POST', path: entityPath(Role) },
    {
      ...asOwner,
      body: { name: 'دسترسی آزمون', permissions: options.permissions },
    },
  );
  const joined = await world.server.call(
    { method: 'POST', path: entityPath(Member) },
    { ...asOwner, body: { login: member.username, roleId: role.body.data!.id } },
  );
  if (joined.status !== 201 && joined.status !== 200) throw new Error(`could not add the second person: ${JSON.stringify(joined.body)}`);
  const accepted = await world.server.call(panelEndpoints.acceptInvitation, { token: member.tokens.access_token, body: { code } });
  if (accepted.status !== 200) throw new Error(`the second person could not accept: ${JSON.stringify(accepted.body)}`);
  return code;
}

/** The panel's rows as `person` is shown them (fields behind a grant they lack come as null). */
export async function serverRows(world: SyncWorld, code: string, person = 0): Promise<Map<string, { entity: string; row: Row }>> {
  const rows = new Map<string, { entity: string; row: Row }>();
  let cursor = 0;
  for (;;) {
    const page = await world.server.call<PullResponse>(syncEndpoints.pull, {
      token: world.people[person]!.tokens.access_token,
      headers: { [PANEL_HEADER]: code },
      query: { cursor: String(cursor), limit: '2000' },
    });
    for (const change of page.body.data!.changes) rows.set(change.row.id, change);
    cursor = page.body.data!.cursor;
    if (!page.body.data!.hasMore) return rows;
  }
}

export function comparable(entity: Entity, row: Row): Record<string, unknown> {
  return Object.fromEntries([['id', row.id], ['version', row.version], ...Object.keys(entity.fields).map((f) => [f, row[f] ?? null])]);
}

/** One of the rows created so far in the scenario (by either person), or none yet. */
function pick(ids: readonly string[], n: number): string | undefined {
  return ids.length ? ids[n % ids.length] : undefined;
}

/** The person settles one of the device's sync problems (the `pick`-th, if any), and the device remembers it did. */
export async function settleProblem(device: Device, pick: number, how: 'retry' | 'takeServer' | 'discard'): Promise<void> {
  const problems = await device.db.problems.orderBy('mutationId').toArray();
  const problem = problems[pick % Math.max(1, problems.length)];
  if (!problem) return;
  const settle = { retry: retryProblem, takeServer: takeServerVersion, discard: discardProblem }[how];
  await settle(device.db, problem.mutationId);
  device.settled.add(problem.mutationId);
  for (const held of problem.held) device.settledHeld.add(held.mutationId);
}

async function step(devices: [Device, Device], createdIds: string[], s: Step): Promise<void> {
  if (s.kind === 'sync') {
    const chosen = s.who === 'both' ? devices : [devices[s.who]];
    await Promise.all(chosen.map((d) => d.engine.syncNow()));
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
      const parent = s.parent === null ? null : (pick(createdIds, s.parent) ?? null);
      const row = await createRow(device.db, Role, { name: s.name, description: s.description, parentRoleId: parent, permissions: [] });
      createdIds.push(row.id);
    } else if (s.kind === 'update') {
      const id = pick(createdIds, s.target);
      if (!id) return;
      await updateRow(device.db, Role, id, {
        ...(s.name !== null ? { name: s.name } : {}),
        ...(s.description !== null ? { description: s.description } : {}),
      });
    } else if (s.kind === 'delete') {
      const id = pick(createdIds, s.target);
      if (!id) return;
      await deleteRow(device.db, Role, id);
    } else if (s.kind === 'burst') {
      const id = pick(createdIds, s.target);
      if (!id) return;
      for (const description of s.descriptions) {
        await updateRow(device.db, Role, id, { description });
        await trackQueued(device);
      }
      if (s.thenDelete) await deleteRow(device.db, Role, id);
    } else {
      await settleProblem(device, s.pick, s.how);
    }
  } catch (error) {
    // The device refused the write itself (not found here, a unique value it already has): nothing was queued.
    if (!(error instanceof ValidationError)) throw error;
  } finally {
    await trackQueued(device);
  }
}

/** Runs one scenario in a fresh panel; throws with what broke when an invariant does not hold. */
export async function runScenario(world: SyncWorld, scenario: Scenario): Promise<void> {
  const code = await openPanel(world);
  const network = new FaultyNetwork(scenario.faults);
  const devices = openDevices(world, code, network);
  const createdIds: string[] = [];
  try {
    for (const s of scenario.steps) await step(devices, createdIds, s);
    await healAndSync(network, devices);
    await checkInvariants(world, code, devices, createdIds);
  } finally {
    await closeDevices(devices);
  }
}

/** Each person's device in panel `code`, syncing through `network`. */
export function openDevices(world: SyncWorld, code: string, network: FaultyNetwork): [Device, Device] {
  return world.people.map((person) => {
    const answers = new Map<number, MutationResult['status']>();
    return openDevice({
      person,
      dbName: `sync-scenario-${++dbCounter}-${person.username}`,
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
  }) as [Device, Device];
}

/** The network heals and both devices sync, three rounds, each of which must succeed. */
export async function healAndSync(network: FaultyNetwork, devices: [Device, Device]): Promise<void> {
  network.heal();
  for (let round = 0; round < 3; round++) {
    for (const device of devices) {
      const outcome = await device.engine.syncNow();
      if (outcome !== 'synced') throw new Error(`a healed sync answered ${outcome}: ${device.engine.getStatus().lastError?.message}`);
    }
  }
}

export async function closeDevices(devices: [Device, Device]): Promise<void> {
  for (const device of devices) {
    device.engine.stop();
    device.db.close();
    await device.db.delete();
  }
}

/**
 * Nothing is left queued; every queued mutation was answered or held behind a rejected one; the
 * rejected and the held ones wait in sync problems unless the person settled them or the document
 * reached the refused step since (a submit taken on the other device); nothing
 * applied over a write its base counted on that was not.
 */
/** A refused submit or cancel whose document the server has since taken to that step (decision 029): settled, not lost. */
export async function overtaken(device: Device, id: number): Promise<boolean> {
  const statuses = reachedBy[device.ops.get(id) as OutboxEntry['op']];
  const key = device.entityKeys?.get(id);
  const entity = key ? device.db.entityOf(key) : undefined;
  if (!statuses || !entity) return false;
  const row = await device.db.rows(entity).get(device.targets.get(id)!);
  return statuses.includes(String(row?.status));
}

export async function checkQueue(device: Device, name: string): Promise<void> {
  if ((await device.db.outbox.count()) !== 0) throw new Error(`${name} still has queued mutations`);
  const problemRecords = await device.db.problems.toArray();
  const problems = new Set(problemRecords.map((p) => p.mutationId));
  const held = new Set(problemRecords.flatMap((p) => p.held.map((h) => h.mutationId)));
  const kept = (id: number) => problems.has(id) || held.has(id) || device.settled.has(id) || device.settledHeld.has(id);
  for (const id of device.queued) {
    const answer = device.answers.get(id);
    if (!answer && !held.has(id) && !device.settledHeld.has(id)) throw new Error(`${name}: mutation ${id} was never answered`);
    if (answer === 'applied' && kept(id)) throw new Error(`${name}: applied mutation ${id} is in sync problems`);
    if (answer === 'rejected' && !kept(id) && !(await overtaken(device, id)))
      throw new Error(`${name}: rejected mutation ${id} was dropped silently`);
    // No silent overwrite: a write applied at the version its base counted on, only if every write that count included was applied too.
    const lost = answer === 'applied' ? device.priors.get(id)?.find((p) => device.answers.get(p) !== 'applied') : undefined;
    if (lost !== undefined)
      throw new Error(
        `${name}: mutation ${id} was applied although mutation ${lost}, which its base counted on, was not: a silent overwrite`,
      );
  }
  for (const id of problems) if (device.answers.get(id) !== 'rejected') throw new Error(`${name}: problem ${id} was not a rejection`);
}

async function checkInvariants(world: SyncWorld, code: string, devices: [Device, Device], createdIds: string[]): Promise<void> {
  const server = await serverRows(world, code);
  for (const [index, device] of devices.entries()) {
    const name = `device ${index}`;
    await checkQueue(device, name);
    // The device shows exactly the server's live rows of every entity it reads, as its person is shown them.
    const shown = index === 0 ? server : await serverRows(world, code, index);
    for (const entity of [Role, Member]) {
      const local = (await device.db.rows(entity).toArray()).filter((r) => !r.deleted).map((r) => comparable(entity, r));
      const remote = [...shown.values()].filter((c) => c.entity === entity.key && !c.row.deleted).map((c) => comparable(entity, c.row));
      const byId = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.id).localeCompare(String(b.id));
      const [l, r] = [JSON.stringify(local.sort(byId)), JSON.stringify(remote.sort(byId))];
      if (l !== r) throw new Error(`${name} holds other ${entity.name} rows than the server:\n device: ${l}\n server: ${r}`);
    }
  }
  // Exactly once: a row's version counts the writes applied to it (a delete of a row already
  // deleted is done without a write), and the audit log has one line per write.
  const activity = [...server.values()].filter((c) => c.entity === 'PanelManagement/Activity').map((c) => c.row);
  for (const id of new Set(createdIds)) {
    const appliedOps = devices.flatMap((d) =>
      [...d.answers].filter(([m, status]) => status === 'applied' && d.targets.get(m) === id).map(([m]) => d.ops.get(m)),
    );
    const row = server.get(id)?.row;
    const deletes = appliedOps.filter((op) => op === 'delete').length;
    if (Boolean(row?.deleted) !== deletes > 0)
      throw new Error(`row ${id}: deleted ${Boolean(row?.deleted)} on the server after ${deletes} applied deletes`);
    const writes = appliedOps.length - deletes + (row?.deleted ? 1 : 0);
    if ((row?.version ?? 0) !== writes) throw new Error(`row ${id}: version ${row?.version ?? 0} on the server, ${writes} writes applied`);
    const logged = activity.filter((a) => a.rowId === id).length;
    if (logged !== writes) throw new Error(`row ${id}: ${logged} audit-log lines for ${writes} writes`);
  }
}
