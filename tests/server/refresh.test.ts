import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { LoginData } from '../../src/contract/envelope.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let server: TestServer;
let account: TestAccount;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.close());

const refresh = (refreshToken: unknown) => server.call<LoginData>(endpoints.refreshToken, { body: { refreshToken } });
const me = (token: string) => server.call(endpoints.getCurrentUser, { token });

describe('PUT /api/Account/RefreshToken', () => {
  it('answers a new token pair and the old refresh token stops working', async () => {
    const first = await server.login(account.username, account.password);
    const answer = await refresh(first.refresh_token);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const next = answer.body.data!;
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await me(next.access_token)).status).toBe(200);
    expect((await refresh(next.refresh_token)).status).toBe(200);
  });

  it('treats an already-used refresh token as stolen: 401, and the whole family is revoked', async () => {
    const first = await server.login(account.username, account.password);
    const second = (await refresh(first.refresh_token)).body.data!;

    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.isSuccess).toBe(false);

    expect((await refresh(second.refresh_token)).status).toBe(401);
    expect((await me(second.access_token)).status).toBe(401);
    expect((await me(first.access_token)).status).toBe(401);
  });

  it('lets only one of two simultaneous refreshes with one token through, and revokes the family', async () => {
    const first = await server.login(account.username, account.password);
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.status === 200)!.body.data!;
    expect((await refresh(winner.refresh_token)).status).toBe(401);
  });

  it("revoking one family leaves the account's other sessions alone", async () => {
    const other = await server.login(account.username, account.password);
    const stolen = await server.login(account.username, account.password);
    await refresh(stolen.refresh_token);
    await refresh(stolen.refresh_token);
    expect((await me(other.access_token)).status).toBe(200);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('answers 401 for a token it never issued', async () => {
    expect((await refresh('A'.repeat(43))).status).toBe(401);
  });

  it('answers 9401 when refreshToken is missing or not a string', async () => {
    for (const value of [undefined, 42, ['x'], { a: 1 }, '']) {
      const answer = await refresh(value);
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(9401);
    }
  });

  it('lets a refresh token lapse after a week without use', async () => {
    const tokens = await server.login(account.username, account.password);
    server.clock.advance(7 * DAY + 1000);
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
  });

  it('ends the session thirty days after login however often it is refreshed', async () => {
    let tokens = await server.login(account.username, account.password);
    for (let day = 6; day < 30; day += 6) {
      server.clock.advance(6 * DAY);
      const answer = await refresh(tokens.refresh_token);
      expect(answer.status).toBe(200);
      tokens = answer.body.data!;
    }
    server.clock.advance(6 * DAY);
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
  });
});
