/**
 * Punches against the real server: the fence and the policy re-checked on arrival whatever the
 * phone says, poor accuracy kept and flagged, late and out-of-order punches flagged by the server's
 * clock, a phone punching only for its own member, and punches append-only but for a manager's
 * accept or void with a note.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import { permission, type Row } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { acceptedMember, callerIn, createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Role } from '../../../../src/contract/access.ts';
import { Personnel, Place, Rule } from '../../entities/masterData.ts';
import { Punch } from '../../entities/punch.ts';
import { addDays, tehranDay } from '../../rules/attendanceDay.ts';
import { reportEndpoint, type ReportAnswer } from '../../rules/reportEndpoint.ts';

let server: TestServer;
let owner: PanelCaller;
let staff: PanelCaller;
let office: Row;
let rule: Row;
let maryam: Row;
let reza: Row;

// The office's centre, a point about 60 m from it and one about 1.1 km away.
const centre = { latitude: '35.700000', longitude: '51.400000' };
const near = { latitude: '35.700500', longitude: '51.400200' };
const far = { latitude: '35.710000', longitude: '51.400000' };

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'شرکت ساعت', ['PanelManagement', 'HumanResource']);
  const role = await createRow(owner, Role, {
    name: 'کارمند',
    permissions: [
      permission(Personnel, 'read'),
      permission(Punch, 'read'),
      permission(Punch, 'create'),
      permission(Place, 'read'),
      permission(Rule, 'read'),
    ],
  });
  const account = await server.createAccount();
  const member = await acceptedMember(server, owner, role.id, account);
  staff = callerIn(server, account, owner.code);
  office = await createRow(owner, Place, { name: 'دفتر مرکزی', ...centre, radius: 150 });
  rule = await createRow(owner, Rule, {
    name: 'اداری',
    workDays: ['sat', 'sun'],
    shiftStart: '8:00',
    shiftEnd: '16:00',
    worstAccuracy: 50,
    maxOfflineHours: 24,
  });
  maryam = await createRow(owner, Personnel, {
    firstName: 'مریم',
    lastName: 'کریمی',
    code: 'P-1',
    memberId: member.id,
    placeIds: [office.id],
    ruleId: rule.id,
    methods: ['phoneFence'],
    offlineAccepted: true,
    active: true,
  });
  reza = await createRow(owner, Personnel, {
    firstName: 'رضا',
    lastName: 'احمدی',
    code: 'P-2',
    placeIds: [office.id],
    ruleId: rule.id,
    methods: ['phoneFence'],
    active: true,
  });
});
afterAll(async () => {
  await server.close();
});

const now = () => new Date(server.clock.now()).toISOString();

function phonePunch(caller: PanelCaller, values: Record<string, unknown>) {
  return caller.call<Row>(rest.create(Punch), {
    body: { id: randomUUID(), personnelId: maryam.id, direction: 'in', source: 'phone', at: now(), accuracy: 10, ...near, ...values },
  });
}

describe('a punch from a phone', () => {
  it('inside the fence is accepted with its place and distance, whatever flags the phone sent', async () => {
    server.clock.advance(20_000);
    const told = await phonePunch(staff, { flags: [], placeId: office.id });
    expect(told.body.data).toMatchObject({ fields: { flags: 'type', placeId: 'type' } });
    // Its status is a review's verdict (decision 019): nobody sets it on their own punch.
    const verdict = await phonePunch(staff, { status: 'accepted' });
    expect(verdict.body.data).toMatchObject({ fields: { status: 'option' } });
    const answer = await phonePunch(staff, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toMatchObject({ status: 'accepted', flags: [], placeId: office.id, memberId: maryam.memberId });
    expect(answer.body.data!.distance).toBeGreaterThan(40);
    expect(answer.body.data!.distance).toBeLessThan(80);
  });

  it('outside every fence is kept but flagged, with the distance to the nearest place', async () => {
    server.clock.advance(20_000);
    const answer = await phonePunch(staff, { ...far, direction: 'out' });
    expect(answer.body.data).toMatchObject({ status: 'flagged', flags: ['outside'], placeId: null });
    expect(answer.body.data!.distance).toBeGreaterThan(1000);
  });

  it('with accuracy worse than the rule allows is kept and flagged', async () => {
    server.clock.advance(20_000);
    const answer = await phonePunch(staff, { accuracy: 400 });
    expect(answer.body.data).toMatchObject({ status: 'flagged', flags: ['poorAccuracy'], placeId: office.id });
  });

  it('that reaches the server later than the rule allows is flagged too old', async () => {
    server.clock.advance(20_000);
    const answer = await phonePunch(staff, { at: new Date(server.clock.now() - 30 * 3_600_000).toISOString() });
    expect(answer.body.data!.flags).toContain('tooOld');
    expect(answer.body.data!.status).toBe('flagged');
  });

  it('older than one already held is flagged out of order', async () => {
    server.clock.advance(20_000);
    const answer = await phonePunch(staff, { at: new Date(server.clock.now() - 10 * 60_000).toISOString() });
    expect(answer.body.data!.flags).toEqual(['outOfOrder']);
  });

  it('made offline by someone whose policy does not accept it is flagged', async () => {
    server.clock.advance(20_000);
    const answer = await owner.call<Row>(rest.create(Punch), {
      body: {
        id: randomUUID(),
        personnelId: reza.id,
        direction: 'in',
        source: 'phone',
        at: new Date(server.clock.now() - 20 * 60_000).toISOString(),
        accuracy: 5,
        ...near,
      },
    });
    expect(answer.body.data!.flags).toEqual(['offline']);
  });

  it('for another person is refused', async () => {
    const answer = await phonePunch(staff, { personnelId: reza.id });
    expect(answer.body.errorData?.code).toBe(Code.InvalidOperation);
  });

  it('by someone who may only clock in anywhere is not fenced, unless the rule requires the fence', async () => {
    server.clock.advance(20_000);
    await owner.call(rest.update(Personnel, reza.id), { body: { version: reza.version, methods: ['phoneAnywhere'] } });
    const anywhere = await owner.call<Row>(rest.create(Punch), {
      body: { id: randomUUID(), personnelId: reza.id, direction: 'in', source: 'phone', at: now(), accuracy: 5, ...far },
    });
    expect(anywhere.body.data).toMatchObject({ status: 'accepted', flags: [] });
    await owner.call(rest.update(Rule, rule.id), { body: { version: rule.version, fenceRequired: true } });
    server.clock.advance(20_000);
    const fenced = await owner.call<Row>(rest.create(Punch), {
      body: { id: randomUUID(), personnelId: reza.id, direction: 'out', source: 'phone', at: now(), accuracy: 5, ...far },
    });
    expect(fenced.body.data!.flags).toEqual(['outside']);
  });
});

describe('punches a manager adds', () => {
  it('from a reader log imported days later: not too old, late or out of order; the method is checked', async () => {
    server.clock.advance(20_000);
    const threeDaysAgo = new Date(server.clock.now() - 3 * 24 * 3_600_000).toISOString();
    const reader = await owner.call<Row>(rest.create(Punch), {
      body: { id: randomUUID(), personnelId: maryam.id, direction: 'in', source: 'reader', at: threeDaysAgo, note: 'attlog.dat' },
    });
    expect(reader.status, JSON.stringify(reader.body)).toBe(201);
    // Maryam may only clock in from her phone: the reader's punch waits for the manager.
    expect(reader.body.data).toMatchObject({ status: 'flagged', flags: ['method'] });
    await owner.call(rest.update(Personnel, maryam.id), { body: { version: maryam.version, methods: ['phoneFence', 'reader'] } });
    maryam = (await owner.call<Row>(rest.get(Personnel, maryam.id))).body.data!;
    const allowed = await owner.call<Row>(rest.create(Punch), {
      body: { id: randomUUID(), personnelId: maryam.id, direction: 'out', source: 'reader', at: threeDaysAgo },
    });
    expect(allowed.body.data).toMatchObject({ status: 'accepted', flags: [] });
  });

  it('from a reader: refused to the person themself, and flagged when ahead of the server’s clock', async () => {
    const own = await staff.call(rest.create(Punch), {
      body: { id: randomUUID(), personnelId: maryam.id, direction: 'in', source: 'reader', at: now() },
    });
    expect(own.body.errorData?.code).toBe(Code.InvalidOperation);
    const ahead = await owner.call<Row>(rest.create(Punch), {
      body: {
        id: randomUUID(),
        personnelId: maryam.id,
        direction: 'in',
        source: 'reader',
        at: new Date(server.clock.now() + 3_600_000).toISOString(),
      },
    });
    expect(ahead.body.data!.flags).toEqual(['future']);
  });

  it('as a manual correction: needs a note, and counts at once', async () => {
    const bare = await owner.call(rest.create(Punch), {
      body: {
        id: randomUUID(),
        personnelId: reza.id,
        direction: 'out',
        source: 'manual',
        at: new Date(server.clock.now() - 48 * 3_600_000).toISOString(),
      },
    });
    expect(bare.body.errorData?.code).toBe(Code.BadRequest);
    const fixed = await owner.call<Row>(rest.create(Punch), {
      body: {
        id: randomUUID(),
        personnelId: reza.id,
        direction: 'out',
        source: 'manual',
        at: new Date(server.clock.now() - 48 * 3_600_000).toISOString(),
        note: 'فراموش کرد خروج بزند',
      },
    });
    expect(fixed.body.data).toMatchObject({ status: 'accepted', flags: [], note: 'فراموش کرد خروج بزند' });
  });
});

describe('punches are append-only', () => {
  it('refuse an edit of their time, place or direction', async () => {
    server.clock.advance(20_000);
    const punch = (await phonePunch(staff, {})).body.data!;
    const moved = await owner.call(rest.update(Punch, punch.id), { body: { version: punch.version, at: new Date(0).toISOString() } });
    expect(moved.body.errorData?.code).toBe(Code.NotPossibleNow);
    const both = await owner.call(rest.update(Punch, punch.id), {
      body: { version: punch.version, status: 'accepted', note: 'ok', direction: 'out' },
    });
    expect(both.body.errorData?.code).toBe(Code.NotPossibleNow);
  });

  it('refuse a delete', async () => {
    server.clock.advance(20_000);
    const punch = (await phonePunch(staff, {})).body.data!;
    const removed = await owner.call(rest.remove(Punch, punch.id), { query: { version: String(punch.version) } });
    expect(removed.body.isSuccess).toBe(false);
    const still = await owner.call<Row>(rest.get(Punch, punch.id));
    expect(still.body.data!.deleted).toBe(false);
  });

  it('let a manager accept a flagged punch or void one, with a note, and never bring a void one back', async () => {
    server.clock.advance(20_000);
    const flagged = (await phonePunch(staff, { accuracy: 900 })).body.data!;
    const bare = await owner.call(rest.update(Punch, flagged.id), { body: { version: flagged.version, status: 'accepted' } });
    expect(bare.body.errorData?.code).toBe(Code.BadRequest);
    const accepted = await owner.call<Row>(rest.update(Punch, flagged.id), {
      body: { version: flagged.version, status: 'accepted', note: 'GPS داخل ساختمان ضعیف است' },
    });
    expect(accepted.body.data).toMatchObject({ status: 'accepted', note: 'GPS داخل ساختمان ضعیف است', flags: ['poorAccuracy'] });
    const voided = await owner.call<Row>(rest.update(Punch, flagged.id), {
      body: { version: accepted.body.data!.version, status: 'void', note: 'تکراری' },
    });
    expect(voided.body.data!.status).toBe('void');
    const back = await owner.call(rest.update(Punch, flagged.id), {
      body: { version: voided.body.data!.version, status: 'accepted', note: 'برگشت' },
    });
    expect(back.body.errorData?.code).toBe(Code.NotPossibleNow);
  });

  it('do not let the person themself accept their flagged punch', async () => {
    server.clock.advance(20_000);
    const flagged = (await phonePunch(staff, { accuracy: 900 })).body.data!;
    const self = await staff.call(rest.update(Punch, flagged.id), {
      body: { version: flagged.version, status: 'accepted', note: 'من بودم' },
    });
    expect(self.body.isSuccess).toBe(false);
  });
});

describe('the in/out report on the server', () => {
  const report = (caller: PanelCaller, query: Record<string, string>) => caller.call<ReportAnswer>(reportEndpoint, { query });

  it('gives each person their days and totals over a range, night shifts and all', async () => {
    const today = tehranDay(server.clock.now());
    const from = addDays(today, -4);
    const answer = await report(owner, { from, to: today });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { days, people } = answer.body.data!;
    expect(days).toHaveLength(5);
    expect(people.map((p) => p.name).sort()).toEqual(['رضا احمدی', 'مریم کریمی'].sort());
    const mine = people.find((p) => p.personnelId === maryam.id)!;
    expect(mine.days.map((d) => d.day)).toEqual(days);
    // The reader's accepted out three days ago and the phone's accepted punches today count.
    expect(mine.days.some((d) => d.lastOut !== null)).toBe(true);
    expect(mine.totals.flagged).toBeGreaterThan(0);
  });

  it('gives one who sees only their own record only their own report, and filters by person and place', async () => {
    const today = tehranDay(server.clock.now());
    const own = await report(staff, { from: addDays(today, -2), to: today });
    expect(own.body.data!.people.map((p) => p.personnelId)).toEqual([maryam.id]);
    const one = await report(owner, { from: today, to: today, personnelId: reza.id });
    expect(one.body.data!.people.map((p) => p.personnelId)).toEqual([reza.id]);
    const nowhere = await report(owner, { from: today, to: today, placeId: randomUUID() });
    expect(nowhere.body.data!.people).toEqual([]);
    const here = await report(owner, { from: today, to: today, placeId: String(office.id) });
    expect(here.body.data!.people).toHaveLength(2);
  });

  it('answers bad ranges with 400 and the catalogue code, never 500', async () => {
    for (const query of [
      { from: '2025-02-30', to: '2025-03-02' },
      { from: '2025-03-02', to: '2025-03-01' },
      { from: '2025-01-01', to: '2025-12-31' },
      { from: 'x', to: 'y' },
      { from: '2025-01-01', to: '2025-01-02', ruleId: "1' OR 1=1" },
      {},
    ]) {
      const answer = await report(owner, query as Record<string, string>);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.errorData?.code).toBe(Code.BadRequest);
    }
  });
});

describe('workplaces and rules', () => {
  it('refuse a centre that is not a coordinate and keep Persian digits as ASCII', async () => {
    const bad = await owner.call(rest.create(Place), {
      body: { id: randomUUID(), name: 'انبار', latitude: '95', longitude: '51', radius: 100 },
    });
    expect(bad.body.errorData?.code).toBe(Code.BadRequest);
    const persian = await createRow(owner, Place, { name: 'شعبه', latitude: '۳۵٫۷۱', longitude: '۵۱٫۴۲', radius: 100 });
    expect(persian).toMatchObject({ latitude: '35.71', longitude: '51.42' });
  });

  it('refuse a shift time that is not a 24-hour time', async () => {
    const bad = await owner.call(rest.create(Rule), {
      body: { id: randomUUID(), name: 'شب', workDays: ['sat'], shiftStart: '25:00', shiftEnd: '06:00' },
    });
    expect(bad.body.errorData?.code).toBe(Code.BadRequest);
  });
});
