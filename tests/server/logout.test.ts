import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.close());

const logout = (body: unknown, token?: string) => server.call(endpoints.logout, { body, ...(token ? { token } : {}) });
const me = (token: string) => server.call(endpoints.getCurrentUser, { token });
const refresh = (refreshToken: string) => server.call(endpoints.refreshToken, { body: { refreshToken } });

describe('PUT /api/Account/Logout', () => {
  it('ends the refresh family and its access tokens, without a bearer token', async () => {
    const tokens = await server.login(account.username, account.password);
    const answer = await logout({ refreshToken: tokens.refresh_token });
    expect(answer.status).toBe(200);
    expect(answer.body.isSuccess).toBe(true);
    expect((await me(tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
  });

  it('ends the session with a bearer token too', async () => {
    const tokens = await server.login(account.username, account.password);
    expect((await logout({ refreshToken: tokens.refresh_token }, tokens.access_token)).status).toBe(200);
    expect((await me(tokens.access_token)).status).toBe(401);
  });

  it('ends the access tokens issued by earlier refreshes of the family', async () => {
    const tokens = await server.login(account.username, account.password);
    const next = (await refresh(tokens.refresh_token)).body.data as { refresh_token: string; access_token: string };
    await logout({ refreshToken: next.refresh_token });
    expect((await me(tokens.access_token)).status).toBe(401);
    expect((await me(next.access_token)).status).toBe(401);
  });

  it("leaves the account's other sessions alone", async () => {
    const mine = await server.login(account.username, account.password);
    const other = await server.login(account.username, account.password);
    await logout({ refreshToken: mine.refresh_token });
    expect((await me(other.access_token)).status).toBe(200);
  });

  it("ends the bearer's session even when the refresh token is unknown", async () => {
    const tokens = await server.login(account.username, account.password);
    expect((await logout({ refreshToken: 'unknown-token' }, tokens.access_token)).status).toBe(200);
    expect((await me(tokens.access_token)).status).toBe(401);
  });

  it('answers success for an unknown refresh token, revealing nothing', async () => {
    const answer = await logout({ refreshToken: 'never-issued' });
    expect(answer.status).toBe(200);
  });

  it('answers 9401 without a refreshToken', async () => {
    const answer = await logout({});
    expect(answer.status).toBe(400);
    expect(answer.body.errorData?.code).toBe(9401);
  });
});
