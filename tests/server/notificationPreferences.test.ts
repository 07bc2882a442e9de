/**
 * Notification preferences (issue 29, decision 047): per person and kind, inbox only, push or SMS;
 * quiet hours that hold pushes and texts until they end, then send them once; SMS through the
 * configured sender (here the log sender's outbox), limited per person and hour, whose failures
 * never break the write; refusals for bad input; nobody reaches another person's preferences.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Notification } from '../../src/contract/entities/panelManagement.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { permission, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import {
  notificationPreferencesEndpoints as prefs,
  type NotificationPreferences,
  type NotificationPreferencesChange,
} from '../../src/contract/notificationPreferences.ts';
import type { SmsSender } from '../../server/auth/sms.ts';
import { DevOutbox, logSender } from '../../server/auth/smsSenders.ts';
import { pushService, type PushPayload } from '../../server/notifications/push.ts';
import { runReminders } from '../../server/notifications/reminders.ts';
import { SMS_PER_HOUR, SmsNotifier, smsNotifier } from '../../server/notifications/smsNotices.ts';
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../pushStandIn.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { BankAccount, Party } from '../../modules/MarketAccounting/entities/books.ts';
import { Cheque, Payment } from '../../modules/MarketAccounting/entities/documents.ts';
import { allRows, step } from '../../modules/MarketAccounting/tests/server/books.ts';

const BOUNCED = 'MarketAccounting/chequeBounced';
const outbox = new DevOutbox();

let server: TestServer;
let second: TestServer;
let standIn: PushStandIn;
let owner: PanelCaller;
let reader: PanelCaller;
let phone: StandInSubscription;
let cheques: Row[];
let panelId: string;

async function load(caller: PanelCaller): Promise<NotificationPreferences> {
  const answer = await caller.call<NotificationPreferences>(prefs.get);
  expect(answer.status).toBe(200);
  return answer.body.data!;
}

async function save(caller: PanelCaller, change: Partial<NotificationPreferencesChange>, status = 200) {
  const answer = await caller.call<NotificationPreferences>(prefs.save, {
    body: { channels: {}, quietHours: null, lang: 'fa', ...change },
  });
  expect(answer.status).toBe(status);
  return answer;
}

async function pushes(): Promise<string[]> {
  await pushService()!.settled();
  return (await standIn.messages(phone.clientHash)).map((m) => (JSON.parse(m) as PushPayload).body);
}

async function texts(): Promise<readonly string[]> {
  await smsNotifier()!.settled();
  return outbox.textsFor(reader.account.mobile!);
}

async function inbox(caller: PanelCaller): Promise<Row[]> {
  const answer = await caller.call<EntityListResponse>(rest.list(Notification), { query: { pageSize: '100' } });
  return answer.body.data!.items.filter((n) => n.kind === BOUNCED);
}

/** The owner marks the next cheque bounced: the reader is told. */
async function bounce(): Promise<string> {
  const cheque = cheques.shift()!;
  const answer = await owner.call(rest.update(Cheque, cheque.id), { body: { version: cheque.version, status: 'bounced' } });
  expect(answer.status).toBe(200);
  return cheque.id;
}

beforeAll(async () => {
  standIn = await startPushStandIn();
  // Both processes text through one sender, whose outbox the tests read.
  server = await startTestServer({ sms: logSender(() => {}, outbox) });
  second = await startTestServer({ db: server.db, sms: logSender(() => {}, outbox) });
  owner = await openPanel(server, await server.createAccount(), 'فروشگاه نور', ['MarketAccounting']);
  expect((await owner.call({ method: 'POST', path: '/api/MarketAccounting/books' })).status).toBe(200);
  panelId = (await server.db.query<{ id: string }>('SELECT id::text AS id FROM panels WHERE code = $1', [owner.code]))[0]!.id;
  reader = (await newMember(server, owner, [permission(Cheque, 'read')])).caller;
  const party = await createRow(owner, Party, { name: 'علی رضایی' });
  const bank = await createRow(owner, BankAccount, { bank: 'ملت', accountNumber: '123456' });
  const lines = Array.from({ length: 12 }, (_, i) => ({
    id: randomUUID(),
    method: 'cheque',
    amount: 1_000_000,
    chequeBank: 'ملت',
    chequeSerial: String(500100 + i),
    dueDate: '2026-12-20',
    bankAccountId: bank.id,
  }));
  const receipt = await createRow(owner, Payment, { direction: 'out', date: '2026-11-21', partyId: party.id, lines });
  expect((await step(owner, Payment, receipt.id, 'submit')).status).toBe(200);
  cheques = (await allRows(owner, Cheque)).sort((a, b) => String(a.serial).localeCompare(String(b.serial)));
  const key = (await reader.call<{ publicKey: string }>(endpoints.pushPublicKey)).body.data!.publicKey;
  phone = await standIn.subscribe(key);
  const subscribed = await reader.call(endpoints.pushSubscribe, { body: { endpoint: phone.endpoint, keys: phone.keys, lang: 'fa' } });
  expect(subscribed.status).toBe(200);
});
afterAll(async () => {
  await second?.close();
  await server?.close();
  await standIn?.close();
});

