/**
 * Iranian SMS providers' verification APIs: a code goes out through a template the operator has
 * registered and the provider has approved (an OTP template is delivered on a fast path, also to
 * numbers that block advertising), never as free text. Each sender is written from the provider's
 * public documentation and tested against a stand-in of its HTTP API (tests/server/smsStandIns.ts).
 *
 * - Kavenegar, "verify/lookup": POST https://api.kavenegar.com/v1/{API-KEY}/verify/lookup.json with
 *   a form body `receptor`, `template`, `token` (the code). 200 with `return.status` 200 is sent;
 *   anything else answers `{ return: { status, message } }` with the error code as HTTP status
 *   (e.g. 403 a wrong key, 411 a wrong number, 418 no credit, 424 no such template).
 * - SMS.ir, "send/verify": POST https://api.sms.ir/v1/send/verify with header `X-API-KEY` and JSON
 *   `{ mobile, templateId, parameters: [{ name, value }] }`. `status` 1 is sent; any other status
 *   is an error code (e.g. 10 a wrong key, 102 no credit, 104 a wrong number, 113 no such template).
 *
 * - Notifications (decision 047) go as free text: Kavenegar's "sms/send" (`receptor`, `message`,
 *   `sender` when a line is configured) and SMS.ir's "send/bulk" (`lineNumber`, `messageText`,
 *   `mobiles`; only with a line configured), answering and failing as above.
 *
 * A failure throws an SmsGatewayError carrying the provider's code and words: what the operator
 * needs, and never the code that was being sent nor the API key (Kavenegar's key is in its URL,
 * so the URL is never part of an error).
 */
import type { SmsProviderConfig } from '../config.ts';
import type { SmsMessage, SmsSender, SmsText } from './sms.ts';

export class SmsGatewayError extends Error {
  override name = 'SmsGatewayError';
  constructor(
    readonly provider: SmsProviderConfig['kind'],
    /** The provider's own error code (or the HTTP status when the answer carried none). */
    readonly providerCode: number | null,
    readonly providerMessage: string,
  ) {
    super(`${provider} refused the message${providerCode === null ? '' : ` with code ${providerCode}`}: ${providerMessage}`);
  }
}

const TIMEOUT_MS = 10_000;

/** The provider's answer as JSON, or null when it is not JSON (a proxy's error page). */
async function answerOf(response: Response): Promise<Record<string, unknown> | null> {
  const text = await response.text();
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Network failures say what failed, without the address (Kavenegar's carries the key). */
async function post(provider: SmsProviderConfig['kind'], url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const why =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'the provider could not be reached';
    throw new SmsGatewayError(provider, null, why);
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 300) : '');
const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

export function kavenegarSender(provider: SmsProviderConfig, timeoutMs = TIMEOUT_MS): SmsSender {
  async function call(method: string, body: URLSearchParams): Promise<void> {
    const url = `${provider.baseUrl}/v1/${encodeURIComponent(provider.apiKey)}/${method}`;
    const response = await post('kavenegar', url, { method: 'POST', headers: { accept: 'application/json' }, body }, timeoutMs);
    const answer = await answerOf(response);
    const result = answer?.return as Record<string, unknown> | undefined;
    const status = numberOf(result?.status);
    if (response.ok && status === 200) return;
    throw new SmsGatewayError('kavenegar', status ?? response.status, text(result?.message) || `HTTP ${response.status}`);
  }
  return {
    send: (message: SmsMessage) =>
      call(
        'verify/lookup.json',
        new URLSearchParams({ receptor: message.mobile, template: provider.templates[message.purpose], token: message.code }),
      ),
    // A notification (decision 047): "sms/send", free text from the account's default line or the one configured.
    sendText: (message: SmsText) =>
      call(
        'sms/send.json',
        new URLSearchParams({
          receptor: message.mobile,
          message: message.text,
          ...(provider.textLine ? { sender: provider.textLine } : {}),
        }),
      ),
  };
}

export function smsIrSender(provider: SmsProviderConfig, timeoutMs = TIMEOUT_MS): SmsSender {
  async function call(path: string, json: unknown): Promise<void> {
    const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': provider.apiKey };
    const response = await post('smsir', `${provider.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(json) }, timeoutMs);
    const answer = await answerOf(response);
    const status = numberOf(answer?.status);
    if (response.ok && status === 1) return;
    throw new SmsGatewayError('smsir', status ?? response.status, text(answer?.message) || `HTTP ${response.status}`);
  }
  const line = provider.textLine;
  return {
    send: (message: SmsMessage) =>
      call('/v1/send/verify', {
        mobile: message.mobile,
        templateId: Number(provider.templates[message.purpose]),
        parameters: [{ name: provider.codeParameter, value: message.code }],
      }),
    // A notification (decision 047): "send/bulk", free text from the configured line; none, no texting.
    ...(line
      ? {
          sendText: (message: SmsText) =>
            call('/v1/send/bulk', { lineNumber: Number(line), messageText: message.text, mobiles: [message.mobile] }),
        }
      : {}),
  };
}

export function providerSender(provider: SmsProviderConfig, timeoutMs?: number): SmsSender {
  return provider.kind === 'kavenegar' ? kavenegarSender(provider, timeoutMs) : smsIrSender(provider, timeoutMs);
}
