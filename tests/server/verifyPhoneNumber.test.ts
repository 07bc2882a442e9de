import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { CurrentUser } from '../../src/contract/profile.ts';
import { startTestServer, uniqueMobile, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const verify = (token: string, mobile: unknown, code: unknown) =>
  server.call(endpoints.verifyPhoneNumber, { token, body: { mobile, code } });
const me = (token: string) => server.call<CurrentUser>(endpoints.getCurrentUser, { token });

describe('POST /api/Profile/VerifyPhoneNumber', () => {
  it('sets a new number on the profile as verified, with the verify code sent to it', async () => {
    const { tokens } = await server.createAccount();
    const mobile = uniqueMobile();
    const code = await server.sendCode(mobile, { purpose: 'verify', token: tokens.access_token });
    const answer = await verify(tokens.access_token, mobile, code);
    expect(answer.status).toBe(200);
    expect((await me(tokens.access_token)).body.data).toMatchObject({ mobileNumber: mobile, mobileVerified: true });
  });

  it('verifies the number already on the profile', async () => {
    const { tokens, mobile } = await server.createAccount({ verifyMobile: false });
    expect((await me(tokens.access_token)).body.data?.mobileVerified).toBe(false);
    const code = await server.sendCode(mobile!, { purpose: 'verify', token: tokens.access_token });
    expect((await verify(tokens.access_token, mobile, code)).status).toBe(200);
    expect((await me(tokens.access_token)).body.data?.mobileVerified).toBe(true);
  });

  it('answers 112 for a wrong code and 111 once it has expired', async () => {
    const { tokens } = await server.createAccount();
    const mobile = uniqueMobile();
    const code = await server.sendCode(mobile, { purpose: 'verify', token: tokens.access_token });
    expect((await verify(tokens.access_token, mobile, code === '999999' ? '111111' : '999999')).body.errorData?.code).toBe(112);
    server.clock.advance(2 * 60_000);
    expect((await verify(tokens.access_token, mobile, code)).body.errorData?.code).toBe(111);
  });

  it('does not accept a code another person asked for', async () => {
    const asker = await server.createAccount();
    const other = await server.createAccount();
    const mobile = uniqueMobile();
    const code = await server.sendCode(mobile, { purpose: 'verify', token: asker.tokens.access_token });
    expect((await verify(other.tokens.access_token, mobile, code)).body.errorData?.code).toBe(111);
  });

  it('does not accept a login code', async () => {
    const { tokens, mobile } = await server.createAccount();
    const code = await server.sendCode(mobile!, { purpose: 'login' });
    expect((await verify(tokens.access_token, mobile, code)).body.errorData?.code).toBe(111);
  });

  it('answers 9107 for a number another account holds only to whoever gives the code sent to it, and 122 for a malformed one', async () => {
    const holder = await server.createAccount();
    const { tokens } = await server.createAccount();
    expect((await verify(tokens.access_token, holder.mobile, '123456')).body.errorData?.code).toBe(111);
    const code = await server.sendCode(holder.mobile!, { purpose: 'verify', token: tokens.access_token });
    expect((await verify(tokens.access_token, holder.mobile, code === '123456' ? '123457' : '123456')).body.errorData?.code).toBe(112);
    expect((await verify(tokens.access_token, holder.mobile, code)).body.errorData?.code).toBe(9107);
    expect((await verify(tokens.access_token, '0912', '123456')).body.errorData?.code).toBe(122);
  });

  it('needs a session', async () => {
    expect((await server.call(endpoints.verifyPhoneNumber, { body: { mobile: uniqueMobile(), code: '123456' } })).status).toBe(401);
  });
});
