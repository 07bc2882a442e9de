import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { startTestServer, uniqueAddress, uniqueMobile, type TestServer } from './harness.ts';

let server: TestServer;
const newPassword = 'Remembered-At-Last-1404';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const reset = (body: Record<string, unknown>) =>
  server.call(endpoints.resetPasswordByMobile, {
    body: { UserName: '', newPassword, confirmPassword: newPassword, ...body },
    remoteAddress: uniqueAddress(),
  });

describe('PUT /api/Account/ResetPasswordByMobile', () => {
  it('sets a new password with a reset code and ends every session of the account', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!, { purpose: 'reset' });
    const answer = await reset({ UserName: account.username, mobile: account.mobile, code });
    expect(answer.status).toBe(200);
    expect(answer.body.isSuccess).toBe(true);
    expect((await server.call(endpoints.getCurrentUser, { token: account.tokens.access_token })).status).toBe(401);
    await expect(server.login(account.username, account.password)).rejects.toThrow();
    expect((await server.login(account.username, newPassword)).access_token).toBeTruthy();
  });

  it('refuses a login code: a code is bound to its purpose', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!, { purpose: 'login' });
    expect((await reset({ mobile: account.mobile, code })).body.errorData?.code).toBe(111);
  });

  it('answers 112 for a wrong code, and for an unknown number (not 110, which would tell)', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!, { purpose: 'reset' });
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await reset({ mobile: account.mobile, code: wrong })).body.errorData?.code).toBe(112);
    expect((await reset({ mobile: uniqueMobile(), code })).body.errorData?.code).toBe(111);
    const unknown = uniqueMobile();
    await server.call(endpoints.sendVerifiedCode, { body: { mobile: unknown, purpose: 'reset' }, remoteAddress: uniqueAddress() });
    expect((await reset({ mobile: unknown, code })).body.errorData?.code).toBe(112);
  });

  it('answers 9401 for a mismatched or common password and keeps the code for another try', async () => {
    const account = await server.createAccount();
    const code = await server.sendCode(account.mobile!, { purpose: 'reset' });
    expect((await reset({ mobile: account.mobile, code, confirmPassword: 'something-else-1' })).body.errorData?.code).toBe(9401);
    expect(
      (await reset({ mobile: account.mobile, code, newPassword: 'password1', confirmPassword: 'password1' })).body.errorData?.code,
    ).toBe(9401);
    expect((await reset({ mobile: account.mobile, code })).status).toBe(200);
  });

  it('answers 122 for a malformed number', async () => {
    expect((await reset({ mobile: 'not-a-number', code: '123456' })).body.errorData?.code).toBe(122);
  });
});
