import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { LoginData } from '../../src/contract/envelope.ts';
import { startTestServer, uniqueUsername, type TestAccount, type TestServer } from './harness.ts';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.close());

const login = (body: unknown) => server.call<LoginData>(endpoints.login, { body });

describe('POST /api/account/login', () => {
  it('answers an access token and an opaque refresh token for the right password', async () => {
    const answer = await login({ username: account.username, password: account.password, serviceName: 'pishkhan' });
    expect(answer.status).toBe(200);
    expect(answer.body.isSuccess).toBe(true);
    expect(answer.body.errorData).toBeNull();
    const { access_token, refresh_token } = answer.body.data!;
    expect(decodeProtectedHeader(access_token).alg).toBe('HS256');
    const claims = decodeJwt(access_token);
    expect(claims).toMatchObject({ sub: account.userId, typ: 'access', aud: 'pishkhan', iss: 'pishkhan' });
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('stores the refresh token only as a hash', async () => {
    const { refresh_token } = await server.login(account.username, account.password);
    const rows = await server.db.query<{ token_hash: Uint8Array }>('SELECT token_hash FROM refresh_tokens');
    const stored = rows.map((r) => Buffer.from(r.token_hash).toString('base64url'));
    expect(stored).not.toContain(refresh_token);
    expect(rows.every((r) => r.token_hash.length === 32)).toBe(true);
  });

  it('matches the username whatever its case', async () => {
    const answer = await login({ username: account.username.toUpperCase(), password: account.password, serviceName: 'pishkhan' });
    expect(answer.status).toBe(200);
  });

  it('gives 100 for a wrong password and for an unknown user alike', async () => {
    const wrongPassword = await login({ username: account.username, password: 'not-the-password', serviceName: 'pishkhan' });
    const unknownUser = await login({ username: uniqueUsername('ghost'), password: account.password, serviceName: 'pishkhan' });
    for (const answer of [wrongPassword, unknownUser]) {
      expect(answer.status).toBe(400);
      expect(answer.body.isSuccess).toBe(false);
      expect(answer.body.errorData?.code).toBe(100);
    }
    expect(unknownUser.body).toEqual(wrongPassword.body);
  });

  it('gives 101 for another service name', async () => {
    const answer = await login({ username: account.username, password: account.password, serviceName: 'another-service' });
    expect(answer.status).toBe(400);
    expect(answer.body.errorData?.code).toBe(101);
  });

  it('gives 9401 when a field is missing or of the wrong type', async () => {
    for (const body of [
      { username: account.username, password: account.password },
      { username: 42, password: account.password, serviceName: 'pishkhan' },
      { username: [account.username], password: account.password, serviceName: 'pishkhan' },
      { username: account.username, password: { $ne: '' }, serviceName: 'pishkhan' },
      [account.username, account.password],
    ]) {
      const answer = await login(body);
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(9401);
    }
  });

  it('accepts a form body as well as JSON', async () => {
    const answer = await server.call(endpoints.login, {
      payload: new URLSearchParams({ username: account.username, password: account.password, serviceName: 'pishkhan' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(200);
  });
});
