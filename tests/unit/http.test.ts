import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, TIMEOUT_MESSAGE } from '../../src/api/ApiError.ts';
import { apiCall, httpSettings } from '../../src/api/http.ts';
import { startSession } from '../../src/app/startSession.ts';
import { paths } from '../../src/contract/routes.ts';
import { describeError } from '../../src/i18n/describeError.ts';
import { activateLocale } from '../../src/i18n/locale.ts';
import { storeLogin, storePanelCode } from '../../src/session/session.ts';
import { envelope, failure, fakeApi, type FakeApi } from './fakeApi.ts';

let api: FakeApi;
const defaults = { ...httpSettings };

function signIn() {
  storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, 'sara', 'password');
}

beforeEach(async () => {
  api = fakeApi();
  await activateLocale('fa');
});

afterEach(() => {
  Object.assign(httpSettings, defaults);
  vi.useRealTimers();
});

describe('every call', () => {
  it('carries the bearer token, the panel code without its quotes, and the language', async () => {
    signIn();
    storePanelCode('ACME01');
    api.on('GET', '/api/x', envelope({ ok: 1 }));
    api.on('POST', '/api/y', envelope(null));
    await apiCall('GET', '/api/x');
    await apiCall('POST', '/api/y', { body: { a: 1 } });
    for (const request of api.requests) {
      expect(request.headers.get('Authorization')).toBe('Bearer access-1');
      expect(request.headers.get('X-Panel-Code')).toBe('ACME01');
      expect(request.headers.get('Accept-Language')).toBe('fa');
    }
    expect(api.requests[1]!.body).toEqual({ a: 1 });
  });

  it('sends GET parameters in the query string', async () => {
    api.on('GET', '/api/Dev/GetUserByUsername', envelope(null));
    await apiCall('GET', '/api/Dev/GetUserByUsername', { query: { username: 'sara ahmadi', page: 2 } });
    expect(api.requests[0]!.query.get('username')).toBe('sara ahmadi');
    expect(api.requests[0]!.query.get('page')).toBe('2');
  });

  it('sends no bearer when there is no session', async () => {
    api.on('GET', '/api/x', envelope(null));
    await apiCall('GET', '/api/x');
    expect(api.requests[0]!.headers.get('Authorization')).toBeNull();
  });

  it('times out with the spec’s message', async () => {
    httpSettings.timeoutMs = 20;
    httpSettings.readRetries = 0;
    api.on('GET', '/api/slow', () => new Promise<Response>(() => {}));
    const error = await apiCall('GET', '/api/slow').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('timeout');
    expect((error as ApiError).message).toBe(TIMEOUT_MESSAGE);
    expect(TIMEOUT_MESSAGE).toBe('The operation was aborted due to timeout');
    await activateLocale('en');
    expect(describeError(i18n, error)).toBe('The operation was aborted due to timeout');
  });
});

describe('retries', () => {
  it('retries a read a bounded number of times, waiting longer each time, on network errors', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.on('GET', '/api/x', new TypeError('Failed to fetch'));
    const outcome = apiCall('GET', '/api/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(httpSettings.retryBaseDelayMs - 1);
    expect(api.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2 * httpSettings.retryBaseDelayMs - 1);
    expect(api.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.requests).toHaveLength(1 + httpSettings.readRetries);
    const error = (await outcome) as ApiError;
    expect(error.kind).toBe('network');
  });

  it('retries a read on 502, 503 and 504, and answers once the server recovers', async () => {
    httpSettings.retryBaseDelayMs = 1;
    api.on('GET', '/api/x', failure(502, 9402), failure(503, 9402), envelope({ fine: true }));
    expect((await apiCall('GET', '/api/x')).data).toEqual({ fine: true });
    expect(api.requests).toHaveLength(3);
    api.on('GET', '/api/z', failure(504, 9402), envelope(1));
    expect((await apiCall('GET', '/api/z')).data).toBe(1);
  });

  it('does not retry a read the server refused (400, 404, 500)', async () => {
    httpSettings.retryBaseDelayMs = 1;
    for (const status of [400, 404, 500]) {
      api.on('GET', `/api/${status}`, failure(status, 9401));
      await expect(apiCall('GET', `/api/${status}`)).rejects.toMatchObject({ status });
      expect(api.callsTo('GET', `/api/${status}`)).toHaveLength(1);
    }
  });

  it('never retries a write', async () => {
    httpSettings.retryBaseDelayMs = 1;
    api.on('POST', '/api/w', failure(503, 9402));
    api.on('PUT', '/api/w', new TypeError('Failed to fetch'));
    api.on('DELETE', '/api/w', failure(502, 9402));
    await expect(apiCall('POST', '/api/w')).rejects.toMatchObject({ status: 503 });
    await expect(apiCall('PUT', '/api/w')).rejects.toMatchObject({ kind: 'network' });
    await expect(apiCall('DELETE', '/api/w')).rejects.toMatchObject({ status: 502 });
    expect(api.requests).toHaveLength(3);
  });
});

describe('failures', () => {
  it('carries the catalogue code and the Retry-After of the answer', async () => {
    api.on('POST', '/api/Account/SendVerifiedCode', failure(429, 9403, undefined, { 'Retry-After': '42' }));
    await expect(apiCall('POST', '/api/Account/SendVerifiedCode', {}, false)).rejects.toMatchObject({
      code: 9403,
      status: 429,
      retryAfterSeconds: 42,
    });
  });

  it('clears every cookie and goes to /auth/login on a 401 of an authenticated call', async () => {
    const stop = startSession();
    window.history.replaceState(null, '', paths.user.profile);
    signIn();
    storePanelCode('ACME01');
    document.cookie = 'unrelated=1; Path=/';
    api.on('GET', '/api/Profile/GetCurrectUser', failure(401, 9401));
    await expect(apiCall('GET', '/api/Profile/GetCurrectUser')).rejects.toMatchObject({ status: 401 });
    expect(document.cookie).toBe('');
    expect(location.pathname).toBe(paths.auth.login);
    stop();
  });

  it('leaves the session alone on a 401 of a call made without a token (a failed login)', async () => {
    const stop = startSession();
    window.history.replaceState(null, '', paths.auth.login);
    document.cookie = 'keep=1; Path=/';
    api.on('POST', '/api/account/login', failure(401, 100));
    await expect(apiCall('POST', '/api/account/login', { body: {} }, false)).rejects.toMatchObject({ code: 100 });
    expect(document.cookie).toBe('keep=1');
    stop();
  });
});
