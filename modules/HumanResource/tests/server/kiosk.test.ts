/**
 * The kiosk is a device, not a person (issue 23, decision 021): a manager enrols a tablet as one
 * of the panel's kiosk Devices and it gets a device credential that can read names and codes and
 * post punches, nothing else; each punch carries its PIN or badge, checked by the server when it
 * arrives (a wrong one is kept, flagged unverified), with a limit per personnel code; PIN and badge
 * hashes never leave the server.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import { endpoints } from '../../../../src/contract/endpoints.ts';
import { panelEndpoints } from '../../../../src/contract/panels.ts';
import { permission, type Row } from '../../../../src/contract/entity.ts';
import { respelledSignature, startTestServer, type CallResult, type TestServer } from '../../../../tests/server/harness.ts';
import { addMember, createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Device, Personnel, Place, Rule } from '../../entities/masterData.ts';
import { Punch } from '../../entities/punch.ts';
import {
  KIOSK_PROOF_TRIES,
  KIOSK_PROOF_WINDOW_MS,
  kioskEndpoints,
  type KioskEnrolment,
  type KioskPunchAnswer,
  type KioskRoster,
} from '../../rules/kioskEndpoint.ts';
import { clockEndpoint, type ClockAnswer } from '../../rules/clock.ts';
import { hashPin, newBadge } from '../../rules/kioskSecret.ts';

let server: TestServer;
let owner: PanelCaller;
let clerk: PanelCaller;
let office: Row;
let store: Row;
let kiosk: Row;
let credential: string;
let maryam: Row;
let reza: Row;
let badgePayload: string;

const read = (e: Parameters<typeof permission>[0]) => permission(e, 'read');

async function enrol(caller: PanelCaller, deviceId: string): Promise<CallResult<KioskEnrolment>> {
  return caller.call<KioskEnrolment>(kioskEndpoints.enrol, { body: { deviceId } });
}

function asKiosk<T>(endpoint: { method: string; path: string }, withCredential: string, body?: unknown) {
  return server.call<T>(endpoint, { headers: { authorization: `Device ${withCredential}` }, ...(body === undefined ? {} : { body }) });
}

const now = () => new Date(server.clock.now()).toISOString();

function punch(
  code: string,
  proof: { pin?: string; badge?: string },
  options: { id?: string; with?: string; direction?: 'in' | 'out' } = {},
) {
  server.clock.advance(20_000);
  return asKiosk<KioskPunchAnswer>(kioskEndpoints.punch, options.with ?? credential, {
    id: options.id ?? randomUUID(),
    code,
    direction: options.direction ?? 'in',
    at: now(),
    ...proof,
  });
}

async function storedPunch(id: string): Promise<Row> {
  return (await owner.call<Row>(rest.get(Punch, id))).body.data!;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'شرکت کیوسک', ['PanelManagement', 'HumanResource']);
  clerk = await addMember(
    server,
    owner,
    await server.createAccount(),
    [
      read(Personnel),
      permission(Personnel, 'readAll'),
      read(Device),
      read(Punch),
      permission(Punch, 'readAll'),
      permission(Punch, 'create'),
    ],
    'منشی',
  );
  office = await createRow(owner, Place, { name: 'دفتر مرکزی', latitude: '35.7', longitude: '51.4', radius: 150 });
  store = await createRow(owner, Place, { name: 'انبار', latitude: '35.8', longitude: '51.5', radius: 150 });
  const rule = await createRow(owner, Rule, {
    name: 'اداری',
    workDays: ['sat'],
    shiftStart: '08:00',
    shiftEnd: '16:00',
    maxOfflineHours: 24,
  });
  kiosk = await createRow(owner, Device, { name: 'تبلت ورودی', kind: 'kiosk', placeId: office.id, serial: 'K-1', active: true });
  const badge = await newBadge('P-2');
  badgePayload = badge.payload;
  const person = { ruleId: rule.id, methods: ['kiosk'], offlineAccepted: true, active: true, placeIds: [office.id] };
  maryam = await createRow(owner, Personnel, {
    ...person,
    firstName: 'مریم',
    lastName: 'کریمی',
    code: 'P-1',
    nationalId: '0012345679',
    mobile: '09121234567',
    pinHash: await hashPin('4821'),
  });
  reza = await createRow(owner, Personnel, {
    ...person,
    firstName: 'رضا',
    lastName: 'احمدی',
    code: 'P-2',
    pinHash: await hashPin('739164'),
    badgeHash: badge.badgeHash,
  });
  const enrolled = await enrol(owner, kiosk.id);
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  credential = enrolled.body.data!.credential;
});
afterAll(async () => {
  await server.close();
});

describe('enrolling a tablet as a kiosk', () => {
  it('is a manager’s: someone who may not change devices is refused, and a reader is no kiosk', async () => {
    expect((await enrol(clerk, kiosk.id)).status).toBe(403);
    const reader = await createRow(owner, Device, { name: 'دستگاه اثر انگشت', kind: 'reader', placeId: office.id, active: true });
    expect((await enrol(owner, reader.id)).body.errorData).toMatchObject({ code: Code.IdNotRegistered });
    const blocked = await createRow(owner, Device, { name: 'تبلت قدیمی', kind: 'kiosk', placeId: office.id, active: false });
    expect((await enrol(owner, blocked.id)).body.errorData).toMatchObject({ code: Code.NotPossibleNow });
  });
});

describe('a kiosk credential', () => {
  it('reads only the names and personnel codes of active people', async () => {
    const answer = await asKiosk<KioskRoster>(kioskEndpoints.roster, credential);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data!.device).toMatchObject({ id: kiosk.id, name: 'تبلت ورودی', place: 'دفتر مرکزی' });
    expect(answer.body.data!.people).toEqual([
      { code: 'P-1', name: 'مریم کریمی' },
      { code: 'P-2', name: 'رضا احمدی' },
    ]);
    const text = JSON.stringify(answer.body);
    for (const secret of ['0012345679', '09121234567', 'pbkdf2', String(reza.id)]) expect(text).not.toContain(secret);
  });

  it('opens nothing else: personnel details, lists, pull, the profile, another panel’s calls', async () => {
    const calls = [
      rest.get(Personnel, maryam.id),
      rest.list(Personnel),
      rest.list(Punch),
      { method: 'GET', path: '/api/Sync/Pull' },
      endpoints.getCurrentUser,
      { method: 'GET', path: '/api/HumanResource/ReportIO' },
    ];
    for (const endpoint of calls) {
      const answer = await server.call(endpoint, { headers: { authorization: `Device ${credential}`, 'x-panel-code': owner.code } });
      expect(answer.status, `${endpoint.method} ${endpoint.path}`).toBe(401);
      expect(JSON.stringify(answer.body)).not.toContain('مریم');
    }
    expect((await asKiosk(kioskEndpoints.enrol, credential, { deviceId: kiosk.id })).status).toBe(401);
  });

  it('reads the server’s clock, as a session does; with neither it is refused', async () => {
    const now = await asKiosk<ClockAnswer>(clockEndpoint, credential);
    expect([now.status, now.body.data?.now]).toEqual([200, server.clock.now()]);
    expect((await owner.call<ClockAnswer>(clockEndpoint)).body.data?.now).toBe(server.clock.now());
    expect((await server.call(clockEndpoint)).status).toBe(401);
  });

  it('opens nothing once its panel has attendance off, and works again once it is on', async () => {
    const modules = async (list: string[]) =>
      expect((await owner.call(panelEndpoints.updateModules, { body: { modules: list } })).status).toBe(200);
    await modules(['PanelManagement']);
    try {
      for (const endpoint of [kioskEndpoints.roster, kioskEndpoints.punch]) {
        const answer = await asKiosk(endpoint, credential, endpoint === kioskEndpoints.punch ? {} : undefined);
        expect([answer.status, answer.body.errorData?.code], endpoint.path).toEqual([403, Code.InvalidOperation]);
      }
      expect((await owner.call(kioskEndpoints.leave, { body: { deviceId: kiosk.id } })).status).toBe(403);
    } finally {
      await modules(['PanelManagement', 'HumanResource']);
    }
    expect((await asKiosk(kioskEndpoints.roster, credential)).status).toBe(200);
  });

  it('is refused when forged or altered', async () => {
    const parts = credential.split('.');
    const otherDevice = [parts[0], parts[1], randomUUID(), parts[3], parts[4]].join('.');
    // The signature's last character respelled: its spare bits decode alike, and are still refused.
    const respelled = respelledSignature(credential);
    const altered = `${credential.slice(0, -3)}${credential.at(-3) === 'A' ? 'B' : 'A'}${credential.slice(-2)}`;
    for (const forged of [otherDevice, altered, respelled, 'pkd1.x.y.z.w']) {
      expect((await asKiosk(kioskEndpoints.roster, forged)).status).toBe(401);
      expect((await punch('P-1', { pin: '4821' }, { with: forged })).status).toBe(401);
    }
  });
});

describe('a kiosk punch', () => {
  it('with the right PIN is verified, accepted at the kiosk’s place, and marks the kiosk seen', async () => {
    const answer = await punch('P-1', { pin: '4821' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ verified: true, status: 'accepted', name: 'مریم کریمی' });
    expect(await storedPunch(answer.body.data!.id)).toMatchObject({
      source: 'kiosk',
      deviceId: kiosk.id,
      placeId: office.id,
      status: 'accepted',
      flags: [],
    });
    const device = (await owner.call<Row>(rest.get(Device, kiosk.id))).body.data!;
    expect(device.lastSeenAt).toBe(now());
  });

  it('with a wrong PIN is kept, flagged unverified for review', async () => {
    const answer = await punch('P-1', { pin: '1111' }, { direction: 'out' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ verified: false, status: 'flagged' });
    expect(await storedPunch(answer.body.data!.id)).toMatchObject({ status: 'flagged', flags: ['unverified'], personnelId: maryam.id });
    const noProof = await punch('P-1', {});
    expect(noProof.body.data).toMatchObject({ verified: false, status: 'flagged' });
  });

  it('with the badge printed last is verified; an old badge is not', async () => {
    const good = await punch('P-2', { badge: badgePayload });
    expect(good.body.data).toMatchObject({ verified: true, status: 'accepted' });
    const current = (await owner.call<Row>(rest.get(Personnel, reza.id))).body.data!;
    await owner.call(rest.update(Personnel, reza.id), { body: { version: current.version, badgeHash: (await newBadge('P-2')).badgeHash } });
    expect((await punch('P-2', { badge: badgePayload })).body.data).toMatchObject({ verified: false });
  });

  it('for a code nobody has is refused with 9202 and nothing kept', async () => {
    const answer = await punch('P-404', { pin: '4821' });
    expect(answer.status).toBe(404);
    expect(answer.body.errorData).toMatchObject({ code: Code.IdNotRegistered });
  });

  it('sent twice (a queue resent) is kept once', async () => {
    const id = randomUUID();
    expect((await punch('P-1', { pin: '4821' }, { id })).status).toBe(200);
    const again = await punch('P-1', { pin: '4821' }, { id });
    expect(again.body.errorData).toMatchObject({ code: Code.AlreadyExists });
  });

  it('from a person’s session, through REST, is refused, the owner’s too: only a kiosk punches as a kiosk', async () => {
    for (const caller of [owner, clerk]) {
      const answer = await caller.call(rest.create(Punch), {
        body: { id: randomUUID(), personnelId: maryam.id, direction: 'in', source: 'kiosk', deviceId: kiosk.id, at: now() },
      });
      expect(answer.body.errorData).toMatchObject({ code: Code.InvalidOperation });
    }
  });
});

describe('revoking a kiosk', () => {
  it('by deactivating its device refuses its punches; enrolling again gives a new credential and the old one stops', async () => {
    const second = await createRow(owner, Device, { name: 'تبلت انبار', kind: 'kiosk', placeId: store.id, active: true });
    const first = (await enrol(owner, second.id)).body.data!.credential;
    expect((await punch('P-1', { pin: '4821' }, { with: first })).body.data).toMatchObject({ verified: true, status: 'flagged' });
    server.clock.advance(1000);
    const next = (await enrol(owner, second.id)).body.data!.credential;
    expect((await punch('P-1', { pin: '4821' }, { with: first })).status).toBe(401);
    expect((await punch('P-1', { pin: '4821' }, { with: next })).status).toBe(200);
    const current = (await owner.call<Row>(rest.get(Device, second.id))).body.data!;
    await owner.call(rest.update(Device, second.id), { body: { version: current.version, active: false } });
    expect((await punch('P-1', { pin: '4821' }, { with: next })).status).toBe(401);
    expect((await asKiosk(kioskEndpoints.roster, next)).status).toBe(401);
  });

  it('by leaving kiosk mode, which needs a manager', async () => {
    const third = await createRow(owner, Device, { name: 'تبلت سوم', kind: 'kiosk', placeId: office.id, active: true });
    const its = (await enrol(owner, third.id)).body.data!.credential;
    expect((await clerk.call(kioskEndpoints.leave, { body: { deviceId: third.id } })).status).toBe(403);
    expect((await asKiosk(kioskEndpoints.leave, its, { deviceId: third.id })).status).toBe(401);
    expect((await asKiosk(kioskEndpoints.roster, its)).status).toBe(200);
    expect((await owner.call(kioskEndpoints.leave, { body: { deviceId: third.id } })).status).toBe(200);
    expect((await asKiosk(kioskEndpoints.roster, its)).status).toBe(401);
  });
});

describe('PIN and badge hashes', () => {
  it('never leave the server, not even to the owner', async () => {
    const seen = (await owner.call<Row>(rest.get(Personnel, reza.id))).body.data!;
    expect(seen).not.toHaveProperty('pinHash');
    expect(seen).not.toHaveProperty('badgeHash');
    const list = await owner.call(rest.list(Personnel));
    expect(JSON.stringify(list.body)).not.toContain('pbkdf2');
  });

  it('are refused in clear or as a weak hash', async () => {
    const current = (await owner.call<Row>(rest.get(Personnel, maryam.id))).body.data!;
    const clear = await owner.call(rest.update(Personnel, maryam.id), { body: { version: current.version, pinHash: '1234' } });
    expect(clear.body.errorData).toMatchObject({ code: Code.BadRequest });
    const weak = await owner.call(rest.update(Personnel, maryam.id), {
      body: { version: current.version, pinHash: await hashPin('1234', 1000) },
    });
    expect(weak.body.errorData).toMatchObject({ code: Code.BadRequest });
  });
});

// Last: it moves the clock past the people's access tokens.
describe('the limit per personnel code', () => {
  it('stops being verified after five wrong PINs for a code, even with the right one, until the window ends; other codes are untouched', async () => {
    const current = (await owner.call<Row>(rest.get(Personnel, reza.id))).body.data!;
    expect(current.pinHash).toBeUndefined();
    for (let i = 0; i < KIOSK_PROOF_TRIES; i++) expect((await punch('P-2', { pin: `00000${i}` })).body.data!.verified).toBe(false);
    expect((await punch('P-2', { pin: '739164' })).body.data).toMatchObject({ verified: false, status: 'flagged' });
    expect((await punch('P-1', { pin: '4821' })).body.data!.verified).toBe(true);
    server.clock.advance(KIOSK_PROOF_WINDOW_MS);
    expect((await punch('P-2', { pin: '739164' })).body.data!.verified).toBe(true);
  });
});
