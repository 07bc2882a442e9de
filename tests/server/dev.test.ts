import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { startTestServer, uniqueUsername, type TestServer } from './harness.ts';

describe('developer tools with DEV_TOOLS=1', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ config: { devTools: true } });
    token = (await server.createAccount()).tokens.access_token;
  });
  afterAll(() => server.close());

  it('answer only a signed-in caller (401 otherwise)', async () => {
    const account = await server.createAccount();
    await server.sendCode(account.mobile!);
    for (const endpoint of [endpoints.getUserByUsername, endpoints.devSmsOutbox]) {
      const answer = await server.call(endpoint, { query: { username: account.username, mobile: account.mobile! } });
      expect(answer.status).toBe(401);
      expect(JSON.stringify(answer.body)).not.toContain(account.userId);
      expect(answer.body.data).toBeNull();
    }
  });

  it('looks a user up by username, whatever its case', async () => {
    const account = await server.createAccount();
    const answer = await server.call<{ id: string; userName: string; registered: boolean }>(endpoints.getUserByUsername, {
      query: { username: account.username.toUpperCase() },
      token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: account.userId, userName: account.username, registered: true });
  });

  it('answers 404 with 110 for an unknown username and 9401 without one', async () => {
    const unknown = await server.call(endpoints.getUserByUsername, { query: { username: uniqueUsername() }, token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorData?.code).toBe(110);
    expect((await server.call(endpoints.getUserByUsername, { token })).body.errorData?.code).toBe(9401);
  });

  it('run every module’s scheduled job once, at once, and answer what each did', async () => {
    const answer = await server.call<{ name: string; result: unknown }[]>(endpoints.devRunJobs, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toContainEqual({ name: 'tax system', result: { panels: 0, sent: 0, accepted: 0, refused: 0, failed: 0 } });
    expect((await server.call(endpoints.devRunJobs)).status).toBe(401);
  });

  it('lists the codes sent to a number, oldest first', async () => {
    const account = await server.createAccount();
    const first = await server.sendCode(account.mobile!);
    server.clock.advance(60_000);
    const second = await server.sendCode(account.mobile!, { purpose: 'reset' });
    const answer = await server.call<{ code: string; purpose: string }[]>(endpoints.devSmsOutbox, {
      query: { mobile: account.mobile! },
      token,
    });
    expect(answer.body.data?.map((m) => [m.code, m.purpose])).toEqual([
      [first, 'login'],
      [second, 'reset'],
    ]);
  });
});

describe('developer tools without DEV_TOOLS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { devTools: false } });
  });
  afterAll(() => server.close());

  it('do not exist: 404 with the envelope', async () => {
    const account = await server.createAccount({ profile: false });
    for (const endpoint of [endpoints.getUserByUsername, endpoints.devSmsOutbox, endpoints.devRunJobs]) {
      const answer = await server.call(endpoint, { query: { username: account.username, mobile: '09120000000' } });
      expect(answer.status).toBe(404);
      expect(answer.body.isSuccess).toBe(false);
    }
  });
});
