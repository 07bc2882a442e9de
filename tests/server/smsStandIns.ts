/**
 * Stand-ins of two Iranian SMS providers' verification APIs, on a loopback port, written from
 * their public documentation: the edge of the world, and the only thing mocked. Each checks what
 * the real one checks first (the key, the number, the template, the credit) and answers with that
 * provider's own error codes and shapes, so a sender is tested against the provider's contract.
 *
 * - Kavenegar: POST /v1/{API-KEY}/verify/lookup.json, form body `receptor`, `template`, `token`;
 *   errors answer `{ return: { status, message } }` with the code as HTTP status.
 * - SMS.ir: POST /v1/send/verify, header X-API-KEY, JSON `{ mobile, templateId, parameters }`;
 *   `{ status, message, data }`, status 1 is sent.
 * - Free text, for notifications (decision 047): Kavenegar's POST /v1/{API-KEY}/sms/send.json
 *   (`receptor`, `message`, optional `sender`) and SMS.ir's POST /v1/send/bulk (`lineNumber`,
 *   `messageText`, `mobiles`), with the same key, number and credit checks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivered {
  mobile: string;
  /** The template, or '' for free text. */
  template: string;
  /** The line free text was sent from ('' when the account's default). */
  line?: string;
  /** The text the provider would deliver: the template with the code in it. */
  text: string;
}

export interface StandIn {
  url: string;
  delivered: Delivered[];
  /** Messages the account can still pay for. */
  credit: number;
  /** When set, the next request gets no answer at all (a provider that hangs). */
  hang: boolean;
  close(): Promise<void>;
}

export interface StandInAccount {
  apiKey: string;
  /** Template name (Kavenegar) or id (SMS.ir) → its text, with `%token%` or `#Code#` where the code goes. */
  templates: Record<string, string>;
  credit?: number;
}

const IRAN_MOBILE = /^(?:0|98|\+98)?9\d{9}$/;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

