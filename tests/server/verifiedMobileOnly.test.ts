/**
 * Issue 14, item 3: only a verified number signs in or resets a password. A number typed into a
 * profile but never verified is pending: nobody can take the account through it, and it blocks
 * nobody else from verifying the number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { CurrentUser } from '../../src/contract/profile.ts';
import { sampleRegistration, startTestServer, uniqueAddress, uniqueMobile, type TestServer } from './harness.ts';

let server: TestServer;
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const askCode = (mobile: string, purpose: 'login' | 'reset') =>
  server.call(endpoints.sendVerifiedCode, { body: { mobile, purpose }, remoteAddress: uniqueAddress() });

describe('a number typed into a profile but not verified', () => {
  it('gets no login code and no reset code (answered as any number is)', async () => {
    const account = await server.createAccount({ verifyMobile: false });
    for (const purpose of ['login', 'reset'] as const) {
      const answer = await askCode(account.mobile!, purpose);
      expect(answer.status).toBe(200);
      expect(server.smsOutbox.latestCode(account.mobile!, purpose)).toBeNull();
    }
  });

  it('cannot reset the password of the account that typed it, even with a code sent to it', async () => {
    const victim = await server.createAccount({ verifyMobile: false });
    const thief = await server.createAccount({ mobile: null });
    // The thief holds the phone and verifies the number for an account of their own first...
    const verifyCode = await server.sendCode(victim.mobile!, { purpose: 'verify', token: thief.tokens.access_token });
    await server.call(endpoints.verifyPhoneNumber, { token: thief.tokens.access_token, body: { mobile: victim.mobile, code: verifyCode } });
    // ...and a reset code now goes to the thief's own account, never to the victim's.
    server.clock.advance(MINUTE);
    const reset = await server.call(endpoints.resetPasswordByMobile, {
      body: {
        UserName: victim.username,
        mobile: victim.mobile,
        code: await server.sendCode(victim.mobile!, { purpose: 'reset' }),
        newPassword: 'Taken-Over-1404',
        confirmPassword: 'Taken-Over-1404',
      },
      remoteAddress: uniqueAddress(),
    });
    expect(reset.body.errorData?.code).toBe(112);
    expect((await server.login(victim.username, victim.password)).access_token).toBeTruthy();
  });

  it('blocks nobody: another person verifies it, and both profiles keep their entry', async () => {
    const mobile = uniqueMobile();
    const pending = await server.createAccount({ mobile, verifyMobile: false });
    const holder = await server.createAccount({ mobile: null });
    const saved = await server.call(endpoints.updateProfile, {
      token: holder.tokens.access_token,
      body: { ...sampleRegistration(), mobileNumber: mobile },
    });
    expect(saved.status).toBe(200);
    const code = await server.sendCode(mobile, { purpose: 'verify', token: holder.tokens.access_token });
    const verified = await server.call(endpoints.verifyPhoneNumber, { token: holder.tokens.access_token, body: { mobile, code } });
    expect(verified.status).toBe(200);
    const profileOf = async (token: string) => (await server.call<CurrentUser>(endpoints.getCurrentUser, { token })).body.data!;
    expect(await profileOf(holder.tokens.access_token)).toMatchObject({ mobileNumber: mobile, mobileVerified: true });
    expect(await profileOf(pending.tokens.access_token)).toMatchObject({ mobileNumber: mobile, mobileVerified: false });
    // The login code goes to the account that verified the number.
    server.clock.advance(MINUTE);
    const login = await server.call(endpoints.loginByMobile, {
      body: { UserName: '', Mobile: mobile, Code: await server.sendCode(mobile), ServiceName: 'pishkhan' },
      remoteAddress: uniqueAddress(),
    });
    expect(login.status).toBe(200);
  });

  it('cannot be verified by a second account once one has verified it (9107, to whoever holds the phone)', async () => {
    const holder = await server.createAccount({ verifyMobile: true });
    const other = await server.createAccount({ mobile: null });
    const code = await server.sendCode(holder.mobile!, { purpose: 'verify', token: other.tokens.access_token });
    const answer = await server.call(endpoints.verifyPhoneNumber, {
      token: other.tokens.access_token,
      body: { mobile: holder.mobile, code },
    });
    expect(answer.body.errorData?.code).toBe(9107);
    const [row] = await server.db.query<{ mobile: string | null; mobile_verified: boolean }>(
      'SELECT mobile, mobile_verified FROM users WHERE id = $1',
      [other.userId],
    );
    expect(row!.mobile_verified).toBe(false);
  });
});
