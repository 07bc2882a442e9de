/**
 * The one way to the API (spec section 7): one base address; bearer `Authorization` and
 * `X-Panel-Code` on every call; GET sends query parameters; every call times out; reads are retried
 * a few times with backoff on network errors and 502/503/504, writes never; a 401 on an
 * authenticated call ends the session.
 */
import { ofetch, type FetchResponse } from 'ofetch';
import { isEnvelope, type Envelope } from '../contract/envelope.ts';
import { PANEL_HEADER } from '../contract/service.ts';
import { readSession } from '../session/session.ts';
import { ApiError, TIMEOUT_MESSAGE } from './ApiError.ts';
import { httpHooks } from './httpHooks.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Query = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export const httpSettings = {
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  timeoutMs: 15_000,
  readRetries: 2,
  retryBaseDelayMs: 400,
};

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

export { configureHttp } from './httpHooks.ts';

const client = ofetch.create({ retry: 0, ignoreResponseError: true });

/** The headers of an API call (bearer, panel, language): also for the live stream, which is read by hand. */
export function headersFor(authenticated: boolean): Record<string, string> {
  const session = readSession();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (authenticated && session.token) headers.Authorization = `Bearer ${session.token}`;
  if (session.panelCode) headers[PANEL_HEADER] = session.panelCode;
  const lang = document.documentElement.lang;
  if (lang) headers['Accept-Language'] = lang;
  return headers;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function once(method: Method, path: string, options: CallOptions, authenticated: boolean): Promise<FetchResponse<unknown>> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? httpSettings.timeoutMs);
  // ofetch ignores its own `timeout` when a signal is given, so the two are combined here.
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await client.raw(path, {
      baseURL: httpSettings.baseUrl || undefined,
      method,
      headers: headersFor(authenticated),
      ...(method === 'GET' ? { query: options.query } : { body: options.body as Record<string, unknown>, query: options.query }),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError('timeout', TIMEOUT_MESSAGE);
    if (options.signal?.aborted) throw error;
    throw new ApiError('network', error instanceof Error ? error.message : String(error));
  }
}

function toError(response: FetchResponse<unknown>, lang: string | undefined): ApiError {
  const body = response._data;
  const envelope = isEnvelope(body) ? body : undefined;
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(
    'http',
    envelope?.errorData?.message || envelope?.message || response.statusText || `HTTP ${response.status}`,
    response.status,
    envelope?.errorData?.code,
    envelope,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    lang,
  );
}

/**
 * Calls the API and answers its envelope, or throws an ApiError. Authenticated unless told
 * otherwise: the bearer goes along whenever a token exists.
 */
export async function apiCall<T>(method: Method, path: string, options: CallOptions = {}, authenticated = true): Promise<Envelope<T>> {
  // Offline, say so at once (the "could not be reached" text) instead of waiting out timeouts and retries.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError('network', 'The device is offline');
  const withToken = authenticated && Boolean(readSession().token);
  const askedLanguage = document.documentElement.lang || undefined;
  if (withToken) await httpHooks.beforeAuthenticatedCall();
  const attempts = method === 'GET' ? 1 + httpSettings.readRetries : 1;
  for (let attempt = 1; ; attempt++) {
    let response: FetchResponse<unknown>;
    try {
      response = await once(method, path, options, withToken);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'network' && attempt < attempts) {
        await sleep(httpSettings.retryBaseDelayMs * 2 ** (attempt - 1));
        continue;
      }
      throw error;
    }
    if (response.ok) {
      const body = response._data;
      return (isEnvelope(body) ? body : { isSuccess: true, data: body, errorData: null, message: '' }) as Envelope<T>;
    }
    if (RETRYABLE_STATUSES.has(response.status) && attempt < attempts) {
      await sleep(httpSettings.retryBaseDelayMs * 2 ** (attempt - 1));
      continue;
    }
    if (response.status === 401 && withToken) httpHooks.onUnauthorized();
    throw toError(response, askedLanguage);
  }
}

/** Calls the API and answers the envelope's `data`. */
export async function apiData<T>(method: Method, path: string, options?: CallOptions, authenticated?: boolean): Promise<T> {
  return (await apiCall<T>(method, path, options, authenticated)).data as T;
}

/**
 * A call whose body or answer is a file rather than JSON (a panel backup): the same session,
 * headers and errors as `apiCall`, no retries and no timeout (a large file takes its time).
 */
export async function apiFile(method: Method, path: string, body?: Blob, contentType?: string): Promise<Response> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError('network', 'The device is offline');
  const withToken = Boolean(readSession().token);
  if (withToken) await httpHooks.beforeAuthenticatedCall();
  const headers = headersFor(withToken);
  if (contentType) headers['Content-Type'] = contentType;
  let response: Response;
  try {
    response = await fetch(`${httpSettings.baseUrl}${path}`, { method, headers, ...(body ? { body } : {}) });
  } catch (error) {
    throw new ApiError('network', error instanceof Error ? error.message : String(error));
  }
  if (response.ok) return response;
  const answer: unknown = await response.json().catch(() => undefined);
  const envelope = isEnvelope(answer) ? answer : undefined;
  if (response.status === 401 && withToken) httpHooks.onUnauthorized();
  throw new ApiError(
    'http',
    envelope?.errorData?.message || envelope?.message || response.statusText || `HTTP ${response.status}`,
    response.status,
    envelope?.errorData?.code,
    envelope,
  );
}
