import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { purgeExpired } from '../../server/auth/housekeeping.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const count = async (table: string) => (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe('purgeExpired', () => {
  it('keeps live sessions and removes ended ones a day later, with their refresh tokens', async () => {
    const account = await server.createAccount();
    const ended = await server.login(account.username, account.password);
    await server.call(endpoints.logout, { body: { refreshToken: ended.refresh_token } });
    const tokensBefore = await count('refresh_tokens');

    await purgeExpired(server.db, server.clock.now() + DAY + 1000);
    expect(await count('refresh_tokens')).toBe(tokensBefore - 1);
    expect((await server.call(endpoints.refreshToken, { body: { refreshToken: account.tokens.refresh_token } })).status).toBe(200);
  });

  it('removes old codes, sends and closed counters', async () => {
    const account = await server.createAccount();
    await server.sendCode(account.mobile!);
    await server.call(endpoints.login, { body: { username: account.username, password: 'wrong-password', serviceName: 'pishkhan' } });
    expect(await count('sms_sends')).toBeGreaterThan(0);
    expect(await count('auth_throttle')).toBeGreaterThan(0);

    await purgeExpired(server.db, server.clock.now() + 2 * DAY);
    expect(await count('verification_codes')).toBe(0);
    expect(await count('sms_sends')).toBe(0);
    expect(await count('auth_throttle')).toBe(0);
  });
});
