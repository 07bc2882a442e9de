import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { toPersianDigits } from '../../src/contract/normalize.ts';
import { keysOf } from '../../server/auth/keys.ts';
import { allowConsole } from './console.ts';
import { allowServerErrors } from './serverErrors.ts';
import { startTestServer, uniqueAddress, uniqueMobile, type TestAccount, type TestServer } from './harness.ts';

let server: TestServer;
let account: TestAccount;
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.close());

interface SendOptions {
  purpose?: string;
  token?: string;
  address?: string;
}

const send = (mobile: unknown, options: SendOptions = {}) =>
  server.call(endpoints.sendVerifiedCode, {
    body: { mobile, ...(options.purpose ? { purpose: options.purpose } : {}) },
    ...(options.token ? { token: options.token } : {}),
    remoteAddress: options.address ?? uniqueAddress(),
  });

describe('POST /api/Account/SendVerifiedCode', () => {
  it("sends a six-digit login code to an account's number and keeps only its hash", async () => {
    const answer = await send(account.mobile);
    expect(answer.status).toBe(200);
    expect(answer.body.isSuccess).toBe(true);
    const sent = server.smsOutbox.forMobile(account.mobile!).at(-1)!;
    expect(sent.purpose).toBe('login');
    expect(sent.code).toMatch(/^\d{6}$/);
    const [row] = await server.db.query<{ code_hash: Uint8Array }>(
      'SELECT code_hash FROM verification_codes WHERE mobile = $1 ORDER BY id DESC LIMIT 1',
      [account.mobile],
    );
    expect(row!.code_hash.length).toBe(32);
    expect(Buffer.from(row!.code_hash).toString('utf8')).not.toContain(sent.code);
  });

  it('hashes codes with a key of their own, neither the configured secret nor the token key', async () => {
    const { mobile } = await server.createAccount({ verifyMobile: true });
    const code = await server.sendCode(mobile!);
    const [row] = await server.db.query<{ code_hash: Uint8Array }>('SELECT code_hash FROM verification_codes WHERE mobile = $1', [mobile]);
    const hashWith = (key: string | Buffer) => createHmac('sha256', key).update(`login:${mobile}:${code}`).digest();
    const keys = keysOf(server.config.jwtSecret);
    expect(Buffer.from(row!.code_hash).equals(hashWith(keys.smsCode))).toBe(true);
    expect(Buffer.from(row!.code_hash).equals(hashWith(server.config.jwtSecret))).toBe(false);
    expect(keys.smsCode.equals(keys.accessToken)).toBe(false);
  });

  it('accepts Persian digits and the +98 and 0098 forms, and sends to the normal form', async () => {
    const { mobile } = await server.createAccount();
    for (const written of [toPersianDigits(mobile!), `+98${mobile!.slice(1)}`, `0098 ${mobile!.slice(1, 4)} ${mobile!.slice(4)}`]) {
      server.clock.advance(MINUTE);
      expect((await send(written)).status).toBe(200);
    }
    expect(server.smsOutbox.forMobile(mobile!)).toHaveLength(3);
  });

  it('answers 122 for something that is not an Iranian mobile number', async () => {
    for (const mobile of ['0212345678', '0912345', 'hello', '+1 555 0100']) {
      const answer = await send(mobile);
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(122);
    }
  });

  it('answers a number no account has exactly as one an account has, and sends it nothing', async () => {
    const known = await server.createAccount({ verifyMobile: true });
    for (const purpose of ['login', 'reset']) {
      server.clock.advance(MINUTE);
      const unknown = uniqueMobile();
      const [forUnknown, forKnown] = [await send(unknown, { purpose }), await send(known.mobile, { purpose })];
      expect(forUnknown.status).toBe(forKnown.status);
      expect(forUnknown.body).toEqual(forKnown.body);
      expect(forUnknown.body).toMatchObject({ isSuccess: true });
      expect(server.smsOutbox.forMobile(unknown)).toHaveLength(0);
      expect(server.smsOutbox.latestCode(known.mobile!, purpose as 'login' | 'reset')).toMatch(/^\d{6}$/);
    }
  });

  it('counts a number no account has against the same limits, so a refusal tells nothing either', async () => {
    const unknown = uniqueMobile();
    const known = (await server.createAccount({ verifyMobile: true })).mobile!;
    for (const mobile of [unknown, known]) {
      expect((await send(mobile)).status).toBe(200);
      server.clock.advance(20_000);
      const again = await send(mobile);
      expect(again.status).toBe(429);
      expect(again.headers['retry-after']).toBe('40');
    }
  });

  it('sends a verify code to a new number when the caller is signed in and names no purpose', async () => {
    const mobile = uniqueMobile();
    const answer = await send(mobile, { token: account.tokens.access_token });
    expect(answer.status).toBe(200);
    expect(server.smsOutbox.forMobile(mobile).at(-1)?.purpose).toBe('verify');
  });

  it('answers a signed-in caller asking for a login code to an unknown number as to a known one', async () => {
    const mobile = uniqueMobile();
    const answer = await send(mobile, { token: account.tokens.access_token, purpose: 'login' });
    expect(answer.status).toBe(200);
    expect(server.smsOutbox.forMobile(mobile)).toHaveLength(0);
  });

  it('answers a verify code to a number another account holds as to a free one (no 9107 before the code)', async () => {
    const other = await server.createAccount();
    const asker = await server.createAccount({ mobile: null });
    const free = uniqueMobile();
    const taken = await send(other.mobile, { purpose: 'verify', token: asker.tokens.access_token });
    const fresh = await send(free, { purpose: 'verify', token: asker.tokens.access_token });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(fresh.body);
    expect(JSON.stringify(taken.body)).not.toContain(other.mobile);
  });

  it('sends a signed-in person at most five verify codes an hour, whatever the numbers and addresses', async () => {
    const asker = await server.createAccount({ mobile: null });
    for (let i = 0; i < 5; i++)
      expect((await send(uniqueMobile(), { purpose: 'verify', token: asker.tokens.access_token })).status).toBe(200);
    const sixth = await send(uniqueMobile(), { purpose: 'verify', token: asker.tokens.access_token });
    expect(sixth.status).toBe(429);
    expect(sixth.body.errorData?.code).toBe(9403);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    server.clock.advance(60 * MINUTE);
    const { access_token } = await server.login(asker.username, asker.password);
    expect((await send(uniqueMobile(), { purpose: 'verify', token: access_token })).status).toBe(200);
  });

  it('needs a session for a verify code', async () => {
    expect((await send(uniqueMobile(), { purpose: 'verify' })).status).toBe(401);
  });

  it('treats a stale bearer token as no session rather than refusing the login code', async () => {
    const answer = await send(account.mobile, { token: 'stale.token.value', address: uniqueAddress() });
    server.clock.advance(MINUTE);
    expect(answer.status).toBe(200);
    expect(server.smsOutbox.forMobile(account.mobile!).at(-1)?.purpose).toBe('login');
  });

  it('answers 9401 for an unknown purpose or a missing number', async () => {
    expect((await send(account.mobile, { purpose: 'everything' })).body.errorData?.code).toBe(9401);
    expect((await send(undefined)).body.errorData?.code).toBe(9401);
  });

  it('refuses a resend to one number within a minute with 429, 9403 and Retry-After', async () => {
    const { mobile } = await server.createAccount();
    expect((await send(mobile)).status).toBe(200);
    server.clock.advance(20_000);
    const again = await send(mobile);
    expect(again.status).toBe(429);
    expect(again.body.errorData?.code).toBe(9403);
    expect(again.headers['retry-after']).toBe('40');
    server.clock.advance(40_000);
    expect((await send(mobile)).status).toBe(200);
  });

  it('sends the login code a person asks for right after verifying the number, but not a second one', async () => {
    const person = await server.createAccount({ verifyMobile: false });
    const address = uniqueAddress();
    expect((await send(person.mobile, { purpose: 'verify', token: person.tokens.access_token, address })).status).toBe(200);
    await server.db.query('UPDATE users SET mobile_verified = true WHERE id = $1', [person.userId]);
    expect((await send(person.mobile, { purpose: 'login', address })).status).toBe(200);
    expect((await send(person.mobile, { purpose: 'login', address })).status).toBe(429);
  });

  it('sends at most five codes an hour to one number', async () => {
    const { mobile } = await server.createAccount();
    for (let i = 0; i < 5; i++) {
      expect((await send(mobile)).status).toBe(200);
      server.clock.advance(2 * MINUTE);
    }
    const sixth = await send(mobile);
    expect(sixth.status).toBe(429);
    // The first of the five leaves the hour 50 minutes from now.
    expect(sixth.headers['retry-after']).toBe(String(50 * 60));
    server.clock.advance(50 * MINUTE);
    expect((await send(mobile)).status).toBe(200);
  });

  it('sends at most one code a minute and five an hour from one address', async () => {
    const address = uniqueAddress();
    const numbers = await Promise.all(Array.from({ length: 6 }, async () => (await server.createAccount()).mobile));
    expect((await send(numbers[0], { address })).status).toBe(200);
    expect((await send(numbers[1], { address })).status).toBe(429);
    for (const mobile of numbers.slice(1, 5)) {
      server.clock.advance(MINUTE);
      expect((await send(mobile, { address })).status).toBe(200);
    }
    server.clock.advance(MINUTE);
    const sixth = await send(numbers[5], { address });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('answers a verify code 502 with 9402 when the SMS gateway fails, and logs it', async () => {
    const { tokens } = await server.createAccount({ mobile: null });
    const failing = await startTestServer({
      db: server.db,
      startAt: server.clock.now(),
      sms: { send: () => Promise.reject(new Error('gateway down')) },
    });
    const logged = allowConsole('error');
    allowServerErrors();
    const answer = await failing.call(endpoints.sendVerifiedCode, {
      body: { mobile: uniqueMobile() },
      token: tokens.access_token,
      remoteAddress: uniqueAddress(),
    });
    expect(answer.status).toBe(502);
    expect(answer.body.errorData?.code).toBe(9402);
    expect(logged.texts.join('\n')).toContain('gateway down');
    await failing.app.close();
  });

  it('answers a login code as always when the gateway fails (its failure would tell the number is known), and logs it', async () => {
    const { mobile } = await server.createAccount();
    let failed!: () => void;
    const tried = new Promise<void>((resolve) => (failed = resolve));
    const failing = await startTestServer({
      db: server.db,
      startAt: server.clock.now(),
      sms: { send: () => (failed(), Promise.reject(new Error('gateway down'))) },
    });
    const logged = allowConsole('error');
    const answer = await failing.call(endpoints.sendVerifiedCode, { body: { mobile }, remoteAddress: uniqueAddress() });
    expect(answer.status).toBe(200);
    await tried;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logged.texts.join('\n')).toContain('gateway down');
    await failing.app.close();
  });
});
