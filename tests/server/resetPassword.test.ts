import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const resetPassword = (token: string, body: unknown) => server.call(endpoints.resetPassword, { token, body });
const me = (token: string) => server.call(endpoints.getCurrentUser, { token });
const newPassword = 'A-Brand-New-Passphrase';

describe('PUT /api/Account/ResetPassword', () => {
  it('changes the password and ends every other session of the account, keeping this one', async () => {
    const account = await server.createAccount();
    const other = await server.login(account.username, account.password);
    const answer = await resetPassword(account.tokens.access_token, {
      oldPassword: account.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.isSuccess).toBe(true);
    expect((await me(account.tokens.access_token)).status).toBe(200);
    expect((await me(other.access_token)).status).toBe(401);
    expect((await server.call(endpoints.refreshToken, { body: { refreshToken: other.refresh_token } })).status).toBe(401);
    expect((await server.call(endpoints.refreshToken, { body: { refreshToken: account.tokens.refresh_token } })).status).toBe(200);
    await expect(server.login(account.username, account.password)).rejects.toThrow();
    expect((await server.login(account.username, newPassword)).access_token).toBeTruthy();
  });

  it('answers 100 when the old password is wrong, and keeps the old one', async () => {
    const account = await server.createAccount();
    const answer = await resetPassword(account.tokens.access_token, {
      oldPassword: 'not-my-password',
      newPassword,
      confirmPassword: newPassword,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errorData?.code).toBe(100);
    expect((await server.login(account.username, account.password)).access_token).toBeTruthy();
  });

  it('answers 9401 when the confirmation differs or the new password is common or short', async () => {
    const account = await server.createAccount();
    for (const [next, confirm] of [
      [newPassword, `${newPassword}!`],
      ['iloveyou', 'iloveyou'],
      ['short', 'short'],
    ]) {
      const answer = await resetPassword(account.tokens.access_token, {
        oldPassword: account.password,
        newPassword: next,
        confirmPassword: confirm,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(9401);
    }
  });

  it('answers 9401 when a field is missing', async () => {
    const account = await server.createAccount({ profile: false });
    const answer = await resetPassword(account.tokens.access_token, { oldPassword: account.password, newPassword });
    expect(answer.body.errorData?.code).toBe(9401);
  });

  it('needs a session', async () => {
    const answer = await server.call(endpoints.resetPassword, { body: { oldPassword: 'a', newPassword, confirmPassword: newPassword } });
    expect(answer.status).toBe(401);
  });
});
