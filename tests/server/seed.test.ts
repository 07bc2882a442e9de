import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { CurrentUser } from '../../src/contract/profile.ts';
import { passwordProblem } from '../../server/auth/passwords.ts';
import { demoAccount, seedDemoAccount } from '../../server/seed.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the demo account', () => {
  it('is created once, and seeding again changes nothing', async () => {
    const first = await seedDemoAccount(server.db, server.clock);
    const second = await seedDemoAccount(server.db, server.clock);
    expect(first).toEqual({ ...demoAccount, created: true });
    expect(second).toEqual({ ...demoAccount, created: false });
    const rows = await server.db.query('SELECT id FROM users WHERE lower(username) = $1', [demoAccount.username]);
    expect(rows).toHaveLength(1);
  });

  it('has a strong password and a complete profile with a verified number', async () => {
    expect(passwordProblem(demoAccount.password)).toBeNull();
    await seedDemoAccount(server.db, server.clock);
    const { access_token } = await server.login(demoAccount.username, demoAccount.password);
    const me = await server.call<CurrentUser>(endpoints.getCurrentUser, { token: access_token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ mobileNumber: demoAccount.mobile, mobileVerified: true, completeness: 93, city: 'تهران' });
  });

  it('can log in with a code sent to its number', async () => {
    await seedDemoAccount(server.db, server.clock);
    const code = await server.sendCode(demoAccount.mobile);
    const answer = await server.call(endpoints.loginByMobile, {
      body: { UserName: demoAccount.username, Mobile: demoAccount.mobile, Code: code, ServiceName: 'pishkhan' },
    });
    expect(answer.status).toBe(200);
  });
});
