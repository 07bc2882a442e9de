import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { LoginData } from '../../src/contract/envelope.ts';
import { loginLimits, signUpLimit } from '../../server/auth/rateLimit.ts';
import { SLOW_STEP_MS } from '../../server/auth/throttle.ts';
import { startTestServer, strongPassword, uniqueAddress, uniqueUsername, type TestAccount, type TestServer } from './harness.ts';

let server: TestServer;
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function passwordLogin(target: TestServer, username: string, password: string, remoteAddress: string) {
  return target.call<LoginData>(endpoints.login, { body: { username, password, serviceName: 'pishkhan' }, remoteAddress });
}

async function failLogins(account: TestAccount, times: number, address: string) {
  for (let i = 0; i < times; i++) {
    expect((await passwordLogin(server, account.username, 'wrong-password', address)).body.errorData?.code).toBe(100);
  }
}

describe('failed logins for one account from one address', () => {
  it('are slowed after three, by a growing delay', async () => {
    const account = await server.createAccount();
    const before = server.clock.slept.length;
    await failLogins(account, 5, uniqueAddress());
    expect(server.clock.slept.slice(before)).toEqual([SLOW_STEP_MS, 2 * SLOW_STEP_MS]);
  });

  it('are answered 429 with 9403 and Retry-After at ten, even for the right password, until the window ends', async () => {
    const account = await server.createAccount();
    const address = uniqueAddress();
    await failLogins(account, loginLimits.accountAtAddress.maxFailures, address);
    server.clock.advance(5 * MINUTE);
    const blocked = await passwordLogin(server, account.username, account.password, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorData?.code).toBe(9403);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(9 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
    server.clock.advance(Number(blocked.headers['retry-after']) * 1000);
    expect((await passwordLogin(server, account.username, account.password, address)).status).toBe(200);
  });

  it('do not lock the account owner out from another address', async () => {
    const account = await server.createAccount();
    await failLogins(account, loginLimits.accountAtAddress.maxFailures, uniqueAddress());
    expect((await passwordLogin(server, account.username, account.password, uniqueAddress())).status).toBe(200);
  });

  it('start again from zero after a successful login', async () => {
    const account = await server.createAccount();
    const address = uniqueAddress();
    await failLogins(account, 3, address);
    expect((await passwordLogin(server, account.username, account.password, address)).status).toBe(200);
    const before = server.clock.slept.length;
    await failLogins(account, 3, address);
    expect(server.clock.slept.length).toBe(before);
  });

  it('count against the account whatever the case of its name', async () => {
    const account = await server.createAccount();
    const address = uniqueAddress();
    for (let i = 0; i < loginLimits.accountAtAddress.maxFailures; i++) {
      const name = i % 2 ? account.username.toUpperCase() : account.username;
      await passwordLogin(server, name, 'wrong-password', address);
    }
    expect((await passwordLogin(server, account.username, account.password, address)).status).toBe(429);
  });
});

describe('failed logins for one account from many addresses', () => {
  it('meet a ceiling of a hundred for the account, whichever address comes next', async () => {
    const account = await server.createAccount({ verifyMobile: true });
    // Wrong SMS codes naming the username cost no password hashing; they count against the account.
    for (let i = 0; i < loginLimits.account.maxFailures; i++) {
      const answer = await server.call(endpoints.loginByMobile, {
        body: { UserName: account.username, Mobile: account.mobile, Code: '000000', ServiceName: 'pishkhan' },
        remoteAddress: uniqueAddress(),
      });
      expect([111, 112]).toContain(answer.body.errorData?.code);
    }
    const blocked = await passwordLogin(server, account.username, account.password, uniqueAddress());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('an owner at an address they have signed in from', () => {
  it('still signs in after a hundred wrong passwords from ten other addresses, which are refused', async () => {
    const account = await server.createAccount();
    const home = uniqueAddress();
    expect((await passwordLogin(server, account.username, account.password, home)).status).toBe(200);
    const attackers = Array.from({ length: 10 }, () => uniqueAddress());
    for (const address of attackers) await failLogins(account, loginLimits.accountAtAddress.maxFailures, address);
    server.clock.advance(MINUTE);
    expect((await passwordLogin(server, account.username, 'wrong-password', uniqueAddress())).status).toBe(429);
    expect((await passwordLogin(server, account.username, account.password, uniqueAddress())).status).toBe(429);
    expect((await passwordLogin(server, account.username, account.password, attackers[0]!)).status).toBe(429);
    const owner = await passwordLogin(server, account.username, account.password, home);
    expect(owner.status).toBe(200);
    expect(JSON.stringify(owner.body.data)).toContain('access_token');
  });

  it('forgets the address after ninety days without a sign-in from it', async () => {
    const account = await server.createAccount();
    const home = uniqueAddress();
    expect((await passwordLogin(server, account.username, account.password, home)).status).toBe(200);
    server.clock.advance(91 * 24 * 60 * MINUTE);
    // The account's ceiling from anywhere, full (as a hundred failures elsewhere leave it).
    await server.db.query('INSERT INTO auth_throttle (key, failures, window_ends_at, last_failure_at) VALUES ($1, $2, $3, $4)', [
      `user:${account.username.toLowerCase()}`,
      loginLimits.account.maxFailures,
      new Date(server.clock.now() + 30 * MINUTE),
      new Date(server.clock.now()),
    ]);
    expect((await passwordLogin(server, account.username, account.password, home)).status).toBe(429);
  });
});

/**
 * Fills an address's failure count cheaply: a code for numbers never sent one is a failed guess
 * too, and costs no password hashing.
 */
async function failFromAddress(target: TestServer, remoteAddress: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < loginLimits.address.maxFailures; i++) {
    const answer = await target.call(endpoints.loginByMobile, {
      body: { UserName: '', Mobile: `0935${String(i).padStart(7, '0')}`, Code: '123456', ServiceName: 'pishkhan' },
      remoteAddress,
      headers,
    });
    expect(answer.body.errorData?.code).toBe(111);
  }
}

describe('failed logins from one address', () => {
  it('are answered 429 at fifty, on every login path, whichever usernames they try', async () => {
    const address = uniqueAddress();
    await failFromAddress(server, address);
    const account = await server.createAccount({ verifyMobile: true });
    const blocked = await passwordLogin(server, account.username, account.password, address);
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const byMobile = await server.call(endpoints.loginByMobile, {
      body: { UserName: '', Mobile: account.mobile, Code: '123456', ServiceName: 'pishkhan' },
      remoteAddress: address,
    });
    expect(byMobile.status).toBe(429);
    expect((await passwordLogin(server, account.username, account.password, uniqueAddress())).status).toBe(200);
  });

  it('count wrong passwords from the address, and a success gives its slot back', async () => {
    const address = uniqueAddress();
    const account = await server.createAccount();
    for (let i = 0; i < 3; i++) await passwordLogin(server, uniqueUsername('guess'), 'wrong-password', address);
    const failures = async () =>
      (await server.db.query<{ failures: number }>('SELECT failures FROM auth_throttle WHERE key = $1', [`addr:${address}`]))[0]?.failures;
    expect(await failures()).toBe(3);
    expect((await passwordLogin(server, account.username, account.password, address)).status).toBe(200);
    expect(await failures()).toBe(3);
  });

  it('come from the socket: X-Forwarded-For is ignored unless TRUST_PROXY names the proxy', async () => {
    const address = uniqueAddress();
    await failFromAddress(server, address, { 'x-forwarded-for': uniqueAddress() });
    const account = await server.createAccount();
    expect((await passwordLogin(server, account.username, account.password, address)).status).toBe(429);
  });

  it('are counted per forwarded address behind a trusted proxy', async () => {
    const proxy = uniqueAddress();
    const behindProxy = await startTestServer({ db: server.db, startAt: server.clock.now(), config: { trustProxy: [proxy] } });
    const client = uniqueAddress();
    await failFromAddress(behindProxy, proxy, { 'x-forwarded-for': client });
    const account = await behindProxy.createAccount();
    const login = (forwardedFor: string) =>
      behindProxy.call(endpoints.login, {
        body: { username: account.username, password: account.password, serviceName: 'pishkhan' },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    expect((await login(client)).status).toBe(429);
    expect((await login(uniqueAddress())).status).toBe(200);
    await behindProxy.app.close();
  });
});

describe('sign-ups from one address', () => {
  it('are answered 429 with Retry-After after twenty an hour; other addresses still sign up', async () => {
    const address = uniqueAddress();
    const signUp = (remoteAddress: string) =>
      server.call(endpoints.signUp, {
        body: { username: uniqueUsername('signup'), password: strongPassword, serviceName: 'pishkhan' },
        remoteAddress,
      });
    for (let i = 0; i < signUpLimit.maxFailures; i++) expect((await signUp(address)).status).toBe(201);
    const blocked = await signUp(address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorData?.code).toBe(9403);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signUp(uniqueAddress())).status).toBe(201);
    server.clock.advance(signUpLimit.windowMs);
    expect((await signUp(address)).status).toBe(201);
  });
});

describe('the limits live in the database', () => {
  it('so two server processes on one database share them', async () => {
    const second = await startTestServer({ db: server.db, startAt: server.clock.now() });
    const account = await server.createAccount();
    const address = uniqueAddress();
    for (let i = 0; i < loginLimits.accountAtAddress.maxFailures; i++) {
      const target = i % 2 ? server : second;
      await passwordLogin(target, account.username, 'wrong-password', address);
    }
    expect((await passwordLogin(second, account.username, account.password, address)).status).toBe(429);
    expect((await passwordLogin(server, account.username, account.password, address)).status).toBe(429);
    await second.app.close();
  });
});

describe('mobile login paths', () => {
  const wrongCode = (code: string) => (code === '000000' ? '000001' : '000000');

  it('LoginByMobile: wrong codes for one number from one address end in 429 with Retry-After', async () => {
    const account = await server.createAccount({ verifyMobile: true });
    const code = await server.sendCode(account.mobile!);
    const address = uniqueAddress();
    const login = (guess: string) =>
      server.call(endpoints.loginByMobile, {
        body: { UserName: '', Mobile: account.mobile, Code: guess, ServiceName: 'pishkhan' },
        remoteAddress: address,
      });
    for (let i = 0; i < loginLimits.mobileAtAddress.maxFailures; i++)
      expect([112, 111]).toContain((await login(wrongCode(code))).body.errorData?.code);
    const blocked = await login(code);
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorData?.code).toBe(9403);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ResetPasswordByMobile: wrong codes for one username from one address end in 429 with Retry-After', async () => {
    const account = await server.createAccount({ verifyMobile: true });
    const address = uniqueAddress();
    const reset = (code: string) =>
      server.call(endpoints.resetPasswordByMobile, {
        body: {
          UserName: account.username,
          mobile: account.mobile,
          code,
          newPassword: 'Fresh-Passphrase-9',
          confirmPassword: 'Fresh-Passphrase-9',
        },
        remoteAddress: address,
      });
    const code = await server.sendCode(account.mobile!, { purpose: 'reset' });
    for (let i = 0; i < loginLimits.accountAtAddress.maxFailures; i++) await reset(wrongCode(code));
    const blocked = await reset(code);
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorData?.code).toBe(9403);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
