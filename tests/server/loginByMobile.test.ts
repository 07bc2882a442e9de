import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { LoginData } from '../../src/contract/envelope.ts';
import { toPersianDigits } from '../../src/contract/normalize.ts';
import { startTestServer, uniqueAddress, uniqueMobile, type TestServer } from './harness.ts';

let server: TestServer;
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const loginByMobile = (body: Record<string, unknown>) =>
  server.call<LoginData>(endpoints.loginByMobile, {
    body: { UserName: '', ServiceName: 'pishkhan', ...body },
    remoteAddress: uniqueAddress(),
  });

/** A code that is surely not the one sent. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/account/LoginByMobile', () => {
  it("logs in with the code sent to the account's verified number", async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!);
    const answer = await loginByMobile({ UserName: account.username, Mobile: account.mobile, Code: code });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const me = await server.call<{ userName: string; mobileVerified: boolean }>(endpoints.getCurrentUser, {
      token: answer.body.data!.access_token,
    });
    expect(me.body.data).toMatchObject({ userName: account.username, mobileVerified: true });
  });

  it('needs no username, and takes the number and code in Persian digits', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!);
    const answer = await loginByMobile({ Mobile: toPersianDigits(account.mobile!), Code: toPersianDigits(code) });
    expect(answer.status).toBe(200);
  });

  it('answers 112 for a wrong code', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!);
    const answer = await loginByMobile({ Mobile: account.mobile, Code: wrong(code) });
    expect(answer.status).toBe(400);
    expect(answer.body.errorData?.code).toBe(112);
  });

  it('answers 111 once the code is more than two minutes old', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!);
    server.clock.advance(2 * MINUTE);
    expect((await loginByMobile({ Mobile: account.mobile, Code: code })).body.errorData?.code).toBe(111);
  });

  it('accepts a code once only', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!);
    expect((await loginByMobile({ Mobile: account.mobile, Code: code })).status).toBe(200);
    expect((await loginByMobile({ Mobile: account.mobile, Code: code })).body.errorData?.code).toBe(111);
  });

  it('answers 111 when no code was sent', async () => {
    const account = await server.createAccount();
    expect((await loginByMobile({ Mobile: account.mobile, Code: '123456' })).body.errorData?.code).toBe(111);
  });

  it('does not log in with a code sent for a password reset', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!, { purpose: 'reset' });
    expect((await loginByMobile({ Mobile: account.mobile, Code: code })).body.errorData?.code).toBe(111);
  });

  it('accepts only the latest code sent', async () => {
    const account = await server.createAccount();
    const first = await server.sendCode(account.mobile!);
    server.clock.advance(MINUTE);
    const second = await server.sendCode(account.mobile!);
    if (first !== second) expect((await loginByMobile({ Mobile: account.mobile, Code: first })).body.errorData?.code).toBe(112);
    expect((await loginByMobile({ Mobile: account.mobile, Code: second })).status).toBe(200);
  });

  it('gives up after five wrong tries with 111, even for the right code', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!);
    for (let i = 0; i < 5; i++) {
      expect((await loginByMobile({ Mobile: account.mobile, Code: wrong(code) })).body.errorData?.code).toBe(112);
    }
    expect((await loginByMobile({ Mobile: account.mobile, Code: code })).body.errorData?.code).toBe(111);
  });

  it('does not give more tries for asking a new code', async () => {
    const account = await server.createAccount();
    const first = await server.sendCode(account.mobile!);
    for (let i = 0; i < 5; i++) await loginByMobile({ Mobile: account.mobile, Code: wrong(first) });
    server.clock.advance(MINUTE);
    const fresh = await server.sendCode(account.mobile!);
    expect((await loginByMobile({ Mobile: account.mobile, Code: fresh })).body.errorData?.code).toBe(111);
  });

  it('answers a number no account has, and a username that does not hold the number, as a wrong code (112)', async () => {
    const account = await server.createAccount();
    const other = await server.createAccount();
    const unknown = uniqueMobile();
    await server.call(endpoints.sendVerifiedCode, { body: { mobile: unknown }, remoteAddress: uniqueAddress() });
    expect((await loginByMobile({ Mobile: unknown, Code: '123456' })).body.errorData?.code).toBe(112);
    const code = await server.sendCode(account.mobile!);
    expect((await loginByMobile({ Mobile: account.mobile, Code: code === '123456' ? '123457' : '123456' })).body.errorData?.code).toBe(112);
    server.clock.advance(MINUTE);
    const again = await server.sendCode(account.mobile!);
    expect((await loginByMobile({ UserName: other.username, Mobile: account.mobile, Code: again })).body.errorData?.code).toBe(112);
  });

  it('answers 101 for another service name and 122 for a malformed number', async () => {
    expect((await loginByMobile({ Mobile: '09120000001', Code: '123456', ServiceName: 'other' })).body.errorData?.code).toBe(101);
    expect((await loginByMobile({ Mobile: '12345', Code: '123456' })).body.errorData?.code).toBe(122);
  });

  it("answers 9401 when the spec's field names are not used", async () => {
    const answer = await server.call(endpoints.loginByMobile, { body: { mobile: '09120000001', code: '123456', serviceName: 'pishkhan' } });
    expect(answer.body.errorData?.code).toBe(9401);
  });
});