describe('the kinds a person can receive', () => {
  it('are those of the enabled modules whose rows they may read, with the module’s SMS flag and default', async () => {
    const mine = await load(reader);
    const bounced = mine.kinds.find((k) => k.kind === BOUNCED);
    expect(bounced).toEqual({
      kind: BOUNCED,
      title: expect.objectContaining({ id: 'acc.notify.chequeBounced.title' }),
      sms: true,
      byDefault: 'push',
      channel: 'push',
    });
    expect(mine.kinds.map((k) => k.kind)).toContain('MarketAccounting/chequeDue');
    expect(mine.kinds.map((k) => k.kind)).not.toContain('NagemManagement/requestAssigned');
    expect(mine.kinds.map((k) => k.kind)).not.toContain('PanelManagement/invitationAccepted');
    expect(mine).toMatchObject({ quietHours: null, smsAvailable: true, mobileVerified: true });
    expect((await load(owner)).kinds.map((k) => k.kind)).toContain('PanelManagement/invitationAccepted');
  });
});

describe('a preference', () => {
  it('by default pushes, as the module declares', async () => {
    await bounce();
    expect(await pushes()).toEqual([expect.stringContaining('500100')]);
    expect(await texts()).toEqual([]);
  });

  it('"inbox only" writes the inbox item and pushes nothing', async () => {
    const saved = await save(reader, { channels: { [BOUNCED]: 'inbox' } });
    expect(saved.body.data!.kinds.find((k) => k.kind === BOUNCED)?.channel).toBe('inbox');
    await bounce();
    expect(await inbox(reader)).toHaveLength(2);
    expect(await pushes()).toHaveLength(1);
    expect(await texts()).toEqual([]);
  });

  it('"SMS" texts the message in the person’s language to their verified mobile, and pushes nothing', async () => {
    await save(reader, { channels: { [BOUNCED]: 'sms' }, lang: 'en' });
    await bounce();
    expect(await texts()).toEqual([`فروشگاه نور\nCheque ${String(500102)} bounced`]);
    expect(await pushes()).toHaveLength(1);
    await save(reader, { channels: { [BOUNCED]: 'sms' } });
    await bounce();
    expect((await texts()).at(-1)).toMatch(/^فروشگاه نور\n.*500103/);
    expect(await inbox(reader)).toHaveLength(4);
  });
});

describe('quiet hours', () => {
  it('hold the push until they end, then the scheduled run sends it once, also with two processes', async () => {
    // The clock reads 12:30 in Tehran: quiet from 12:00 to 13:00.
    await save(reader, { quietHours: { from: 12 * 60, to: 13 * 60 } });
    expect((await load(reader)).quietHours).toEqual({ from: 720, to: 780 });
    await bounce();
    expect(await inbox(reader)).toHaveLength(5);
    expect(await pushes()).toHaveLength(1);
    const now = server.clock.now();
    expect((await runReminders(server.db, new Date(now + 20 * 60_000)))?.released).toBe(0);
    expect(await pushes()).toHaveLength(1);
    const after = new Date(now + 31 * 60_000);
    const runs = await Promise.all([runReminders(server.db, after), runReminders(second.db, after)]);
    expect(runs.map((r) => r?.released ?? 0).reduce((a, b) => a + b)).toBe(1);
    expect((await runReminders(second.db, after))?.released).toBe(0);
    expect(await pushes()).toHaveLength(2);
  });

  it('drop what was held when the person read it in the meantime', async () => {
    const bounced = await bounce();
    const newest = (await inbox(reader)).find((n) => n.rowId === bounced);
    const read = await reader.call(rest.update(Notification, newest!.id), {
      body: { version: newest!.version, readAt: new Date(server.clock.now()).toISOString() },
    });
    expect(read.status).toBe(200);
    expect((await runReminders(server.db, new Date(server.clock.now() + 31 * 60_000)))?.released).toBe(0);
    expect(await pushes()).toHaveLength(2);
    await save(reader, { quietHours: null });
  });
});

