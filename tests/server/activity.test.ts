import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { ActivityData } from '../../src/contract/profile.ts';
import { lastDays } from '../../server/account/activity.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  // 2026-11-22 21:00 UTC is already 2026-11-23 in Tehran (UTC+03:30).
  server = await startTestServer({ startAt: Date.UTC(2026, 10, 22, 21, 0, 0) });
});
afterAll(() => server.close());

const activity = (token: string) => server.call<ActivityData>(endpoints.myActivity, { token });

describe('GET /api/Profile/Activity', () => {
  it('answers the last 30 Tehran days, oldest first, ending today', () => {
    const days = lastDays(server.clock.now());
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2026-11-23');
    expect(days[0]).toBe('2026-10-25');
  });

  it("counts the person's own account events per day", async () => {
    const account = await server.createAccount(); // sign-up and registration: 2 events
    const tokens = await server.login(account.username, account.password);
    const refreshed = await server.call(endpoints.refreshToken, { body: { refreshToken: tokens.refresh_token } });
    expect(refreshed.status).toBe(200);
    await server.call(endpoints.logout, { body: { refreshToken: account.tokens.refresh_token } });
    const other = await server.login(account.username, account.password);

    const answer = await activity(other.access_token);
    expect(answer.status).toBe(200);
    expect(answer.body.data?.days).toHaveLength(30);
    expect(answer.body.data?.days.at(-1)).toEqual({ date: '2026-11-23', count: 6 });
    expect(answer.body.data?.days.slice(0, -1).every((d) => d.count === 0)).toBe(true);
  });

  it("does not count other people's events or events older than 30 days", async () => {
    const account = await server.createAccount();
    await server.createAccount();
    server.clock.advance(31 * DAY);
    const tokens = await server.login(account.username, account.password);
    const days = (await activity(tokens.access_token)).body.data!.days;
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(1);
  });

  it('records password changes', async () => {
    const account = await server.createAccount();
    await server.call(endpoints.resetPassword, {
      token: account.tokens.access_token,
      body: { oldPassword: account.password, newPassword: 'Another-Long-Passphrase', confirmPassword: 'Another-Long-Passphrase' },
    });
    const kinds = await server.db.query<{ kind: string }>('SELECT kind FROM user_activity WHERE user_id = $1 ORDER BY id', [
      account.userId,
    ]);
    expect(kinds.map((k) => k.kind)).toEqual(['signup', 'profile_update', 'password_change']);
  });

  it('needs a session', async () => {
    expect((await server.call(endpoints.myActivity)).status).toBe(401);
  });
});
