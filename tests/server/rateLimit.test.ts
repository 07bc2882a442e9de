import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { loginLimits, SLOW_STEP_MS } from '../../server/auth/rateLimit.ts';
import { startTestServer, uniqueAddress, uniqueUsername, type TestAccount, type TestServer } from './harness.ts';

let server: TestServer;
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function passwordLogin(target: TestServer, username: string, password: string, remoteAddress: string) {
  return target.call(endpoints.login, { body: { username, password, serviceName: 'pishkhan' }, remoteAddress });
}

async function failLogins(account: TestAccount, times: number, address = uniqueAddress()) {
  for (let i = 0; i < times; i++) {
    expect((await passwordLogin(server, account.username, 'wrong-password', address)).body.errorData?.code).toBe(100);
  }
}

describe('failed logins for one username', () => {
  it('are slowed after three, by a growing delay', async () => {
    const account = await server.createAccount();
    const before = server.clock.slept.length;
    await failLogins(account, 5);
    expect(server.clock.slept.slice(before)).toEqual([SLOW_STEP_MS, 2 * SLOW_STEP_MS]);
  });

  it('are answered 429 with 9403 and Retry-After at ten, even for the right password, until the window ends', async () => {
    const account = await server.createAccount();
    await failLogins(account, loginLimits.username.maxFailures);
    server.clock.advance(5 * MINUTE);
    const blocked = await passwordLogin(server, account.username, account.password, uniqueAddress());
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorData?.code).toBe(9403);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(9 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
    server.clock.advance(Number(blocked.headers['retry-after']) * 1000);
    expect((await passwordLogin(server, account.username, account.password, uniqueAddress())).status).toBe(200);
  });

  it('start again from zero after a successful login', async () => {
    const account = await server.createAccount();
    await failLogins(account, 3);
    expect((await passwordLogin(server, account.username, account.password, uniqueAddress())).status).toBe(200);
    const before = server.clock.slept.length;
    await failLogins(account, 3);
    expect(server.clock.slept.length).toBe(before);
  });

  it('count against the username whatever its case', async () => {
    const account = await server.createAccount();
    for (let i = 0; i < loginLimits.username.maxFailures; i++) {
      const name = i % 2 ? account.username.toUpperCase() : account.username;
      await passwordLogin(server, name, 'wrong-password', uniqueAddress());
    }
    expect((await passwordLogin(server, account.username, account.password, uniqueAddress())).status).toBe(429);
  });
});

/**
 * Fills an address's failure count cheaply: asking for a code to a number no account has is a
 * failed guess too, and costs no password hashing.
 */
async function failFromAddress(target: TestServer, remoteAddress: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < loginLimits.address.maxFailures; i++) {
    const answer = await target.call(endpoints.sendVerifiedCode, {
      body: { mobile: `0935${String(i).padStart(7, '0')}` },
      remoteAddress,
      headers,
    });
    expect(answer.body.errorData?.code).toBe(110);
  }
}

describe('failed logins from one address', () => {
  it('are answered 429 at fifty, on every login path, whichever usernames they try', async () => {
    const address = uniqueAddress();
    await failFromAddress(server, address);
    const account = await server.createAccount();
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

  it('count wrong passwords from the address too', async () => {
    const address = uniqueAddress();
    const account = await server.createAccount();
    for (let i = 0; i < 3; i++) await passwordLogin(server, uniqueUsername('guess'), 'wrong-password', address);
    const [row] = await server.db.query<{ failures: number }>('SELECT failures FROM auth_throttle WHERE key = $1', [`addr:${address}`]);
    expect(row?.failures).toBe(3);
    expect((await passwordLogin(server, account.username, account.password, address)).status).toBe(200);
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

describe('the limits live in the database', () => {
  it('so two server processes on one database share them', async () => {
    const second = await startTestServer({ db: server.db, startAt: server.clock.now() });
    const account = await server.createAccount();
    for (let i = 0; i < loginLimits.username.maxFailures; i++) {
      const target = i % 2 ? server : second;
      await passwordLogin(target, account.username, 'wrong-password', uniqueAddress());
    }
    expect((await passwordLogin(second, account.username, account.password, uniqueAddress())).status).toBe(429);
    expect((await passwordLogin(server, account.username, account.password, uniqueAddress())).status).toBe(429);
    await second.app.close();
  });
});

describe('mobile login paths', () => {
  const wrongCode = (code: string) => (code === '000000' ? '000001' : '000000');

  it('LoginByMobile: wrong codes for one number end in 429 with Retry-After', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!);
    for (let i = 0; i < loginLimits.mobile.maxFailures; i++) {
      const answer = await server.call(endpoints.loginByMobile, {
        body: { UserName: '', Mobile: account.mobile, Code: wrongCode(code), ServiceName: 'pishkhan' },
        remoteAddress: uniqueAddress(),
      });
      expect([112, 111]).toContain(answer.body.errorData?.code);
    }
    const blocked = await server.call(endpoints.loginByMobile, {
      body: { UserName: '', Mobile: account.mobile, Code: code, ServiceName: 'pishkhan' },
      remoteAddress: uniqueAddress(),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorData?.code).toBe(9403);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ResetPasswordByMobile: wrong codes for one username end in 429 with Retry-After', async () => {
    const account = await server.createAccount();
    const reset = (code: string) =>
      server.call(endpoints.resetPasswordByMobile, {
        body: { UserName: account.username, mobile: account.mobile, code, newPassword: 'Fresh-Passphrase-9', confirmPassword: 'Fresh-Passphrase-9' },
        remoteAddress: uniqueAddress(),
      });
    const code = await server.sendCode(account.mobile!, { purpose: 'reset' });
    for (let i = 0; i < loginLimits.username.maxFailures; i++) await reset(wrongCode(code));
    const blocked = await reset(code);
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorData?.code).toBe(9403);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
