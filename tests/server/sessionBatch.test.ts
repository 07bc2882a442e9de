import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { CurrentUser } from '../../src/contract/profile.ts';
import { keysOf } from '../../server/auth/keys.ts';
import { signAccessToken, verifyAccessToken } from '../../server/auth/tokens.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const settings = () => ({ key: keysOf(server.config.jwtSecret).accessToken, audience: server.config.serviceName });
const me = (token: string) => server.call<CurrentUser>(endpoints.getCurrentUser, { token });

describe('session checks of concurrent requests', () => {
  it('answer each request for its own session, in one query, with ended sessions refused', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => server.createAccount()));
    const ended = people[3]!;
    await server.call(endpoints.logout, { body: { refreshToken: ended.tokens.refresh_token } });
    const sessionQueries = vi.spyOn(server.db, 'query');

    const answers = await Promise.all(people.map((p) => me(p.tokens.access_token)));

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 401]);
    expect(answers.slice(0, 3).map((a) => a.body.data?.userName)).toEqual(people.slice(0, 3).map((p) => p.username));
    const checks = sessionQueries.mock.calls.filter(([sql]) => (typeof sql === 'string' ? sql : sql.text).includes('ANY($1::uuid[])'));
    expect(checks).toHaveLength(1);
    sessionQueries.mockRestore();
  });

  it('refuses a validly signed token whose user does not own the session it names', async () => {
    const [a, b] = await Promise.all([server.createAccount(), server.createAccount()]);
    const bSession = verifyAccessToken(settings(), b.tokens.access_token, server.clock.now())!.sessionId;
    const forged = signAccessToken(settings(), { userId: a.userId, sessionId: bSession }, server.clock.now());
    const answers = await Promise.all([me(forged), me(b.tokens.access_token)]);
    expect(answers.map((x) => x.status)).toEqual([401, 200]);
    expect(answers[1]!.body.data?.userName).toBe(b.username);
  });
});
