/**
 * Offline punches from several phones (issue 10): random punches made offline on three devices,
 * each device sending its queue in order but in batches of its own, the devices' deliveries
 * interleaved at random and some batches sent twice (a lost answer, replayed). Whatever the
 * interleaving: every punch is on the server exactly once, and each carries exactly the flags
 * the rules give it on arrival — too old, offline for someone whose policy does not accept it,
 * out of order when an earlier-arrived punch of the same person is later in time — and counts
 * (accepted) only with none.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../tests/propertyRuns.ts';
import type { Row } from '../../../../src/contract/entity.ts';
import type { Mutation } from '../../../../src/contract/sync.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { syncClient } from '../../../../tests/server/syncFixture.ts';
import { Personnel, Place, Rule } from '../../entities/masterData.ts';
import { Punch, type PunchFlag } from '../../entities/punch.ts';
import { OFFLINE_AFTER_MS } from '../../rules/punchCheck.ts';

const RUNS = propertyRuns('PUNCH_PROPERTY_RUNS', 25, 8);
const MINUTE = 60_000;
const MAX_OFFLINE_HOURS = 1;
const DEVICES = 3;

let server: TestServer;
let owner: PanelCaller;
let office: Row;
let rule: Row;
/** The clock every run starts from: the owner's token stays valid while a run moves it by seconds. */
let base = 0;

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'شرکت چند گوشی', ['PanelManagement', 'HumanResource']);
  office = await createRow(owner, Place, { name: 'دفتر مرکزی', latitude: '35.700000', longitude: '51.400000', radius: 150 });
  rule = await createRow(owner, Rule, {
    name: 'اداری',
    workDays: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'],
    shiftStart: '08:00',
    shiftEnd: '16:00',
    maxOfflineHours: MAX_OFFLINE_HOURS,
  });
  base = server.clock.now();
});
afterAll(async () => {
  await server.close();
});

interface Made {
  device: number;
  /** 0: offline accepted; 1: not. */
  person: number;
  /** Minutes since the previous punch made (the punches' times rise in the order they are made). */
  gap: number;
  direction: 'in' | 'out';
}

