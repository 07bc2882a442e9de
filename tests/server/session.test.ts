import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { endpoints } from '../../src/contract/endpoints.ts';
import { requireSession } from '../../server/auth/session.ts';
import { keysOf } from '../../server/auth/keys.ts';
import { signAccessToken } from '../../server/auth/tokens.ts';
import { respelledSignature, startTestServer, TEST_JWT_SECRET, type TestAccount, type TestServer } from './harness.ts';

let server: TestServer;
let account: TestAccount;
const whoami = { method: 'GET', path: '/api/test/whoami' };

beforeAll(async () => {
  server = await startTestServer({
    register(app) {
      app.get(whoami.path, { preHandler: requireSession }, async (request) => request.session);
    },
  });
  account = await server.createAccount();
});
afterAll(() => server.close());

/**
 * Asks both ways a route can check the caller — GetCurrectUser's one-query check and the
 * requireSession preHandler — and insists they agree.
 */
async function me(token?: string, headers?: Record<string, string>) {
  const options = { ...(token ? { token } : {}), ...(headers ? { headers } : {}) };
  const [profile, preHandler] = await Promise.all([server.call(endpoints.getCurrentUser, options), server.call(whoami, options)]);
  expect(profile.status).toBe(preHandler.status);
  return profile;
}

const secretKey = new Uint8Array(keysOf(TEST_JWT_SECRET).accessToken);

function claimsOf(token: string): { sub: string; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
}

/** A token like the server's, with some part changed. */
function forged(changes: { alg?: string; aud?: string; iss?: string; typ?: string; key?: Uint8Array }) {
  const { sub, sid } = claimsOf(account.tokens.access_token);
  const now = Math.floor(server.clock.now() / 1000);
  return new SignJWT({ sid, typ: changes.typ ?? 'access' })
    .setProtectedHeader({ alg: changes.alg ?? 'HS256' })
    .setSubject(sub)
    .setAudience(changes.aud ?? 'pishkhan')
    .setIssuer(changes.iss ?? 'pishkhan')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(changes.key ?? secretKey);
}

describe('requireSession', () => {
  it('sets request.session to the user, the session and the username', async () => {
    const answer = await server.call(whoami, { token: account.tokens.access_token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      userId: account.userId,
      sessionId: claimsOf(account.tokens.access_token).sid,
      username: account.username,
    });
  });

  it('accepts a token the harness signs the way the server does', async () => {
    const { sub, sid } = claimsOf(account.tokens.access_token);
    const token = signAccessToken(
      { key: keysOf(TEST_JWT_SECRET).accessToken, audience: 'pishkhan' },
      { userId: sub, sessionId: sid },
      server.clock.now(),
    );
    expect((await me(token)).status).toBe(200);
  });

  it('answers 401 with the envelope when there is no bearer token', async () => {
    const answer = await me();
    expect(answer.status).toBe(401);
    expect(answer.body.isSuccess).toBe(false);
    expect(answer.body.errorData?.code).toBeTypeOf('number');
  });

  it('refuses other authorization schemes and malformed headers', async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'bearer not.a.jwt', `Token ${account.tokens.access_token}`]) {
      expect((await me(undefined, { authorization })).status).toBe(401);
    }
  });

  it('refuses a refresh token presented as a bearer token', async () => {
    expect((await me(account.tokens.refresh_token)).status).toBe(401);
  });

  it('refuses a token for another audience', async () => {
    expect((await me(await forged({ aud: 'another-service' }))).status).toBe(401);
  });

  it('refuses a token from another issuer', async () => {
    expect((await me(await forged({ iss: 'someone-else' }))).status).toBe(401);
  });

  it('refuses a token whose type is not access', async () => {
    expect((await me(await forged({ typ: 'refresh' }))).status).toBe(401);
  });

  it('refuses an algorithm outside the allow-list, even with the right key', async () => {
    expect((await me(await forged({ alg: 'HS512' }))).status).toBe(401);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const { sub, sid } = claimsOf(account.tokens.access_token);
    const now = Math.floor(server.clock.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub, sid, typ: 'access', aud: 'pishkhan', iss: 'pishkhan', iat: now, exp: now + 600 })}.`;
    expect((await me(token)).status).toBe(401);
  });

  it('refuses a header naming another algorithm or critical extensions, even under a valid HS256 signature', async () => {
    const { sub, sid } = claimsOf(account.tokens.access_token);
    const now = Math.floor(server.clock.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const body = part({ sub, sid, typ: 'access', aud: 'pishkhan', iss: 'pishkhan', iat: now, exp: now + 600 });
    for (const header of [{ alg: 'none' }, { alg: 'HS512' }, { alg: 'HS256', crit: ['b64'] }, { alg: 'HS256', typ: 'at+jwt' }]) {
      const input = `${part(header)}.${body}`;
      const signature = createHmac('sha256', keysOf(TEST_JWT_SECRET).accessToken).update(input).digest('base64url');
      expect((await me(`${input}.${signature}`)).status).toBe(401);
    }
  });

  it('refuses its own token with the signature spelled another way (the same bytes): only the text it issued is accepted', async () => {
    const { access_token } = await server.login(account.username, account.password);
    expect((await me(respelledSignature(access_token))).status).toBe(401);
    expect((await me(access_token)).status).toBe(200);
  });

  it('refuses a token signed with another key', async () => {
    expect((await me(await forged({ key: new TextEncoder().encode('another-secret-another-secret-another-secret') }))).status).toBe(401);
  });

  it('refuses a token signed with the configured secret itself: tokens have a key of their own', async () => {
    expect((await me(await forged({ key: new TextEncoder().encode(TEST_JWT_SECRET) }))).status).toBe(401);
  });

  it('accepts an access token for ten minutes and refuses it after', async () => {
    const { access_token } = await server.login(account.username, account.password);
    server.clock.advance(10 * 60 * 1000 - 1000);
    expect((await me(access_token)).status).toBe(200);
    server.clock.advance(1000);
    expect((await me(access_token)).status).toBe(401);
  });
});
