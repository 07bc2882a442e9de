/**
 * Kiosk punches against the real server: only an account that runs kiosks (or a manager) records
 * them, from an active kiosk of the panel; the punch is at the kiosk's place, flagged when the
 * person may not use a kiosk or does not work there; the kiosk is marked seen. Kiosk PINs and
 * badges are kept only as hashes, and only kiosk accounts receive them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import { permission, type Row } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { addMember, createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Device, KIOSK_GRANT, Personnel, Place, Rule } from '../../entities/masterData.ts';
import { Punch } from '../../entities/punch.ts';
import { hashPin, newBadge } from '../../rules/kioskSecret.ts';

let server: TestServer;
let owner: PanelCaller;
let kioskAccount: PanelCaller;
let clerk: PanelCaller;
let office: Row;
let store: Row;
let kiosk: Row;
let storeKiosk: Row;
let maryam: Row;

const read = (e: Parameters<typeof permission>[0]) => permission(e, 'read');

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'شرکت کیوسک', ['PanelManagement', 'HumanResource']);
  const kioskRole = [read(Personnel), permission(Personnel, 'readAll'), permission(Personnel, KIOSK_GRANT), read(Place), read(Device), read(Punch), permission(Punch, 'readAll'), permission(Punch, 'create')];
  kioskAccount = await addMember(server, owner, await server.createAccount(), kioskRole, 'کیوسک');
  clerk = await addMember(server, owner, await server.createAccount(), [read(Personnel), permission(Personnel, 'readAll'), read(Punch), permission(Punch, 'readAll'), permission(Punch, 'create')], 'منشی');
  office = await createRow(owner, Place, { name: 'دفتر مرکزی', latitude: '35.7', longitude: '51.4', radius: 150 });
  store = await createRow(owner, Place, { name: 'انبار', latitude: '35.8', longitude: '51.5', radius: 150 });
  const rule = await createRow(owner, Rule, { name: 'اداری', workDays: ['sat'], shiftStart: '08:00', shiftEnd: '16:00', maxOfflineHours: 24 });
  kiosk = await createRow(owner, Device, { name: 'تبلت ورودی', kind: 'kiosk', placeId: office.id, serial: 'K-1', active: true });
  storeKiosk = await createRow(owner, Device, { name: 'تبلت انبار', kind: 'kiosk', placeId: store.id, serial: 'K-2', active: true });
  maryam = await createRow(owner, Personnel, {
    name: 'مریم کریمی',
    code: 'P-1',
    placeIds: [office.id],
    ruleId: rule.id,
    methods: ['kiosk'],
    offlineAccepted: true,
    active: true,
    pinHash: await hashPin('4821'),
  });
});
afterAll(async () => {
  await server.close();
});

const now = () => new Date(server.clock.now()).toISOString();

function kioskPunch(caller: PanelCaller, values: Record<string, unknown> = {}) {
  server.clock.advance(20_000);
  return caller.call<Row>(rest.create(Punch), { body: { id: randomUUID(), personnelId: maryam.id, direction: 'in', source: 'kiosk', deviceId: kiosk.id, at: now(), ...values } });
}

describe('a kiosk punch', () => {
  it('from a kiosk account is accepted at the kiosk’s place and marks the kiosk seen', async () => {
    const answer = await kioskPunch(kioskAccount);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toMatchObject({ source: 'kiosk', deviceId: kiosk.id, placeId: office.id, status: 'accepted', flags: [] });
    const device = await owner.call<Row>(rest.get(Device, kiosk.id));
    expect(device.body.data).toMatchObject({ lastSeenAt: now(), version: kiosk.version });
  });

  it('at a kiosk of a place that is not the person’s is flagged outside', async () => {
    const answer = await kioskPunch(kioskAccount, { deviceId: storeKiosk.id, direction: 'out' });
    expect(answer.body.data).toMatchObject({ placeId: store.id, status: 'flagged', flags: ['outside'] });
  });

  it('by someone whose policy does not include the kiosk is flagged', async () => {
    const before = (await owner.call<Row>(rest.get(Personnel, maryam.id))).body.data!;
    await owner.call(rest.update(Personnel, maryam.id), { body: { version: before.version, methods: ['phoneFence'] } });
    const answer = await kioskPunch(kioskAccount);
    expect(answer.body.data!.flags).toEqual(['method']);
    const after = (await owner.call<Row>(rest.get(Personnel, maryam.id))).body.data!;
    await owner.call(rest.update(Personnel, maryam.id), { body: { version: after.version, methods: ['kiosk'] } });
  });

  it('from an account that neither runs kiosks nor manages punches is refused', async () => {
    const answer = await kioskPunch(clerk);
    expect(answer.body.errorData).toMatchObject({ code: Code.InvalidOperation });
  });

  it('without a device, with an unknown one or with a reader is refused with a catalogue code, never a 500', async () => {
    const none = await kioskPunch(kioskAccount, { deviceId: null });
    expect(none.status).toBe(400);
    expect(none.body.errorData).toMatchObject({ code: Code.BadRequest });
    const unknown = await kioskPunch(kioskAccount, { deviceId: randomUUID() });
    expect(unknown.status).toBeLessThan(500);
    expect(unknown.body.isSuccess).toBe(false);
    const reader = await createRow(owner, Device, { name: 'دستگاه اثر انگشت', kind: 'reader', placeId: office.id, active: true });
    const wrongKind = await kioskPunch(kioskAccount, { deviceId: reader.id });
    expect(wrongKind.body.errorData).toMatchObject({ code: Code.InvalidOperation });
    const phoneWithDevice = await kioskPunch(owner, { source: 'phone', latitude: '35.7', longitude: '51.4', accuracy: 5 });
    expect(phoneWithDevice.body.errorData).toMatchObject({ code: Code.BadRequest });
  });

  it('from a blocked kiosk is refused', async () => {
    const blocked = await createRow(owner, Device, { name: 'تبلت قدیمی', kind: 'kiosk', placeId: office.id, active: false });
    const answer = await kioskPunch(kioskAccount, { deviceId: blocked.id });
    expect(answer.body.errorData).toMatchObject({ code: Code.NotPossibleNow });
  });
});

describe('kiosk credentials', () => {
  it('are refused in clear or as a weak hash', async () => {
    const current = (await owner.call<Row>(rest.get(Personnel, maryam.id))).body.data!;
    const clear = await owner.call(rest.update(Personnel, maryam.id), { body: { version: current.version, pinHash: '1234' } });
    expect(clear.body.errorData).toMatchObject({ code: Code.BadRequest });
    const weak = await owner.call(rest.update(Personnel, maryam.id), { body: { version: current.version, pinHash: await hashPin('1234', 1000) } });
    expect(weak.body.errorData).toMatchObject({ code: Code.BadRequest });
    const badge = await owner.call(rest.update(Personnel, maryam.id), { body: { version: current.version, badgeHash: (await newBadge('P-1')).payload } });
    expect(badge.body.errorData).toMatchObject({ code: Code.BadRequest });
  });

  it('reach the kiosk account but not one without the kiosk grant', async () => {
    const current = (await owner.call<Row>(rest.get(Personnel, maryam.id))).body.data!;
    const badgeHash = (await newBadge('P-1')).badgeHash;
    const saved = await owner.call<Row>(rest.update(Personnel, maryam.id), { body: { version: current.version, badgeHash } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const seenByKiosk = (await kioskAccount.call<Row>(rest.get(Personnel, maryam.id))).body.data!;
    expect(seenByKiosk.badgeHash).toBe(badgeHash);
    expect(String(seenByKiosk.pinHash)).toMatch(/^pbkdf2\$/);
    const seenByClerk = (await clerk.call<Row>(rest.get(Personnel, maryam.id))).body.data!;
    expect(seenByClerk).toMatchObject({ pinHash: null, badgeHash: null });
  });
});