const scenario = fc.record({
  made: fc.array(
    fc.record({
      device: fc.nat(DEVICES - 1),
      person: fc.nat(1),
      gap: fc.integer({ min: 0, max: 40 }),
      direction: fc.constantFrom<'in' | 'out'>('in', 'out'),
    }),
    { minLength: 1, maxLength: 14 },
  ),
  /** Which device delivers next, how many of its queue, how long after the last delivery, and whether its answer is lost (sent again). */
  deliveries: fc.array(
    fc.record({
      device: fc.nat(DEVICES - 1),
      size: fc.integer({ min: 1, max: 4 }),
      seconds: fc.integer({ min: 0, max: 12 }),
      replay: fc.boolean(),
    }),
    { minLength: 1, maxLength: 30 },
  ),
  /** How long before the first delivery the last punch was made, in minutes (up to twice the oldest accepted). */
  startedBefore: fc.integer({ min: 0, max: 2 * MAX_OFFLINE_HOURS * 60 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

async function run({ made, deliveries, startedBefore }: Scenario) {
  server.clock.set(base);
  const people = [
    await createRow(owner, Personnel, {
      firstName: 'پذیرفته',
      lastName: 'آزمون',
      code: `A-${randomUUID().slice(0, 8)}`,
      placeIds: [office.id],
      ruleId: rule.id,
      methods: ['phoneFence'],
      offlineAccepted: true,
      active: true,
    }),
    await createRow(owner, Personnel, {
      firstName: 'نپذیرفته',
      lastName: 'آزمون',
      code: `B-${randomUUID().slice(0, 8)}`,
      placeIds: [office.id],
      ruleId: rule.id,
      methods: ['phoneFence'],
      offlineAccepted: false,
      active: true,
    }),
  ];
  // The punches as the phones made them, the last `startedBefore` minutes before the first delivery: times rising, each queued on its device in that order.
  let at = base - (startedBefore + made.reduce((sum, m) => sum + m.gap, 0)) * MINUTE;
  const punches = made.map((m: Made) => {
    at += m.gap * MINUTE;
    return {
      id: randomUUID(),
      device: m.device,
      personnelId: people[m.person]!.id,
      offlineAccepted: m.person === 0,
      at,
      direction: m.direction,
    };
  });
  const queues = Array.from({ length: DEVICES }, (_, d) => punches.filter((p) => p.device === d));
  const devices = Array.from({ length: DEVICES }, () => syncClient(owner));
  const sent = new Array<number>(DEVICES).fill(0);
  // The clock runs on from `base` (under the token's ten minutes); the model sees punches in the order they arrive.
  let now = base;
  const arrived: { personnelId: string; at: number }[] = [];
  const expected = new Map<string, PunchFlag[]>();
  const mutation = (p: (typeof punches)[number], index: number): Mutation => ({
    mutationId: index + 1,
    entity: Punch.key,
    op: 'create',
    id: p.id,
    values: {
      personnelId: p.personnelId,
      at: new Date(p.at).toISOString(),
      deviceAt: new Date(p.at).toISOString(),
      direction: p.direction,
      source: 'phone',
      latitude: '35.700300',
      longitude: '51.400100',
      accuracy: 10,
    },
  });

  async function deliver(device: number, size: number, replay: boolean) {
    const from = sent[device]!;
    const batch = queues[device]!.slice(from, from + size);
    if (!batch.length) return;
    server.clock.set(now);
    const mutations = batch.map((p, i) => mutation(p, from + i));
    const answer = await devices[device]!.push(mutations);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data!.results.map((r) => r.status)).toEqual(batch.map(() => 'applied'));
    for (const p of batch) {
      const flags: PunchFlag[] = [];
      if (now - p.at > MAX_OFFLINE_HOURS * 3_600_000) flags.push('tooOld');
      if (now - p.at > OFFLINE_AFTER_MS && !p.offlineAccepted) flags.push('offline');
      if (arrived.some((a) => a.personnelId === p.personnelId && a.at > p.at && a.at <= now)) flags.push('outOfOrder');
      expected.set(p.id, flags);
      arrived.push({ personnelId: p.personnelId, at: p.at });
    }
    sent[device] = from + batch.length;
    if (replay) {
      // The answer was lost: the device sends the same batch again and is told the same, with nothing written twice.
      const again = await devices[device]!.push(mutations);
      expect(again.body.data!.results.map((r) => r.status)).toEqual(batch.map(() => 'applied'));
    }
  }

  for (const d of deliveries) {
    now += d.seconds * 1000;
    await deliver(d.device, d.size, d.replay);
  }
  // Then every phone comes online for good and empties its queue.
  for (let device = 0; device < DEVICES; device++) {
    now += 1000;
    await deliver(device, Infinity, false);
  }

  const held: Row[] = [];
  for (const person of people) {
    const list = await owner.call<{ items: Row[] }>(rest.list(Punch), {
      query: { 'filter.personnelId': person.id, page: '1', pageSize: '200' },
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    held.push(...list.body.data!.items.filter((r) => r.personnelId === person.id));
  }
  // None lost, none doubled.
  expect(held.map((r) => r.id).sort()).toEqual(punches.map((p) => p.id).sort());
  for (const row of held) {
    const flags = expected.get(row.id);
    expect(row.flags, `${row.id} at ${String(row.at)}`).toEqual(flags);
    expect(row.status).toBe(flags!.length ? 'flagged' : 'accepted');
    expect(new Date(String(row.at)).getTime()).toBe(punches.find((p) => p.id === row.id)!.at);
  }
}

describe('offline punches from several phones', () => {
  it(`are none lost or doubled, and flagged by the order they arrive in (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, (s) => run(s)),
      {
        numRuns: RUNS,
        examples: [
          // Phone 1's morning in reaches the server after phone 2's later out: that in is out of order.
          [
            {
              made: [
                { device: 0, person: 0, gap: 0, direction: 'in' },
                { device: 1, person: 0, gap: 30, direction: 'out' },
              ],
              deliveries: [{ device: 1, size: 1, seconds: 5, replay: true }],
              startedBefore: 45,
            },
          ],
        ],
      },
    );
  }, 240_000);
});