describe('SMS', () => {
  it(`is sent at most ${SMS_PER_HOUR} times an hour to a person`, async () => {
    const notifier = smsNotifier()!;
    const before = (await texts()).length;
    const notice = {
      kind: BOUNCED,
      userId: reader.account.userId,
      panelId: panelId,
      notificationId: randomUUID(),
      entityKey: Cheque.key,
      rowId: randomUUID(),
      message: { id: 'acc.notify.chequeBounced', message: 'Cheque {serial} bounced' },
      values: { serial: '1' },
    };
    await notifier.send(Array.from({ length: SMS_PER_HOUR + 3 }, () => notice));
    expect((await texts()).length - before).toBeLessThanOrEqual(SMS_PER_HOUR);
    expect((await texts()).length - before).toBeGreaterThan(0);
  });

  it('that fails is logged with its kind only and throws nothing', async () => {
    const warnings: object[] = [];
    const failing: SmsSender = {
      send: async () => {},
      sendText: async () => Promise.reject(new Error(`gateway down for ${reader.account.mobile}`)),
    };
    const notifier = new SmsNotifier(server.db, failing, () => server.clock.now() + 2 * 3_600_000, {
      warn: (fields) => warnings.push(fields),
    });
    const notice = {
      kind: BOUNCED,
      userId: reader.account.userId,
      panelId: panelId,
      notificationId: randomUUID(),
      entityKey: Cheque.key,
      rowId: randomUUID(),
      message: { id: 'x', message: 'secret words' },
      values: {},
    };
    await expect(notifier.send([notice])).resolves.toBeUndefined();
    expect(warnings).toEqual([{ kind: BOUNCED, err: { name: 'Error', provider: undefined, code: undefined } }]);
    expect(JSON.stringify(warnings)).not.toContain(reader.account.mobile!);
  });
});

describe('refusals', () => {
  it.each([
    ['a kind they cannot receive', { channels: { 'NagemManagement/requestAssigned': 'push' } }],
    ['SMS for a kind not worth one', { channels: { 'MarketAccounting/chequeDue': 'push', 'HumanResource/punchToReview': 'sms' } }],
    ['an unknown channel', { channels: { [BOUNCED]: 'fax' } }],
    ['quiet hours that start as they end', { quietHours: { from: 600, to: 600 } }],
    ['a time past the day', { quietHours: { from: 0, to: 1440 } }],
    ['no channels', { channels: null }],
  ])('%s is answered 400 with 9401', async (_, change) => {
    const before = await load(reader);
    const answer = await save(reader, change as Partial<NotificationPreferencesChange>, 400);
    expect(answer.body.isSuccess).toBe(false);
    expect(answer.body.errorData?.code).toBe(Code.BadRequest);
    expect(await load(reader)).toEqual(before);
  });

  it('another person’s preferences are out of reach: a body naming them changes only the caller’s', async () => {
    const ownerBefore = await load(owner);
    const answer = await reader.call(prefs.save, { body: { channels: { [BOUNCED]: 'inbox' }, userId: owner.account.userId, lang: 'fa' } });
    expect(answer.status).toBe(200);
    expect(await load(owner)).toEqual(ownerBefore);
    expect((await load(reader)).kinds.find((k) => k.kind === BOUNCED)?.channel).toBe('inbox');
  });

  it('without a panel, or for a panel they are not in, nothing is answered', async () => {
    const stranger = await server.createAccount();
    const answer = await server.call(prefs.get, { token: stranger.tokens.access_token, headers: { 'X-Panel-Code': owner.code } });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.isSuccess).toBe(false);
  });
});
