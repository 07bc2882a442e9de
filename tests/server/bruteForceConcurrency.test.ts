/**
 * Issue 14, item 1: brute-force limits must hold when the guesses arrive together. Each test
 * fires its guesses at once (Promise.all); on PostgreSQL they spread over the pool's several
 * connections. The in-flight count proves the requests really overlapped: more of them were
 * inside the server at one moment than the limit allows to be compared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { codeAttemptLimit } from '../../server/auth/codes.ts';
import { loginLimits } from '../../server/auth/rateLimit.ts';
import { startTestServer, uniqueAddress, type CallResult, type TestServer } from './harness.ts';

let server: TestServer;
const inFlight = { now: 0, peak: 0 };

beforeAll(async () => {
  server = await startTestServer({
    register(app) {
      app.addHook('onRequest', async () => {
        inFlight.now += 1;
        inFlight.peak = Math.max(inFlight.peak, inFlight.now);
      });
      app.addHook('onResponse', async () => {
        inFlight.now -= 1;
      });
    },
  });
});
afterAll(() => server.close());

/** Fires every request at once; answers the answers and how many were in the server together. */
async function together(count: number, send: (i: number) => Promise<CallResult>): Promise<{ answers: CallResult[]; peak: number }> {
  inFlight.peak = 0;
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  return { answers, peak: inFlight.peak };
}

const codesOf = (answers: CallResult[]) => answers.map((a) => a.body.errorData?.code);
const countOf = (answers: CallResult[], code: number) => codesOf(answers).filter((c) => c === code).length;

describe('simultaneous guesses', () => {
  it('of fifty wrong passwords for one account from one address: ten are compared, forty refused with 429', async () => {
    const account = await server.createAccount();
    const address = uniqueAddress();
    const { answers, peak } = await together(50, () =>
      server.call(endpoints.login, {
        body: { username: account.username, password: 'wrong-password', serviceName: 'pishkhan' },
        remoteAddress: address,
      }),
    );
    expect(peak).toBeGreaterThan(loginLimits.accountAtAddress.maxFailures);
    expect(countOf(answers, 100)).toBe(loginLimits.accountAtAddress.maxFailures);
    expect(countOf(answers, 9403)).toBe(50 - loginLimits.accountAtAddress.maxFailures);
    expect(answers.filter((a) => a.status === 429).every((a) => Number(a.headers['retry-after']) > 0)).toBe(true);
  });

  it('of a hundred and twenty wrong SMS codes for one number, each from its own address: five are compared', async () => {
    const account = await server.createAccount({ verifyMobile: true });
    const code = await server.sendCode(account.mobile!);
    const wrong = code === '000000' ? '000001' : '000000';
    const { answers, peak } = await together(120, () =>
      server.call(endpoints.loginByMobile, {
        body: { UserName: '', Mobile: account.mobile, Code: wrong, ServiceName: 'pishkhan' },
        remoteAddress: uniqueAddress(),
      }),
    );
    expect(peak).toBeGreaterThan(codeAttemptLimit.maxFailures);
    expect(countOf(answers, 112)).toBe(codeAttemptLimit.maxFailures);
    expect(codesOf(answers).every((c) => c === 112 || c === 111 || c === 9403)).toBe(true);
    const right = await server.call(endpoints.loginByMobile, {
      body: { UserName: '', Mobile: account.mobile, Code: code, ServiceName: 'pishkhan' },
      remoteAddress: uniqueAddress(),
    });
    // No tries are left for that code (111), and the number has met its hourly ceiling too (9403).
    expect([111, 9403]).toContain(right.body.errorData?.code);
  });

  it('of sixty guessed codes for unknown numbers from one address: fifty are answered, ten refused with 429', async () => {
    const address = uniqueAddress();
    const { answers, peak } = await together(60, (i) =>
      server.call(endpoints.loginByMobile, {
        body: { UserName: '', Mobile: `0936${String(i).padStart(7, '0')}`, Code: '123456', ServiceName: 'pishkhan' },
        remoteAddress: address,
      }),
    );
    expect(peak).toBeGreaterThan(loginLimits.address.maxFailures);
    expect(countOf(answers, 111)).toBe(loginLimits.address.maxFailures);
    expect(countOf(answers, 9403)).toBe(60 - loginLimits.address.maxFailures);
  });

  it('of sixty code requests from one address at once, one is sent and the rest refused alike, known numbers or not', async () => {
    const address = uniqueAddress();
    const { answers } = await together(60, (i) =>
      server.call(endpoints.sendVerifiedCode, { body: { mobile: `0937${String(i).padStart(7, '0')}` }, remoteAddress: address }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(countOf(answers, 9403)).toBe(59);
  });
});
