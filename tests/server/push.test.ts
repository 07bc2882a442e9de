/**
 * Web push (issue 29, decision 040), against the local push service stand-in so the VAPID
 * signature and the aes128gcm encryption really run: a person assigned a support request gets a
 * push on each device that turned notifications on, worded in that device's language, with the
 * panel's name and the link and nothing else; the writer gets none; a device the push service
 * says is gone (410) is forgotten; signing out forgets the session's devices; the keys come from
 * the server secret, the same on every process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { permission, READ_ALL_GRANT, type Entity, type Row } from '../../src/contract/entity.ts';
import { pushService, vapidKeysOf, type PushPayload } from '../../server/notifications/push.ts';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../pushStandIn.ts';
import { Customer } from '../../modules/NagemManagement/entities/customers.ts';
import { Request, RequestMessage, SUPPORT_GRANT } from '../../modules/NagemManagement/entities/support.ts';

let server: TestServer;
let standIn: PushStandIn;
let owner: PanelCaller;
let agent: PanelCaller;
let supporter: PanelCaller;
let supporterId: string;
let request: Row;

const crud = (e: Entity, extra: string[] = []) => ['read', 'create', 'update', ...extra].map((a) => permission(e, a));

async function publicKey(caller: PanelCaller): Promise<string> {
  const answer = await caller.call<{ publicKey: string }>(endpoints.pushPublicKey);
  expect(answer.status).toBe(200);
  return answer.body.data!.publicKey;
}

/** A device of `caller`'s: subscribed at the stand-in, then told to the server. */
async function device(caller: PanelCaller, lang: 'fa' | 'en' = 'fa'): Promise<StandInSubscription> {
  const subscription = await standIn.subscribe(await publicKey(caller));
  const answer = await caller.call(endpoints.pushSubscribe, { body: { endpoint: subscription.endpoint, keys: subscription.keys, lang } });
  expect(answer.status).toBe(200);
  return subscription;
}

async function received(subscription: StandInSubscription): Promise<PushPayload[]> {
  await pushService()!.settled();
  return (await standIn.messages(subscription.clientHash)).map((m) => JSON.parse(m) as PushPayload);
}

async function assignTo(memberId: string | null): Promise<void> {
  const current = (await agent.call<Row>(rest.get(Request, request.id))).body.data!;
  const answer = await agent.call(rest.update(Request, request.id), { body: { version: current.version, supporterId: memberId } });
  expect(answer.status).toBe(200);
}

async function subscriptionsOf(userId: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1', [userId]);
  return row!.n;
}

beforeAll(async () => {
  standIn = await startPushStandIn();
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'پشتیبانی ناگم', ['NagemManagement']);
  agent = (await newMember(server, owner, [...crud(Customer), ...crud(Request), ...crud(RequestMessage)])).caller;
  const made = await newMember(server, owner, [
    permission(Customer, 'read'),
    permission(Customer, READ_ALL_GRANT),
    ...crud(Request, [SUPPORT_GRANT]),
    ...crud(RequestMessage),
  ]);
  supporter = made.caller;
  supporterId = made.memberId;
  const customer = await createRow(agent, Customer, { kind: 'company', name: 'شرکت البرز', province: 'تهران' });
  request = await createRow(agent, Request, { customerId: customer.id, subject: 'ورود نمی‌شود', priority: 'normal', status: 'open' });
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

describe('the VAPID keys', () => {
  it('come from the server secret: every process of a cluster gives the same public key', async () => {
    expect(await publicKey(supporter)).toBe(vapidKeysOf(TEST_JWT_SECRET).publicKey);
    expect(vapidKeysOf(TEST_JWT_SECRET)).toEqual(vapidKeysOf(TEST_JWT_SECRET));
    expect(vapidKeysOf(`${TEST_JWT_SECRET}-other`).publicKey).not.toBe(vapidKeysOf(TEST_JWT_SECRET).publicKey);
    expect(Buffer.from(vapidKeysOf(TEST_JWT_SECRET).publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('a support request assigned to a person', () => {
  it('is pushed, encrypted, to each of their devices in its language, with the panel and the link only; the writer gets none', async () => {
    const phone = await device(supporter, 'fa');
    const laptop = await device(supporter, 'en');
    const writers = await device(agent);
    await assignTo(supporterId);
    const [fa, ...moreFa] = await received(phone);
    expect(moreFa).toEqual([]);
    expect(fa).toEqual({
      title: 'پشتیبانی ناگم',
      body: 'درخواست پشتیبانی «ورود نمی‌شود» به شما سپرده شد',
      url: expect.stringMatching(/^\/User\/Panel\/Notifications\?/),
      tag: `${Request.key}:${request.id}`,
    });
    const link = new URLSearchParams(fa!.url.split('?')[1]);
    expect(link.get('entity')).toBe(Request.key);
    expect(link.get('row')).toBe(request.id);
    expect(link.get('open')).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.get('panel')).toBe(owner.code);
    expect((await received(laptop)).map((p) => p.body)).toEqual(['Support request “ورود نمی‌شود” was assigned to you']);
    expect(await received(writers)).toEqual([]);
  });

  it('forgets a device the push service says is gone (410), and keeps the others', async () => {
    const before = await subscriptionsOf(supporter.account.userId);
    const gone = await device(supporter);
    const kept = await device(supporter);
    await standIn.expire(gone.clientHash);
    await assignTo(null);
    await assignTo(supporterId);
    expect(await received(kept)).toHaveLength(1);
    expect(await subscriptionsOf(supporter.account.userId)).toBe(before + 1);
    const [row] = await server.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [gone.endpoint]);
    expect(row).toBeUndefined();
  });

  it('is not pushed to a device turned off', async () => {
    const off = await device(supporter);
    expect((await supporter.call(endpoints.pushUnsubscribe, { body: { endpoint: off.endpoint } })).status).toBe(200);
    await assignTo(null);
    await assignTo(supporterId);
    expect(await received(off)).toEqual([]);
  });
});

describe('signing out', () => {
  it("forgets that session's devices", async () => {
    const account = await server.createAccount();
    const person = await newMember(server, owner, [permission(Request, 'read')], { person: account });
    await device(person.caller);
    expect(await subscriptionsOf(account.userId)).toBe(1);
    const answer = await server.call(endpoints.logout, {
      token: account.tokens.access_token,
      body: { refreshToken: account.tokens.refresh_token },
    });
    expect(answer.status).toBe(200);
    expect(await subscriptionsOf(account.userId)).toBe(0);
  });
});

describe('a subscription', () => {
  it('needs a session, an https push service and well-formed keys', async () => {
    const subscription = await standIn.subscribe(await publicKey(supporter));
    const anonymous = await server.call(endpoints.pushSubscribe, { body: { endpoint: subscription.endpoint, keys: subscription.keys } });
    expect(anonymous.status).toBe(401);
    for (const body of [
      { endpoint: 'http://push.example.com/x', keys: subscription.keys },
      { endpoint: 'not a url', keys: subscription.keys },
      { endpoint: subscription.endpoint, keys: { p256dh: 'abc', auth: subscription.keys.auth } },
      { endpoint: subscription.endpoint },
    ]) {
      const answer = await supporter.call(endpoints.pushSubscribe, { body });
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(Code.BadRequest);
    }
  });
});
