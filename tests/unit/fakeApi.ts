/**
 * A stand-in for the network edge: `fetch` is replaced by a table of answers keyed by method and
 * path (any case), and every request is recorded with its headers, query and body. Nothing above
 * fetch is mocked, so the API client's own code runs.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { vi } from 'vitest';
import { messageForCode } from '../../src/i18n/errorMessage.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** An answer: a response, a thrown network error, or a function of the request giving either. */
export type Answer = Response | Error | ((request: RecordedRequest) => Response | Error | Promise<Response | Error>);

export function envelope(data: unknown, status = 200, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ isSuccess: true, data, errorData: null, message: '' }), {
    status,
    headers: { 'Content-Type': 'application/json', ...extraHeaders },
  });
}

let serverI18n: Promise<{ fa: I18n; en: I18n }> | undefined;

/** The catalogues, loaded on the first failure that needs them (most tests never do). */
async function loadServerI18n(): Promise<{ fa: I18n; en: I18n }> {
  const [fa, en] = await Promise.all([import('../../locales/fa/messages.po'), import('../../locales/en/messages.po')]);
  return { fa: setupI18n({ locale: 'fa', messages: { fa: fa.messages } }), en: setupI18n({ locale: 'en', messages: { en: en.messages } }) };
}

/** What our server says for a code: the catalogue's words in the language the request asked for. */
async function serverWords(code: number, request: RecordedRequest): Promise<string> {
  const words = await (serverI18n ??= loadServerI18n());
  return messageForCode(request.headers.get('Accept-Language') === 'en' ? words.en : words.fa, code);
}

/**
 * A failure envelope. Without a message it says what our server would: the code's catalogue words
 * in the request's language; a message given is the server's own text (decision 025).
 */
export function failure(status: number, code: number, message?: string, extraHeaders: Record<string, string> = {}): Answer {
  const answer = (text: string) =>
    new Response(JSON.stringify({ isSuccess: false, data: null, errorData: { code, message: text }, message: text }), {
      status,
      headers: { 'Content-Type': 'application/json', ...extraHeaders },
    });
  return message === undefined ? async (request) => answer(await serverWords(code, request)) : answer(message);
}

export interface FakeApi {
  requests: RecordedRequest[];
  /** Answers `method path` from now on (a list is answered in turn, the last one repeating). */
  on: (method: string, path: string, ...answers: Answer[]) => void;
  callsTo: (method: string, path: string) => RecordedRequest[];
  /** True when `method path` has an answer set. */
  answers: (method: string, path: string) => boolean;
}

function keyOf(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.toLowerCase()}`;
}

async function readBody(init: RequestInit | undefined): Promise<unknown> {
  const body = init?.body;
  if (typeof body !== 'string') return body ?? null;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Installs the fake `fetch`; unknown paths answer 404 with code 9101. */
export function fakeApi(): FakeApi {
  const table = new Map<string, Answer[]>();
  const requests: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.origin);
    const request: RecordedRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: await readBody(init),
    };
    requests.push(request);
    if (init?.signal?.aborted) throw init.signal.reason;
    const answers = table.get(keyOf(request.method, request.path));
    const answer = answers ? (answers.length > 1 ? answers.shift()! : answers[0]!) : failure(404, 9101);
    // Like the real fetch, give up as soon as the call's signal aborts (a timeout, a navigation).
    const aborted = new Promise<never>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true }),
    );
    const result = await Promise.race([typeof answer === 'function' ? answer(request) : answer, aborted]);
    if (result instanceof Error) throw result;
    return result.clone();
  });
  return {
    requests,
    on: (method, path, ...answers) => table.set(keyOf(method, path), answers),
    callsTo: (method, path) => requests.filter((r) => keyOf(r.method, r.path) === keyOf(method, path)),
    answers: (method, path) => table.has(keyOf(method, path)),
  };
}
