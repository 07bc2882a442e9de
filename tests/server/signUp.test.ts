import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { LoginData } from '../../src/contract/envelope.ts';
import { startTestServer, strongPassword, uniqueUsername, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signUp = (username: unknown, password: unknown = strongPassword, serviceName: unknown = 'pishkhan') =>
  server.call<LoginData>(endpoints.signUp, { body: { username, password, serviceName } });

describe('POST /api/Account/SignUp', () => {
  it('creates the account and logs it in, with tokens as login gives', async () => {
    const username = uniqueUsername();
    const answer = await signUp(username);
    expect(answer.status).toBe(201);
    expect(answer.body.isSuccess).toBe(true);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { access_token, refresh_token } = answer.body.data!;
    expect(refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Signed in, but the registration profile is still missing.
    const me = await server.call(endpoints.getCurrentUser, { token: access_token });
    expect(me.status).toBe(400);
    expect(me.body.errorData?.code).toBe(101);
    expect((await server.login(username, strongPassword)).access_token).toBeTruthy();
  });

  it('stores an argon2id hash with its parameters, never the password', async () => {
    const username = uniqueUsername();
    await signUp(username);
    const [row] = await server.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE username = $1', [username]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row!.password_hash).not.toContain(strongPassword);
  });

  it('answers 103 when the username exists, whatever its case', async () => {
    const username = uniqueUsername();
    expect((await signUp(username)).status).toBe(201);
    for (const again of [username, username.toUpperCase()]) {
      const answer = await signUp(again);
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(103);
    }
  });

  it('answers 101 for another service name', async () => {
    const answer = await signUp(uniqueUsername(), strongPassword, 'not-pishkhan');
    expect(answer.body.errorData?.code).toBe(101);
  });

  it('refuses short, overlong and common passwords with 9401', async () => {
    for (const password of ['Ab-12cd', 'x'.repeat(129), 'password', 'Qwertyuiop', '12345678']) {
      const answer = await signUp(uniqueUsername(), password);
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(9401);
    }
  });

  it('accepts a 64-character password', async () => {
    expect((await signUp(uniqueUsername(), 'long-passphrase-'.repeat(4))).status).toBe(201);
  });

  it('refuses usernames that are not 3–32 Latin letters, digits, dot, dash or underscore', async () => {
    for (const username of ['ab', '1abc', 'has space', 'نام‌کاربری', 'a'.repeat(33), 'bad\u0000name']) {
      const answer = await signUp(username);
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(9401);
    }
  });
});