async function start(
  handle: (request: IncomingMessage, body: string, standIn: StandIn) => { status: number; body: unknown },
): Promise<StandIn> {
  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    if (standIn.hang) return;
    const answer = handle(request, body, standIn);
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer.body));
  });
  const standIn: StandIn = {
    url: '',
    delivered: [],
    credit: 0,
    hang: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

/** Kavenegar's verify/lookup, with the error codes of its documentation's table. */
export async function kavenegarStandIn(account: StandInAccount): Promise<StandIn> {
  const fail = (status: number, message: string) => ({ status, body: { return: { status, message }, entries: null } });
  const standIn = await start((request, body, self) => {
    const match = /^\/v1\/([^/]+)\/(verify\/lookup|sms\/send)\.json$/.exec(new URL(request.url ?? '/', 'http://x').pathname);
    if (!match) return fail(404, 'متد نامشخص است');
    if (request.method !== 'POST' && request.method !== 'GET') return fail(405, 'متد Get/Post اشتباه است');
    if (decodeURIComponent(match[1]!) !== account.apiKey) return fail(403, 'کد شناسائی API-Key معتبر نمی‌باشد');
    const form = new URLSearchParams(body);
    if (match[2] === 'sms/send') {
      const receptor = form.get('receptor') ?? '';
      const message = form.get('message') ?? '';
      if (!receptor || !message) return fail(400, 'پارامترها ناقص هستند');
      if (!IRAN_MOBILE.test(receptor)) return fail(411, 'دریافت کننده نامعتبر است');
      if (self.credit <= 0) return fail(418, 'اعتبار حساب شما کافی نیست');
      self.credit -= 1;
      self.delivered.push({ mobile: receptor, template: '', line: form.get('sender') ?? '', text: message });
      const entry = {
        messageid: self.delivered.length,
        message,
        status: 1,
        statustext: 'در صف ارسال',
        sender: form.get('sender') ?? '10008663',
        receptor,
        date: 0,
        cost: 120,
      };
      return { status: 200, body: { return: { status: 200, message: 'تایید شد' }, entries: [entry] } };
    }
    const receptor = form.get('receptor') ?? '';
    const template = form.get('template') ?? '';
    const token = form.get('token') ?? '';
    if (!receptor || !template || !token) return fail(400, 'پارامترها ناقص هستند');
    if (!IRAN_MOBILE.test(receptor)) return fail(411, 'دریافت کننده نامعتبر است');
    const text = account.templates[template];
    if (text === undefined) return fail(424, 'الگوی مورد نظر پیدا نشد');
    // A token carries no spaces and at most 100 characters.
    if (/\s/.test(token) || token.length > 100) return fail(431, 'ساختار کد صحیح نمی‌باشد');
    if (self.credit <= 0) return fail(418, 'اعتبار حساب شما کافی نیست');
    self.credit -= 1;
    self.delivered.push({ mobile: receptor, template, text: text.replace('%token%', token) });
    const entry = {
      messageid: self.delivered.length,
      message: text.replace('%token%', token),
      status: 5,
      statustext: 'ارسال به مخابرات',
      sender: '10008663',
      receptor,
      date: 0,
      cost: 120,
    };
    return { status: 200, body: { return: { status: 200, message: 'تایید شد' }, entries: [entry] } };
  });
  standIn.credit = account.credit ?? 100;
  return standIn;
}

/** SMS.ir's send/verify, with the status codes of its documentation's table. */
export async function smsIrStandIn(account: StandInAccount): Promise<StandIn> {
  const fail = (httpStatus: number, status: number, message: string) => ({ status: httpStatus, body: { status, message, data: null } });
  const standIn = await start((request, body, self) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if ((path !== '/v1/send/verify' && path !== '/v1/send/bulk') || request.method !== 'POST') return fail(404, 0, 'مسیر یافت نشد');
    if (request.headers['x-api-key'] !== account.apiKey) return fail(401, 10, 'کلید وب سرویس نامعتبر است');
    let json: {
      mobile?: unknown;
      templateId?: unknown;
      parameters?: unknown;
      lineNumber?: unknown;
      messageText?: unknown;
      mobiles?: unknown;
    };
    try {
      json = JSON.parse(body);
    } catch {
      return fail(400, 0, 'درخواست نامعتبر است');
    }
    if (path === '/v1/send/bulk') {
      const mobiles = Array.isArray(json.mobiles) ? json.mobiles : [];
      if (!mobiles.length || !mobiles.every((m) => typeof m === 'string' && IRAN_MOBILE.test(m)))
        return fail(400, 104, 'درخواست شما دارای موبایل(های) نادرست است');
      if (typeof json.lineNumber !== 'number' || typeof json.messageText !== 'string' || !json.messageText)
        return fail(400, 0, 'درخواست نامعتبر است');
      if (self.credit < mobiles.length) return fail(400, 102, 'اعتبار کافی نمی‌باشد');
      self.credit -= mobiles.length;
      for (const mobile of mobiles as string[])
        self.delivered.push({ mobile, template: '', line: String(json.lineNumber), text: json.messageText });
      return {
        status: 200,
        body: { status: 1, message: 'موفق', data: { packId: 'p-1', messageIds: mobiles.map((_, i) => i + 1), cost: mobiles.length } },
      };
    }
    const mobile = typeof json.mobile === 'string' ? json.mobile : '';
    if (!IRAN_MOBILE.test(mobile)) return fail(400, 104, 'درخواست شما دارای موبایل(های) نادرست است');
    const text = typeof json.templateId === 'number' ? account.templates[String(json.templateId)] : undefined;
    if (text === undefined) return fail(400, 113, 'قالب یافت نشد');
    const parameters = Array.isArray(json.parameters) ? (json.parameters as { name?: unknown; value?: unknown }[]) : [];
    let filled = text;
    for (const name of [...text.matchAll(/#(\w+)#/g)].map((m) => m[1]!)) {
      const value = parameters.find((p) => p.name === name)?.value;
      if (typeof value !== 'string' || value === '') return fail(400, 116, 'نام یک یا چند پارامتر مقداردهی نشده‌است');
      if (value.length > 25) return fail(400, 114, 'طول رشته مقدار پارامتر، بیش از حد مجاز (25 کاراکتر) می‌باشد');
      filled = filled.replace(`#${name}#`, value);
    }
    if (self.credit <= 0) return fail(400, 102, 'اعتبار کافی نمی‌باشد');
    self.credit -= 1;
    self.delivered.push({ mobile, template: String(json.templateId), text: filled });
    return { status: 200, body: { status: 1, message: 'موفق', data: { messageId: self.delivered.length, cost: 1.0 } } };
  });
  standIn.credit = account.credit ?? 100;
  return standIn;
}
