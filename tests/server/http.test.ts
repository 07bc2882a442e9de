import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { isEnvelope } from '../../src/contract/envelope.ts';
import { allowConsole } from './console.ts';
import { allowServerErrors } from './serverErrors.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let server: TestServer;
let account: TestAccount;
const boom = { method: 'GET', path: '/api/test/boom' };

beforeAll(async () => {
  server = await startTestServer({
    config: { bodyLimit: 4096 },
    register(app) {
      app.get(boom.path, async () => {
        throw new Error('secret internals at /srv/app/db.ts:42');
      });
    },
  });
  account = await server.createAccount();
});
afterAll(() => server.close());

const loginBody = () => ({ username: account.username, password: account.password, serviceName: 'pishkhan' });

describe('the API edge', () => {
  it('answers 413 with the envelope for a body over the limit', async () => {
    const answer = await server.call(endpoints.login, { body: { ...loginBody(), padding: 'x'.repeat(8192) } });
    expect(answer.status).toBe(413);
    expect(answer.body.errorData?.code).toBe(9401);
  });

  it('answers 400 with 9401 for malformed JSON', async () => {
    const answer = await server.call(endpoints.login, {
      payload: '{"username": "demo", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errorData?.code).toBe(9401);
  });

  it('answers 9401 for JSON that is not an object', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const answer = await server.call(endpoints.login, { payload, headers: { 'content-type': 'application/json' } });
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(9401);
    }
  });

  it('answers a 4xx envelope for a content type it does not read', async () => {
    const answer = await server.call(endpoints.login, { payload: '<login/>', headers: { 'content-type': 'application/xml' } });
    expect(answer.status).toBe(415);
    expect(answer.body.errorData?.code).toBe(9401);
    const text = await server.call(endpoints.login, { payload: 'username=demo', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect(text.body.errorData?.code).toBe(9401);
  });

  it('refuses prototype-poisoning JSON with 9401', async () => {
    const answer = await server.call(endpoints.login, {
      payload: '{"__proto__": {"admin": true}, "username": "a", "password": "b", "serviceName": "pishkhan"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
  });

  it('answers 9401 for a field longer than any honest value, and for NUL characters', async () => {
    expect((await server.call(endpoints.login, { body: { ...loginBody(), username: 'u'.repeat(1000) } })).body.errorData?.code).toBe(9401);
    expect((await server.call(endpoints.login, { body: { ...loginBody(), username: 'de\u0000mo' } })).body.errorData?.code).toBe(9401);
  });

  it('matches paths whatever their case, with or without a trailing slash', async () => {
    for (const path of ['/API/ACCOUNT/LOGIN', '/api/Account/Login', '/api/account/login/']) {
      expect((await server.call({ method: 'POST', path }, { body: loginBody() })).status).toBe(200);
    }
  });

  it('answers 404 with the envelope for an unknown API path or method', async () => {
    for (const endpoint of [
      { method: 'GET', path: '/api/Nothing/Here' },
      { method: 'DELETE', path: endpoints.login.path },
    ]) {
      const answer = await server.call(endpoint);
      expect(answer.status).toBe(404);
      expect(isEnvelope(answer.body)).toBe(true);
      expect(answer.body.isSuccess).toBe(false);
    }
  });

  it('speaks Persian by default and English when Accept-Language asks for it', async () => {
    const body = { ...loginBody(), password: 'wrong-password' };
    const fa = await server.call(endpoints.login, { body });
    const en = await server.call(endpoints.login, { body, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    const faFirst = await server.call(endpoints.login, { body, headers: { 'accept-language': 'fa-IR,en;q=0.5' } });
    expect(fa.body.errorData?.message).toMatch(/[\u0600-\u06FF]/);
    expect(en.body.errorData?.message).toMatch(/^[\x20-\x7E]+$/);
    expect(en.body.message).toBe(en.body.errorData?.message);
    expect(faFirst.body.errorData?.message).toBe(fa.body.errorData?.message);
  });

  it('answers 500 with 9102 (retrieving failed, for a GET) and no details when something breaks inside', async () => {
    const logged = allowConsole('error');
    allowServerErrors();
    const answer = await server.call(boom);
    expect(answer.status).toBe(500);
    expect(answer.body.errorData?.code).toBe(9102);
    expect(JSON.stringify(answer.body)).not.toMatch(/secret|internals|\.ts|stack/);
    expect(logged.texts.join('\n')).toContain('secret internals');
  });

  it('marks every API answer no-store, since answers can carry tokens', async () => {
    for (const endpoint of [endpoints.login, endpoints.refreshToken, { method: 'GET', path: '/api/health' }]) {
      const answer = await server.call(endpoint, { body: endpoint.method === 'GET' ? undefined : {} });
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('marks API answers no-store however the path is spelled: doubled slashes, percent-encoding, dot segments', async () => {
    const account = await server.createAccount();
    const login = { username: account.username, password: account.password, serviceName: 'pishkhan' };
    for (const path of [
      '//api/account/login',
      '/%61pi/account/login',
      '/%41PI/account//login',
      '/x/../api/account/login',
      '/api/./account/login',
    ]) {
      const answer = await server.app.inject({ method: 'POST', url: path, payload: login });
      if (answer.statusCode === 200) expect(answer.json().data.access_token, path).toBeTruthy();
      expect(answer.headers['cache-control'], `${path} answered ${answer.statusCode}`).toBe('no-store');
    }
  });
});
